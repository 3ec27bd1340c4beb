// The EVM deposit keys of the tests: the account private key behind the devnet's public Ethereum key
// (m/44'/60'/0' of the public BIP39 test mnemonic), and a Signer that, like the signer process (ADR
// 0049), signs a sweep with the deposit key of its index only when it pays the hot wallet.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type { Signer } from '../../adapter.ts';
import { ChainError } from '../../errors.ts';
import { EvmKeySigner, type EvmKeySignerOptions } from '../key-signer.ts';

export const EDR_DEPOSIT_XPRV = HDKey.fromMasterSeed(
  mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
).derive("m/44'/60'/0'").privateExtendedKey;

/** The hot key's signer, which also signs sweeps of deposit addresses into it. */
export function sweepingEvmSigner(options: EvmKeySignerOptions): Signer {
  const hot = new EvmKeySigner(options);
  const external = HDKey.fromExtendedKey(EDR_DEPOSIT_XPRV).deriveChild(0);
  return {
    addressFor: (network) => hot.addressFor(network),
    async sign(transaction) {
      if (transaction.depositIndex === undefined) return hot.sign(transaction);
      if (transaction.to.toLowerCase() !== hot.addressFor(transaction.network).toLowerCase()) {
        throw new ChainError('transaction_signature_is_invalid', 'A sweep pays only the hot wallet');
      }
      const key = external.deriveChild(transaction.depositIndex).privateKey as Uint8Array;
      const deposit = new EvmKeySigner({ ...options, privateKey: Buffer.from(key).toString('hex') });
      return deposit.sign(transaction);
    },
  };
}

// Keys of the regtest tests: public test material, worthless on every real network.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { WIF } from '@scure/btc-signer';
import { DEVNET_DEPOSIT_CONFIGS } from '../../devnet/dev-keys.ts';
import { utxoParams } from '../params.ts';

export const REGTEST_LTC = utxoParams('ltc', 'regtest');

/** The hot wallet key of the regtest tests (WIF, regtest version). */
export const REGTEST_HOT_KEY = WIF(REGTEST_LTC.signer).encode(sha256(utf8ToBytes('rora regtest hot wallet')));

/** The devnet's public Litecoin account key; on regtest its addresses read `rltc1…`. */
export const REGTEST_LTC_XPUB = (() => {
  const config = DEVNET_DEPOSIT_CONFIGS.ltc;
  if (config?.scheme !== 'hd') throw new Error('The devnet has no Litecoin account key');
  return config.xpub;
})();

/** The account private key behind REGTEST_LTC_XPUB (m/84'/2'/0', zprv), the sweeps' deposit keys. */
export const REGTEST_LTC_DEPOSIT_XPRV = HDKey.fromMasterSeed(
  mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
  { private: 0x04b2430c, public: 0x04b24746 },
).derive("m/84'/2'/0'").privateExtendedKey;

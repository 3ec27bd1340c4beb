import { mnemonicToSeedSync } from '@scure/bip39';
import { DEVNET_DEPOSIT_CONFIGS, DEVNET_HOT_WALLETS, createAddressDeriver } from '@rora/chains';
import { describe, expect, it } from 'vitest';
import { deriveDevConfig, slip10Ed25519 } from './derive-xpubs.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeedSync(MNEMONIC);

describe('derive-xpubs', () => {
  const config = deriveDevConfig(seed, 256);

  it('reproduces the devnet defaults from the public test mnemonic', () => {
    expect(DEVNET_DEPOSIT_CONFIGS).toEqual({
      btc: { scheme: 'hd', xpub: config.deposit.btc },
      ltc: { scheme: 'hd', xpub: config.deposit.ltc },
      eth: { scheme: 'hd', xpub: config.deposit.eth },
      bsc: { scheme: 'hd', xpub: config.deposit.bsc },
      xrp: { scheme: 'tagged', address: config.deposit.xrpOmnibus },
      sol: { scheme: 'pool', addresses: config.deposit.solPool },
    });
    expect(DEVNET_HOT_WALLETS).toEqual(config.hotWallets);
  });

  it("derives the well-known Solana address of the test mnemonic at m/44'/501'/0'/0'", () => {
    expect(config.deposit.solPool[0]).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });

  it('derives SLIP-10 ed25519 keys from the SLIP-10 test vector 1 seed', () => {
    // SLIP-0010 test vector 1 for ed25519, chain m/0'.
    const vectorSeed = Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'));
    expect(Buffer.from(slip10Ed25519(vectorSeed, [0])).toString('hex')).toBe(
      '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
    );
  });

  it('derives the BIP84 test vector account key for Bitcoin', () => {
    const deriver = createAddressDeriver('btc', { scheme: 'hd', xpub: config.deposit.btc });
    expect(deriver.derive('btc', 0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });
});

import { ed25519 } from '@noble/curves/ed25519.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { solanaAddressFromPublicKey } from '../codecs/solana.ts';
import { isChainError } from '../errors.ts';
import { chainsOnDevnetKeys, usesDevnetKeys } from './dev-keys-check.ts';
import { DEVNET_DEPOSIT_CONFIGS, DEVNET_HOT_WALLETS } from './dev-keys.ts';

const PUBLIC_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const OPERATOR_SEED = Uint8Array.from({ length: 32 }, (_unused, index) => index + 7);
const account = (seed: Uint8Array, path: string) => HDKey.fromMasterSeed(seed).derive(path).publicExtendedKey;
const operatorSol = (index: number) =>
  solanaAddressFromPublicKey(ed25519.getPublicKey(OPERATOR_SEED.map((byte) => byte ^ index)));

describe('devnet key check', () => {
  it('recognises every devnet deposit configuration as public test material', () => {
    expect(chainsOnDevnetKeys(DEVNET_DEPOSIT_CONFIGS).sort()).toEqual(['bsc', 'btc', 'eth', 'ltc', 'sol', 'xrp']);
  });

  it('recognises the devnet Bitcoin key written as an xpub instead of its zpub', () => {
    const xpub = account(mnemonicToSeedSync(PUBLIC_MNEMONIC), "m/84'/0'/0'");
    expect(usesDevnetKeys('btc', { scheme: 'hd', xpub })).toBe(true);
  });

  it('recognises a Solana pool or an XRP omnibus that reuses a devnet address', () => {
    const devnetSol = DEVNET_DEPOSIT_CONFIGS.sol;
    if (devnetSol?.scheme !== 'pool') throw new Error('the devnet Solana configuration is a pool');
    const mixed = [operatorSol(1), devnetSol.addresses[200]!];
    expect(usesDevnetKeys('sol', { scheme: 'pool', addresses: mixed })).toBe(true);
    expect(usesDevnetKeys('sol', { scheme: 'pool', addresses: [DEVNET_HOT_WALLETS.sol] })).toBe(true);
    expect(usesDevnetKeys('xrp', { scheme: 'tagged', address: DEVNET_HOT_WALLETS.xrp, firstTag: 5 })).toBe(true);
  });

  it("accepts an operator's own keys", () => {
    const configs = {
      btc: { scheme: 'hd', xpub: account(OPERATOR_SEED, "m/84'/0'/0'") },
      eth: { scheme: 'hd', xpub: account(OPERATOR_SEED, "m/44'/60'/0'") },
      xrp: { scheme: 'tagged', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
      sol: { scheme: 'pool', addresses: [operatorSol(1), operatorSol(2)] },
    } as const;
    expect(chainsOnDevnetKeys(configs)).toEqual([]);
  });

  it('throws the configuration error of a key that is not valid', () => {
    const run = () => usesDevnetKeys('eth', { scheme: 'hd', xpub: 'xpub-not-a-key' });
    expect(run).toThrow();
    try {
      run();
    } catch (error) {
      expect(isChainError(error) && error.code).toBe('extended_key_is_invalid');
    }
  });
});

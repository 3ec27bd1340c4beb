import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { p2wpkh, NETWORK as BTC_SIGNER_BITCOIN } from '@scure/btc-signer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAddressDeriver, createAddressDerivers, DEFAULT_FIRST_DESTINATION_TAG } from './derive.ts';
import { isChainError } from './errors.ts';
import { parseAccountKey } from './extended-key.ts';
import { validateAddress } from './validate.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
// BIP84's published account-0 key and first addresses for the mnemonic above.
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const XPUB = { public: 0x0488b21e, private: 0x0488ade4 };
const ZPUB = { public: 0x04b24746, private: 0x04b2430c };
// Litecoin's parameters for @scure/btc-signer, the independent second computation of LTC addresses.
const LTC_SIGNER_NETWORK = { ...BTC_SIGNER_BITCOIN, bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };

let seed: Uint8Array;
const accountKey = (path: string, versions = XPUB): HDKey => HDKey.fromMasterSeed(seed, versions).derive(path);

beforeAll(() => {
  seed = mnemonicToSeedSync(MNEMONIC);
});

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isChainError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe('BIP84 Bitcoin deposit addresses', () => {
  it('derives the published BIP84 receive addresses from the published zpub', () => {
    const deriver = createAddressDeriver('btc', { scheme: 'hd', xpub: BIP84_ZPUB });
    expect(deriver.derive('btc', 0)).toEqual({
      network: 'btc',
      index: 0,
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      path: "m/84'/0'/0'/0/0",
    });
    expect(deriver.derive('btc', 1).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('derives the same zpub from the test mnemonic at m/84h/0h/0h', () => {
    expect(accountKey("m/84'/0'/0'", ZPUB).publicExtendedKey).toBe(BIP84_ZPUB);
  });

  it('accepts the same account key serialised as an xpub', () => {
    const xpub = accountKey("m/84'/0'/0'").publicExtendedKey;
    expect(createAddressDeriver('btc', { scheme: 'hd', xpub }).derive('btc', 0).address).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });
});

describe('BIP44 Ethereum and BNB Smart Chain deposit addresses', () => {
  it("derives the well-known m/44'/60'/0'/0/i addresses with their EIP-55 checksum", () => {
    const xpub = accountKey("m/44'/60'/0'").publicExtendedKey;
    const eth = createAddressDeriver('eth', { scheme: 'hd', xpub });
    expect(eth.derive('eth', 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(eth.derive('eth', 1).address).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
    expect(eth.derive('usdt-erc20', 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(createAddressDeriver('bsc', { scheme: 'hd', xpub }).derive('bsc', 0).address).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });

  it('refuses a network of another chain', () => {
    const eth = createAddressDeriver('eth', { scheme: 'hd', xpub: accountKey("m/44'/60'/0'").publicExtendedKey });
    expect(codeOf(() => eth.derive('btc', 0))).toBe('network_is_unknown');
  });
});

describe('BIP84 Litecoin deposit addresses', () => {
  it('matches @scure/btc-signer with Litecoin parameters for the first addresses', () => {
    const account = accountKey("m/84'/2'/0'", ZPUB);
    const deriver = createAddressDeriver('ltc', { scheme: 'hd', xpub: account.publicExtendedKey });
    for (const index of [0, 1, 2, 1000]) {
      const publicKey = account.deriveChild(0).deriveChild(index).publicKey as Uint8Array;
      const expected = p2wpkh(publicKey, LTC_SIGNER_NETWORK).address;
      expect(deriver.derive('ltc', index).address).toBe(expected);
    }
    expect(deriver.derive('ltc', 0)).toMatchObject({
      address: 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh',
      path: "m/84'/2'/0'/0/0",
    });
  });

  it('derives addresses that validate as Litecoin and not as Bitcoin', () => {
    const xpub = accountKey("m/84'/2'/0'", ZPUB).publicExtendedKey;
    const { address } = createAddressDeriver('ltc', { scheme: 'hd', xpub }).derive('ltc', 7);
    expect(validateAddress('ltc', address).ok).toBe(true);
    expect(validateAddress('btc', address).ok).toBe(false);
  });
});

describe('extended key configuration', () => {
  it('refuses a private key without quoting it', () => {
    const xprv = accountKey("m/84'/0'/0'", ZPUB).privateExtendedKey;
    let message = '';
    try {
      parseAccountKey('btc', xprv);
    } catch (error) {
      expect(isChainError(error) && error.code).toBe('extended_key_must_be_public');
      message = (error as Error).message;
    }
    expect(message).toContain('private');
    expect(message).not.toContain(xprv.slice(4, 20));
  });

  it('refuses keys of the test network, of another script type, or at the wrong depth', () => {
    const tpub = HDKey.fromMasterSeed(seed, { public: 0x043587cf, private: 0x04358394 }).derive("m/84'/1'/0'");
    const ypub = HDKey.fromMasterSeed(seed, { public: 0x049d7cb2, private: 0x049d7878 }).derive("m/49'/0'/0'");
    expect(codeOf(() => parseAccountKey('btc', tpub.publicExtendedKey))).toBe('extended_key_is_for_another_network');
    expect(codeOf(() => parseAccountKey('btc', ypub.publicExtendedKey))).toBe('extended_key_is_for_another_network');
    expect(codeOf(() => parseAccountKey('eth', BIP84_ZPUB))).toBe('extended_key_is_for_another_network');
    const depth4 = accountKey("m/44'/60'/0'/0").publicExtendedKey;
    expect(codeOf(() => parseAccountKey('eth', depth4))).toBe('extended_key_must_be_account_level');
  });

  it('refuses a key whose checksum is broken', () => {
    // One character away from the BIP84 zpub: Base58Check catches the change.
    const typo = BIP84_ZPUB.slice(0, 60) + (BIP84_ZPUB[60] === 'a' ? 'b' : 'a') + BIP84_ZPUB.slice(61);
    expect(codeOf(() => parseAccountKey('btc', typo))).toBe('extended_key_is_invalid');
    expect(codeOf(() => parseAccountKey('btc', 'not a key'))).toBe('extended_key_is_invalid');
  });

  it('refuses a missing configuration or one of the wrong scheme', () => {
    expect(codeOf(() => createAddressDeriver('btc', undefined))).toBe('deposit_config_is_missing');
    expect(codeOf(() => createAddressDeriver('xrp', { scheme: 'hd', xpub: BIP84_ZPUB }))).toBe(
      'deposit_config_is_invalid',
    );
    expect(codeOf(() => createAddressDerivers({ btc: { scheme: 'pool', addresses: [] } }))).toBe(
      'deposit_config_is_invalid',
    );
  });

  it('refuses indexes outside the non-hardened range', () => {
    const deriver = createAddressDeriver('btc', { scheme: 'hd', xpub: BIP84_ZPUB });
    expect(codeOf(() => deriver.derive('btc', -1))).toBe('address_index_is_out_of_range');
    expect(codeOf(() => deriver.derive('btc', 2 ** 31))).toBe('address_index_is_out_of_range');
    expect(codeOf(() => deriver.derive('btc', 1.5))).toBe('address_index_is_out_of_range');
  });
});

describe('XRP omnibus address with destination tags', () => {
  const omnibus = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

  it('gives every customer the omnibus address and their own tag', () => {
    const deriver = createAddressDeriver('xrp', { scheme: 'tagged', address: omnibus });
    expect(deriver.derive('xrp', 0)).toEqual({
      network: 'xrp',
      index: 0,
      address: omnibus,
      destinationTag: DEFAULT_FIRST_DESTINATION_TAG,
    });
    expect(deriver.derive('xrp', 41).destinationTag).toBe(DEFAULT_FIRST_DESTINATION_TAG + 41);
  });

  it('stops before the tag would pass 2^32 - 1', () => {
    const deriver = createAddressDeriver('xrp', { scheme: 'tagged', address: omnibus, firstTag: 4294967290 });
    expect(deriver.derive('xrp', 5).destinationTag).toBe(4294967295);
    expect(codeOf(() => deriver.derive('xrp', 6))).toBe('address_index_is_out_of_range');
  });

  it('refuses an omnibus address that is not a classic mainnet address', () => {
    const xAddress = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
    expect(codeOf(() => createAddressDeriver('xrp', { scheme: 'tagged', address: xAddress }))).toBe(
      'deposit_config_is_invalid',
    );
  });
});

describe('Solana address pool', () => {
  const pool = ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', 'Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb'];

  it('hands out the configured addresses in order and says when it runs out', () => {
    const deriver = createAddressDeriver('sol', { scheme: 'pool', addresses: pool });
    expect(deriver.derive('sol', 1)).toEqual({ network: 'sol', index: 1, address: pool[1] });
    expect(codeOf(() => deriver.derive('sol', 2))).toBe('address_pool_is_exhausted');
  });

  it('refuses a pool with a repeated or invalid address', () => {
    expect(codeOf(() => createAddressDeriver('sol', { scheme: 'pool', addresses: [pool[0]!, pool[0]!] }))).toBe(
      'address_pool_is_invalid',
    );
    expect(
      codeOf(() => createAddressDeriver('sol', { scheme: 'pool', addresses: ['11111111111111111111111111111111'] })),
    ).toBe('address_pool_is_invalid');
  });
});

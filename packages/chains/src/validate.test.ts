import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, base58 } from '@scure/base';
import { encodeXAddress, decodeAccountID } from 'ripple-address-codec';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from './codecs/evm.ts';
import { isChainError } from './errors.ts';
import { NETWORK_IDS, type NetworkId } from './networks.ts';
import { assertValidAddress, detectAddress, validateAddress } from './validate.ts';

const base58check = createBase58check(sha256);
const legacy = (version: number, fill: number): string =>
  base58check.encode(Uint8Array.from([version, ...new Array<number>(20).fill(fill)]));

/** Replaces one character (not the first) so the checksum no longer matches. */
function typo(address: string, at: number, alphabet: string): string {
  const current = address[at] as string;
  const replacement = alphabet.split('').find((char) => char !== current) as string;
  return address.slice(0, at) + replacement + address.slice(at + 1);
}

const BTC = {
  p2wpkh: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  p2wpkhUpper: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
  p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  taproot: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  p2pkh: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  testnetBech32: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  testnetLegacy: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
};
const LTC = {
  p2wpkh: 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh',
  p2pkh: legacy(0x30, 7),
  p2sh: legacy(0x32, 7),
};
const DOGE = legacy(0x1e, 7);
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const SOL = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';

/** A 32-byte value that is not a point of ed25519: the shape of a program-derived address. */
function offCurveAddress(): string {
  for (let i = 0; ; i += 1) {
    const bytes = sha256(Uint8Array.of(i));
    try {
      ed25519.Point.fromBytes(bytes);
    } catch {
      return base58.encode(bytes);
    }
  }
}

describe('EIP-55', () => {
  it('reproduces every checksum vector of the EIP', () => {
    const vectors = [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ];
    for (const vector of vectors.slice(4)) expect(toChecksumAddress(vector.toLowerCase())).toBe(vector);
    // The all-caps and all-lowercase vectors are their own checksum form (EIP-55's edge cases).
    expect(toChecksumAddress(vectors[0]!)).toBe(vectors[0]);
    expect(toChecksumAddress(vectors[2]!)).toBe(vectors[2]);
    for (const vector of vectors) expect(validateAddress('eth', vector).ok).toBe(true);
  });

  it('accepts all-lowercase and all-uppercase addresses and answers with the checksummed form', () => {
    expect(validateAddress('eth', ETH.toLowerCase())).toEqual({ ok: true, network: 'eth', address: ETH });
    expect(validateAddress('bsc', `0x${ETH.slice(2).toUpperCase()}`)).toEqual({
      ok: true,
      network: 'bsc',
      address: ETH,
    });
  });
});

type Expectation = true | 'address_is_not_valid_for_network' | 'address_checksum_is_invalid';

const TABLE: readonly [NetworkId, string, Expectation][] = [
  ['btc', BTC.p2wpkh, true],
  ['btc', BTC.p2wpkhUpper, true],
  ['btc', BTC.p2wsh, true],
  ['btc', BTC.taproot, true],
  ['btc', BTC.p2pkh, true],
  ['btc', BTC.p2sh, true],
  ['btc', BTC.testnetBech32, 'address_is_not_valid_for_network'],
  ['btc', BTC.testnetLegacy, 'address_is_not_valid_for_network'],
  ['btc', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'address_is_not_valid_for_network'],
  ['btc', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'address_is_not_valid_for_network'],
  ['btc', typo(BTC.p2wpkh, 20, 'qpzry9x8'), 'address_checksum_is_invalid'],
  ['btc', typo(BTC.p2pkh, 10, 'abcdef'), 'address_checksum_is_invalid'],
  ['btc', LTC.p2wpkh, 'address_is_not_valid_for_network'],
  ['btc', ETH, 'address_is_not_valid_for_network'],
  ['ltc', LTC.p2wpkh, true],
  ['ltc', LTC.p2pkh, true],
  ['ltc', LTC.p2sh, true],
  ['ltc', BTC.p2sh, 'address_is_not_valid_for_network'],
  ['ltc', BTC.p2wpkh, 'address_is_not_valid_for_network'],
  ['ltc', DOGE, 'address_is_not_valid_for_network'],
  ['ltc', typo(LTC.p2wpkh, 15, 'qpzry9x8'), 'address_checksum_is_invalid'],
  ['eth', ETH, true],
  ['eth', typo(ETH, 5, 'Aa'), 'address_checksum_is_invalid'],
  ['eth', `0x${'0'.repeat(40)}`, 'address_is_not_valid_for_network'],
  ['eth', ETH.slice(0, 41), 'address_is_not_valid_for_network'],
  ['eth', ETH.slice(2), 'address_is_not_valid_for_network'],
  ['eth', BTC.p2wpkh, 'address_is_not_valid_for_network'],
  ['usdt-erc20', ETH, true],
  ['usdt-erc20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'address_is_not_valid_for_network'],
  ['usdt-erc20', '0xdac17f958d2ee523a2206206994597c13d831ec7', 'address_is_not_valid_for_network'],
  ['adx-erc20', ETH, true],
  ['adx-erc20', '0xADE00C28244d5CE17D72E40330B1c318cD12B7c3', 'address_is_not_valid_for_network'],
  ['busd-erc20', ETH.toLowerCase(), true],
  ['busd-erc20', BTC.p2wpkh, 'address_is_not_valid_for_network'],
  ['bsc', ETH, true],
  ['bsc', XRP, 'address_is_not_valid_for_network'],
  ['xrp', XRP, true],
  ['xrp', typo(XRP, 10, 'abcdef'), 'address_checksum_is_invalid'],
  ['xrp', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp', 'address_is_not_valid_for_network'],
  ['xrp', 'rrrrrrrrrrrrrrrrrrrrBZbvji', 'address_is_not_valid_for_network'],
  ['xrp', encodeXAddress(decodeAccountID(XRP), 7, true), 'address_is_not_valid_for_network'],
  ['xrp', SOL, 'address_is_not_valid_for_network'],
  ['sol', SOL, true],
  ['sol', '11111111111111111111111111111111', 'address_is_not_valid_for_network'],
  ['sol', offCurveAddress(), 'address_is_not_valid_for_network'],
  ['sol', SOL.slice(0, 40), 'address_is_not_valid_for_network'],
  ['sol', BTC.p2pkh, 'address_is_not_valid_for_network'],
  ['sol', ETH, 'address_is_not_valid_for_network'],
];

describe('validateAddress', () => {
  it.each(TABLE)('%s %s -> %s', (network, address, expected) => {
    const result = validateAddress(network, address);
    if (expected === true) expect(result).toMatchObject({ ok: true, network });
    else expect(result).toMatchObject({ ok: false, network, code: expected });
  });

  it('names the chain a wrong-chain address belongs to', () => {
    expect(validateAddress('btc', ETH)).toMatchObject({
      ok: false,
      message: 'This is an address for Ethereum or BNB Smart Chain; it cannot receive BTC on Bitcoin',
    });
    expect(validateAddress('eth', BTC.testnetBech32)).toMatchObject({
      message: 'This is a Bitcoin test network address; it cannot receive ETH on Ethereum',
    });
    expect(validateAddress('ltc', BTC.p2sh)).toMatchObject({ message: expect.stringContaining('Bitcoin') as string });
    expect(validateAddress('btc', 'hello')).toMatchObject({
      message: 'This is not a valid Bitcoin address',
      detected: [],
    });
  });

  it('trims surrounding spaces and refuses anything else that is not an address', () => {
    expect(validateAddress('btc', `  ${BTC.p2wpkh}\n`)).toMatchObject({ ok: true, address: BTC.p2wpkh });
    for (const bad of ['', ' ', `${BTC.p2wpkh} x`, 'x'.repeat(200), 42 as unknown as string]) {
      expect(validateAddress('btc', bad)).toMatchObject({ ok: false, code: 'address_is_not_valid_for_network' });
    }
  });

  it('answers with the canonical form', () => {
    expect(validateAddress('btc', BTC.p2wpkhUpper)).toMatchObject({ address: BTC.p2wpkhUpper.toLowerCase() });
  });

  it('throws network_is_unknown for a network that does not exist', () => {
    expect(() => validateAddress('doge' as NetworkId, DOGE)).toThrow(/Unknown network/);
  });

  it('accepts some valid address on every network (the table covers each)', () => {
    for (const network of NETWORK_IDS) {
      expect(TABLE.some(([id, , expected]) => id === network && expected === true)).toBe(true);
    }
  });
});

describe('destination tags', () => {
  it('reads the tag inside an X-address (XLS-5d vectors)', () => {
    expect(validateAddress('xrp', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu')).toEqual({
      ok: true,
      network: 'xrp',
      address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
      destinationTag: 1,
    });
    expect(validateAddress('xrp', 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi')).toMatchObject({
      address: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
      destinationTag: 4294967295,
    });
    expect(validateAddress('xrp', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ')).toEqual({
      ok: true,
      network: 'xrp',
      address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
    });
  });

  it('requires a tag where the receiving account demands one', () => {
    expect(validateAddress('xrp', XRP, { destinationTagRequired: true })).toMatchObject({
      ok: false,
      code: 'destination_tag_required',
    });
    expect(validateAddress('xrp', XRP, { destinationTagRequired: true, destinationTag: 0 })).toEqual({
      ok: true,
      network: 'xrp',
      address: XRP,
      destinationTag: 0,
    });
    const xAddress = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
    expect(validateAddress('xrp', xAddress, { destinationTagRequired: true }).ok).toBe(true);
  });

  it('refuses a tag out of range, on a chain without tags, or contradicting an X-address', () => {
    for (const tag of [-1, 4294967296, 1.5, Number.NaN]) {
      expect(validateAddress('xrp', XRP, { destinationTag: tag })).toMatchObject({
        code: 'destination_tag_is_invalid',
      });
    }
    expect(validateAddress('btc', BTC.p2wpkh, { destinationTag: 5 })).toMatchObject({
      code: 'destination_tag_is_not_supported',
    });
    const xAddress = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
    expect(validateAddress('xrp', xAddress, { destinationTag: 2 })).toMatchObject({
      code: 'destination_tag_conflicts_with_address',
    });
    expect(validateAddress('xrp', xAddress, { destinationTag: 1 }).ok).toBe(true);
  });
});

describe('detectAddress and assertValidAddress', () => {
  it('lists every chain an address is well formed for', () => {
    expect(detectAddress(ETH).map((entry) => entry.format)).toEqual(['evm']);
    expect(detectAddress(BTC.testnetLegacy)).toContainEqual({ format: 'bitcoin', label: 'Bitcoin', testnet: true });
    expect(detectAddress('nothing')).toEqual([]);
  });

  it('throws a ChainError carrying the rule that failed', () => {
    expect(assertValidAddress('eth', ETH.toLowerCase()).address).toBe(ETH);
    try {
      assertValidAddress('eth', typo(ETH, 5, 'Aa'));
      expect.unreachable();
    } catch (error) {
      expect(isChainError(error) && error.code).toBe('address_checksum_is_invalid');
    }
  });
});

// Ethereum-style addresses (Ethereum, BNB Smart Chain): the last 20 bytes of keccak256 of the
// uncompressed public key, written with the EIP-55 mixed-case checksum.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { CHECKSUM, INVALID, type ParsedAddress } from './parsed.ts';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

/** EIP-55: each letter is upper case when the matching nibble of keccak256(lowercase hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new Error('Not a 20-byte hex address');
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** The checksummed address of a secp256k1 public key, compressed (33 bytes) or not (65 bytes). */
export function evmAddressFromPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  return toChecksumAddress(`0x${bytesToHex(hash.subarray(12))}`);
}

/**
 * All-lowercase and all-uppercase addresses carry no checksum and are accepted; a mixed-case address
 * must match its EIP-55 checksum exactly, or it is a typo.
 */
export function parseEvmAddress(text: string): ParsedAddress {
  if (!HEX_ADDRESS.test(text)) return INVALID;
  const body = text.slice(2);
  const checksummed = toChecksumAddress(text);
  const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixedCase && checksummed !== text) return CHECKSUM;
  if (checksummed.toLowerCase() === ZERO_ADDRESS) {
    return { kind: 'unusable', reason: 'the zero address burns whatever is sent to it' };
  }
  return { kind: 'valid', address: checksummed };
}

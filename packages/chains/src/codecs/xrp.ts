// XRP Ledger addresses: classic `r...` account addresses (Base58Check with the XRP alphabet) and
// X-addresses (XLS-5d), which carry the destination tag inside the address.
import { base58xrp } from '@scure/base';
import { decodeXAddress, encodeAccountID } from 'ripple-address-codec';
import { bytesEqual, CHECKSUM, INVALID, TESTNET, type ParsedAddress } from './parsed.ts';
import { doubleSha256, hash160 } from './bitcoin.ts';

const ACCOUNT_ID_VERSION = 0x00;
const X_ADDRESS_PREFIX_MAIN = [0x05, 0x44];
const X_ADDRESS_PREFIX_TEST = [0x04, 0x93];

/** The classic address of a secp256k1 public key (33 bytes): `r` + Base58Check(0x00 ‖ hash160). */
export function xrpAddressFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 33) throw new Error('XRP account keys are 33 bytes');
  return encodeAccountID(hash160(publicKey));
}

export function parseXrpAddress(text: string): ParsedAddress {
  if (text.startsWith('r')) return parseClassic(text);
  if (text.startsWith('X') || text.startsWith('T')) return parseXAddress(text);
  return INVALID;
}

function decodeChecked(text: string, length: number): { payload: Uint8Array; checksumOk: boolean } | null {
  if (text.length > 60) return null;
  let bytes: Uint8Array;
  try {
    bytes = base58xrp.decode(text);
  } catch {
    return null;
  }
  if (bytes.length !== length + 4) return null;
  const payload = bytes.subarray(0, length);
  return { payload, checksumOk: bytesEqual(doubleSha256(payload).subarray(0, 4), bytes.subarray(length)) };
}

function parseClassic(text: string): ParsedAddress {
  const decoded = decodeChecked(text, 21);
  if (!decoded || decoded.payload[0] !== ACCOUNT_ID_VERSION) return INVALID;
  if (!decoded.checksumOk) return CHECKSUM;
  const accountId = decoded.payload.subarray(1);
  // ACCOUNT_ZERO and ACCOUNT_ONE are special ledger values with no key: a payment there is lost.
  if (accountId.subarray(0, 19).every((byte) => byte === 0) && (accountId[19] ?? 0) <= 1) {
    return { kind: 'unusable', reason: 'it is a special XRP Ledger account that no one controls' };
  }
  return { kind: 'valid', address: text };
}

function parseXAddress(text: string): ParsedAddress {
  const decoded = decodeChecked(text, 31);
  if (!decoded) return INVALID;
  const prefix = [decoded.payload[0], decoded.payload[1]];
  const main = prefix.every((byte, i) => byte === X_ADDRESS_PREFIX_MAIN[i]);
  const test = prefix.every((byte, i) => byte === X_ADDRESS_PREFIX_TEST[i]);
  if (!main && !test) return INVALID;
  if (!decoded.checksumOk) return main ? CHECKSUM : INVALID;
  let parts: { accountId: Uint8Array; tag: number | false; test: boolean };
  try {
    parts = decodeXAddress(text);
  } catch {
    return INVALID;
  }
  if (parts.test) return TESTNET;
  const classic = parseClassic(encodeAccountID(parts.accountId));
  if (classic.kind !== 'valid') return classic;
  return parts.tag === false ? classic : { kind: 'valid', address: classic.address, destinationTag: parts.tag };
}

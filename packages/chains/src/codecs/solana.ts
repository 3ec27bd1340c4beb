// Solana addresses: the Base58 (Bitcoin alphabet) encoding of a 32-byte ed25519 public key. They carry
// no checksum, so a typo is caught only when it leaves the curve or changes the length.
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { INVALID, type ParsedAddress } from './parsed.ts';

export function solanaAddressFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('Solana public keys are 32 bytes');
  return base58.encode(publicKey);
}

export function parseSolanaAddress(text: string): ParsedAddress {
  if (text.length < 32 || text.length > 44) return INVALID;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    return INVALID;
  }
  if (bytes.length !== 32 || base58.encode(bytes) !== text) return INVALID;
  // A program-derived address is off the curve on purpose: it has no private key, and SOL sent to it
  // (instead of to its owner's wallet) cannot be moved by a person.
  let onCurve = false;
  try {
    onCurve = !ed25519.Point.fromBytes(bytes).isSmallOrder();
  } catch {
    onCurve = false;
  }
  if (!onCurve) return { kind: 'unusable', reason: 'it is a program account, not a wallet' };
  return { kind: 'valid', address: text };
}

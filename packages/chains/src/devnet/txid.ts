// Transaction ids in each chain's own shape, so explorer links, validators and logs see realistic
// values: 64 hex for Bitcoin and Litecoin, 0x-prefixed keccak for EVM chains, upper-case hex for the
// XRP Ledger, a Base58 signature for Solana.
import { base58 } from '@scure/base';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { ChainId } from '../networks.ts';

export function txidFor(chain: ChainId, raw: Uint8Array): string {
  switch (chain) {
    case 'btc':
    case 'ltc':
      return bytesToHex(sha256(sha256(raw)).reverse());
    case 'eth':
    case 'bsc':
      return `0x${bytesToHex(keccak_256(raw))}`;
    case 'xrp':
      return bytesToHex(sha512(raw).subarray(0, 32)).toUpperCase();
    case 'sol':
      return base58.encode(sha512(raw));
  }
}

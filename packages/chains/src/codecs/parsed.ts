// What a chain's address parser concludes about a string, before any message is written for a person.

export type ParsedAddress =
  /** A mainnet address of this chain, in canonical form (lowercase bech32, EIP-55 checksummed). */
  | { readonly kind: 'valid'; readonly address: string; readonly destinationTag?: number }
  /** Well formed for this chain's test network. */
  | { readonly kind: 'testnet' }
  /** Shaped like this chain's address, but its checksum does not match: a typo. */
  | { readonly kind: 'checksum' }
  /** A real address that no one can spend from (burn address, program account): funds sent are lost. */
  | { readonly kind: 'unusable'; readonly reason: string }
  | { readonly kind: 'invalid' };

export const INVALID: ParsedAddress = { kind: 'invalid' };
export const TESTNET: ParsedAddress = { kind: 'testnet' };
export const CHECKSUM: ParsedAddress = { kind: 'checksum' };

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

// Hiding who holds what: each customer's balances are split into several leaves with random shares
// of every asset, and all leaves are shuffled over the tree (BitMEX's scheme), so neither a leaf's
// amounts nor its place reveals a customer's balance or which leaves belong together.

/** A uniformly random 32-bit unsigned integer (crypto.getRandomValues in production). */
export type RandomUint32 = () => number;

/** How many leaves each customer's balances are split into. */
export const LEAVES_PER_CUSTOMER = 3;

/**
 * Splits each amount into `parts` random non-negative shares that add up to it exactly: each share
 * takes a random fraction (32 bits) of what the previous ones left, the last takes the rest. Fresh
 * random fractions per asset, so the leaves' ratios do not match across assets.
 */
export function splitAmounts(amounts: readonly bigint[], parts: number, random: RandomUint32): bigint[][] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError('A split needs at least one part');
  const leaves = Array.from({ length: parts }, () => new Array<bigint>(amounts.length).fill(0n));
  amounts.forEach((amount, asset) => {
    if (amount < 0n) throw new RangeError('A customer balance cannot be negative');
    let left = amount;
    for (let part = 0; part < parts - 1 && left > 0n; part += 1) {
      const share = (left * BigInt(random())) >> 32n;
      (leaves[part] as bigint[])[asset] = share;
      left -= share;
    }
    (leaves[parts - 1] as bigint[])[asset] = left;
  });
  return leaves;
}

/** A uniformly random permutation of 0..n-1 (Fisher-Yates, unbiased by rejection sampling). */
export function randomPermutation(n: number, random: RandomUint32): Uint32Array {
  if (!Number.isSafeInteger(n) || n < 0 || n > 0xffff_ffff) throw new RangeError('A permutation size is 0..2^32-1');
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = i;
  for (let i = n - 1; i > 0; i -= 1) {
    const j = uniformBelow(i + 1, random);
    const swap = out[i] as number;
    out[i] = out[j] as number;
    out[j] = swap;
  }
  return out;
}

function uniformBelow(bound: number, random: RandomUint32): number {
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % bound);
  for (;;) {
    const value = random();
    if (value < limit) return value % bound;
  }
}

/** Random 32-bit integers from WebCrypto, drawn 16,384 at a time. */
export function cryptoRandom(): RandomUint32 {
  const buffer = new Uint32Array(16_384);
  let next = buffer.length;
  return () => {
    if (next === buffer.length) {
      globalThis.crypto.getRandomValues(buffer);
      next = 0;
    }
    return buffer[next++] as number;
  };
}

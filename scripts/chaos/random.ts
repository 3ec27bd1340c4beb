// The chaos run's one source of randomness: a seeded generator (mulberry32, 32-bit state), so a seed
// replays the same operations and the same fault points. Nothing in the run calls Math.random.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A random 32-bit seed for a child generator. */
  fork(): Random;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    fork: () => createRandom(Math.floor(next() * 4_294_967_296)),
  };
  return random;
}

/** A seed drawn from the clock when none is given (it is printed, so the run can be replayed). */
export function drawSeed(): number {
  return Date.now() % 2_147_483_647;
}

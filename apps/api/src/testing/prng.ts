// The seeded pseudo-random generator of the runs replayed from a seed: the order commit simulation
// (orders/simulation) and the chaos suite (scripts/chaos). mulberry32: 32 bits of state, fast, and
// good enough to pick interleavings and fault points. The same seed gives the same run, so a failure
// is replayed from its seed alone; nothing in those runs may call Math.random.
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + this.below(max - min + 1);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  /** A generator of its own, seeded from this one (a seed per round, say). */
  fork(): Prng {
    return new Prng(this.below(4294967296));
  }
}

/** A seed drawn from the clock when none is given (it is printed, so the run can be replayed). */
export function drawSeed(): number {
  return Date.now() % 2_147_483_647;
}

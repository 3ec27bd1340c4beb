// The devnet's fee market, one per chain. A base rate moves after every block with demand, the way
// EIP-1559 moves Ethereum's base fee: up to 12.5 % when blocks are full, down when they are empty.
// Estimates read the mempool like a node's fee estimator: the rate that outbids the backlog ahead of
// the target block, never below the base rate. Rates are kept in thousandths of a unit so that small
// rates (1 sat/vB) still move.
import type { FeePriority } from '../adapter.ts';

export interface FeeMarketParams {
  /** Transactions that fit in one block. */
  readonly capacity: number;
  /** Lowest rate the chain relays (min relay fee, minimum base fee). */
  readonly floorRate: bigint;
  readonly initialRate: bigint;
  readonly maxRate: bigint;
}

const MILLI = 1000n;

/** Blocks to inclusion and the minimum multiple of the base rate (in thousandths) per priority. */
export const PRIORITY_TARGETS: Readonly<Record<FeePriority, { blocks: number; baseMultipleMilli: bigint }>> = {
  slow: { blocks: 6, baseMultipleMilli: 1000n },
  normal: { blocks: 3, baseMultipleMilli: 1100n },
  fast: { blocks: 1, baseMultipleMilli: 1250n },
};

export class FeeMarket {
  readonly params: FeeMarketParams;
  #baseMilli: bigint;

  constructor(params: FeeMarketParams) {
    if (params.capacity < 2) throw new Error('A devnet block must fit at least two transactions');
    if (params.floorRate < 1n || params.initialRate < params.floorRate || params.maxRate < params.initialRate) {
      throw new Error('Devnet fee rates must satisfy 1 <= floor <= initial <= max');
    }
    this.params = params;
    this.#baseMilli = params.initialRate * MILLI;
  }

  /** The base rate in thousandths of a unit, as kept (a restart restores it with `restore`). */
  get baseMilli(): bigint {
    return this.#baseMilli;
  }

  restore(baseMilli: bigint): void {
    const floor = this.params.floorRate * MILLI;
    const max = this.params.maxRate * MILLI;
    if (baseMilli < floor || baseMilli > max) throw new Error('A restored devnet base rate must lie within its bounds');
    this.#baseMilli = baseMilli;
  }

  /** The base rate, rounded up to a whole unit. */
  get baseRate(): bigint {
    return ceilDiv(this.#baseMilli, MILLI);
  }

  /** A rate `multipleMilli / 1000` times the base rate, rounded up. */
  baseTimes(multipleMilli: bigint): bigint {
    return ceilDiv(this.#baseMilli * multipleMilli, MILLI * MILLI);
  }

  /** Moves the base rate after a block, from the demand it saw: included plus still waiting. */
  afterBlock(demand: number): void {
    const target = BigInt(Math.floor(this.params.capacity / 2));
    const capped = BigInt(Math.min(demand, this.params.capacity));
    const next = this.#baseMilli + (this.#baseMilli * (capped - target)) / (8n * target);
    const floor = this.params.floorRate * MILLI;
    const max = this.params.maxRate * MILLI;
    this.#baseMilli = next < floor ? floor : next > max ? max : next;
  }

  /**
   * Rates for each priority, strictly increasing from slow to fast. `pendingRates` are the rates
   * waiting in the mempool, highest first.
   */
  estimate(pendingRates: readonly bigint[]): Record<FeePriority, { rate: bigint; blocks: number }> {
    const rateFor = (priority: FeePriority): bigint => {
      const { blocks, baseMultipleMilli } = PRIORITY_TARGETS[priority];
      const ahead = pendingRates[blocks * this.params.capacity - 1];
      const outbid = ahead === undefined ? 0n : ahead + 1n;
      const minimum = this.baseTimes(baseMultipleMilli);
      return outbid > minimum ? outbid : minimum;
    };
    const slow = rateFor('slow');
    const normal = max(rateFor('normal'), slow + 1n);
    const fast = max(rateFor('fast'), normal + 1n);
    return {
      slow: { rate: slow, blocks: PRIORITY_TARGETS.slow.blocks },
      normal: { rate: normal, blocks: PRIORITY_TARGETS.normal.blocks },
      fast: { rate: fast, blocks: PRIORITY_TARGETS.fast.blocks },
    };
  }
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

// The devnet mempool: our transactions plus anonymous background traffic that only takes block space
// and bids up fees. The next block takes the best-paying entries, a sender's nonces in order.
import type { FeeMarket } from './fee-market.ts';
import type { Random } from './random.ts';
import type { TxRecord } from './records.ts';

/** A waiting entry: one of ours, or background traffic (no record). */
export interface MempoolEntry {
  readonly rate: bigint;
  readonly seq: number;
  readonly record?: TxRecord;
  /** Background entries leave after this height, as unconfirmed transactions expire from nodes. */
  readonly expiresAfter?: number;
}

/** Blocks a background transaction waits before it expires. */
export const BACKGROUND_LIFETIME_BLOCKS = 12;

const byRateThenArrival = (a: MempoolEntry, b: MempoolEntry): number =>
  a.rate === b.rate ? a.seq - b.seq : a.rate > b.rate ? -1 : 1;

export class Mempool {
  readonly #ours = new Map<string, TxRecord>();
  #background: MempoolEntry[] = [];

  get size(): number {
    return this.#ours.size + this.#background.length;
  }

  /** Other people's waiting transactions, oldest first (kept with the chain's state). */
  background(): readonly MempoolEntry[] {
    return this.#background;
  }

  restoreBackground(entries: readonly MempoolEntry[]): void {
    this.#background = [...entries];
  }

  add(record: TxRecord): void {
    this.#ours.set(record.txid, record);
  }

  remove(txid: string): void {
    this.#ours.delete(txid);
  }

  entries(): MempoolEntry[] {
    const ours = [...this.#ours.values()].map((record) => ({ rate: record.feeRate, seq: record.seq, record }));
    return [...ours, ...this.#background];
  }

  /** Entries that pay enough to be taken into the next block: the demand the fee market reacts to. */
  eligibleCount(minRate: bigint): number {
    return this.entries().filter((entry) => entry.rate >= minRate).length;
  }

  /** Rates of every waiting entry, highest first (what a fee estimator reads). */
  rates(): bigint[] {
    return this.entries()
      .sort(byRateThenArrival)
      .map((entry) => entry.rate);
  }

  /**
   * Takes up to `capacity` entries paying at least `minRate` for the next block and removes the
   * background ones; our records leave when the chain settles them.
   */
  takeBlock(options: { capacity: number; minRate: bigint; nextNonce: (from: string) => number }): MempoolEntry[] {
    const picked = selectForBlock(this.entries(), options);
    const pickedSet = new Set(picked);
    this.#background = this.#background.filter((entry) => !pickedSet.has(entry));
    return picked;
  }

  /**
   * Adds a block's worth of other people's transactions around the base rate (0.8x to 1.6x). Fewer
   * arrive when fees are above the chain's usual rate and more when below, which keeps the market
   * wandering around its usual level instead of drifting off.
   */
  addTraffic(options: {
    random: Random;
    market: FeeMarket;
    perBlock: number;
    height: number;
    nextSeq: () => number;
  }): void {
    const { random, market, perBlock, height } = options;
    this.#background = this.#background.filter((entry) => (entry.expiresAfter ?? Infinity) >= height);
    if (perBlock <= 0) return;
    const expiresAfter = height + BACKGROUND_LIFETIME_BLOCKS;
    const elasticity = Number((market.params.initialRate * 1000n) / market.baseRate) / 1000;
    const mean = perBlock * Math.min(4, Math.max(0.25, elasticity));
    const count = random.int(Math.round(2 * mean) + 1);
    for (let i = 0; i < count; i += 1) {
      const multipleMilli = BigInt(800 + random.int(801));
      this.#background.push({ rate: market.baseTimes(multipleMilli), seq: options.nextSeq(), expiresAfter });
    }
    // A full mempool evicts its cheapest entries, as nodes do.
    const limit = 4 * market.params.capacity;
    if (this.#background.length > limit) this.#background = this.#background.sort(byRateThenArrival).slice(0, limit);
  }
}

/**
 * Picks up to `capacity` entries paying at least `minRate`, highest rate first (earliest first on a
 * tie). A sender's transactions go in nonce order: a nonce waits until the one before it is in.
 */
export function selectForBlock(
  entries: readonly MempoolEntry[],
  options: { readonly capacity: number; readonly minRate: bigint; readonly nextNonce: (from: string) => number },
): MempoolEntry[] {
  const candidates = entries.filter((entry) => entry.rate >= options.minRate).sort(byRateThenArrival);
  const expected = new Map<string, number>();
  const picked: MempoolEntry[] = [];
  const taken = new Set<MempoolEntry>();
  let progress = true;
  while (progress && picked.length < options.capacity) {
    progress = false;
    for (const entry of candidates) {
      if (picked.length >= options.capacity) break;
      if (taken.has(entry)) continue;
      const record = entry.record;
      if (record?.nonce !== undefined) {
        const next = expected.get(record.from) ?? options.nextNonce(record.from);
        if (record.nonce !== next) continue;
        expected.set(record.from, next + 1);
      }
      picked.push(entry);
      taken.add(entry);
      progress = true;
    }
  }
  return picked;
}

import { describe, expect, it } from 'vitest';
import { FeeMarket } from './fee-market.ts';
import { selectForBlock, type MempoolEntry } from './mempool.ts';
import type { TxRecord } from './records.ts';

const params = { capacity: 10, floorRate: 1n, initialRate: 8n, maxRate: 100n };

describe('FeeMarket', () => {
  it('quotes slow below normal below fast, never under the base rate', () => {
    const market = new FeeMarket(params);
    const quote = market.estimate([]);
    expect(quote.slow.rate).toBe(8n);
    expect(quote.normal.rate).toBeGreaterThan(quote.slow.rate);
    expect(quote.fast.rate).toBeGreaterThan(quote.normal.rate);
    expect([quote.slow.blocks, quote.normal.blocks, quote.fast.blocks]).toEqual([6, 3, 1]);
  });

  it('outbids the backlog ahead of the target block', () => {
    const market = new FeeMarket(params);
    const backlog = Array.from({ length: 15 }, (_, i) => BigInt(200 - i)).sort((a, b) => (a > b ? -1 : 1));
    // Ten entries fill the next block; the tenth pays 191, so "fast" must pay 192.
    expect(market.estimate(backlog).fast.rate).toBe(192n);
    // Fifteen entries do not fill three blocks: "normal" needs only its multiple of the base rate.
    expect(market.estimate(backlog).normal.rate).toBe(9n);
  });

  it('raises the base rate after full blocks and lowers it after empty ones, within floor and max', () => {
    const market = new FeeMarket(params);
    market.afterBlock(10);
    expect(market.baseRate).toBe(9n); // 8 * 1.125
    for (let i = 0; i < 100; i += 1) market.afterBlock(50);
    expect(market.baseRate).toBe(100n);
    for (let i = 0; i < 200; i += 1) market.afterBlock(0);
    expect(market.baseRate).toBe(1n);
  });

  it('holds the base rate steady at half-full blocks', () => {
    const market = new FeeMarket(params);
    for (let i = 0; i < 10; i += 1) market.afterBlock(5);
    expect(market.baseRate).toBe(8n);
  });

  it('refuses inconsistent parameters', () => {
    expect(() => new FeeMarket({ ...params, capacity: 1 })).toThrow();
    expect(() => new FeeMarket({ ...params, floorRate: 9n })).toThrow();
  });
});

function entry(rate: bigint, seq: number, from?: string, nonce?: number): MempoolEntry {
  if (from === undefined) return { rate, seq };
  return { rate, seq, record: { from, nonce, txid: `${from}-${nonce}` } as unknown as TxRecord };
}

describe('selectForBlock', () => {
  it('takes the best-paying entries first, earliest first on a tie, above the minimum rate', () => {
    const entries = [entry(5n, 0), entry(9n, 1), entry(9n, 2), entry(1n, 3)];
    const picked = selectForBlock(entries, { capacity: 2, minRate: 2n, nextNonce: () => 0 });
    expect(picked.map((e) => e.seq)).toEqual([1, 2]);
    expect(selectForBlock(entries, { capacity: 10, minRate: 2n, nextNonce: () => 0 }).map((e) => e.seq)).toEqual([
      1, 2, 0,
    ]);
  });

  it("keeps a sender's nonces in order even when a later nonce pays more", () => {
    const entries = [entry(100n, 0, 'a', 1), entry(1n, 1, 'a', 0), entry(50n, 2)];
    expect(selectForBlock(entries, { capacity: 1, minRate: 1n, nextNonce: () => 0 }).map((e) => e.seq)).toEqual([2]);
    expect(selectForBlock(entries, { capacity: 2, minRate: 1n, nextNonce: () => 0 }).map((e) => e.seq)).toEqual([2, 1]);
    expect(selectForBlock(entries, { capacity: 3, minRate: 1n, nextNonce: () => 0 }).map((e) => e.seq)).toEqual([
      2, 1, 0,
    ]);
  });

  it('leaves a transaction whose earlier nonce is missing', () => {
    const entries = [entry(10n, 0, 'a', 3)];
    expect(selectForBlock(entries, { capacity: 5, minRate: 1n, nextNonce: () => 2 })).toEqual([]);
  });
});

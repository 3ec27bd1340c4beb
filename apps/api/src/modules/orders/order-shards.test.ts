import { describe, expect, it } from 'vitest';
import { MARKETS } from '../markets/index.ts';
import { createShardMap, hashShard } from './order-shards.ts';

describe('market shards', () => {
  it('places each market by its symbol, the same on every call, unless placed by hand', () => {
    const map = createShardMap({ count: 3, overrides: { 'BTC/USDT': 2 } });
    expect(map.shardOf('BTC/USDT')).toBe(2);
    for (const market of MARKETS.filter((market) => market.symbol !== 'BTC/USDT')) {
      expect(map.shardOf(market.symbol)).toBe(hashShard(market.symbol, 3));
      expect(map.shardOf(market.symbol)).toBeGreaterThanOrEqual(0);
      expect(map.shardOf(market.symbol)).toBeLessThan(3);
    }
    // The hash spreads the listed markets over more than one shard.
    expect(new Set(MARKETS.map((market) => hashShard(market.symbol, 2))).size).toBe(2);
    expect(createShardMap({ count: 1 }).shardOf('ETH/USDT')).toBe(0);
  });

  it('lets a process write all shards, none, or those it is given', () => {
    expect([0, 1, 2].map(createShardMap({ count: 2 }).mayWrite)).toEqual([true, true, false]);
    expect([0, 1].map(createShardMap({ count: 2, writes: 'none' }).mayWrite)).toEqual([false, false]);
    expect([0, 1].map(createShardMap({ count: 2, writes: [1] }).mayWrite)).toEqual([false, true]);
  });

  it('refuses a shard count or a placement out of range', () => {
    expect(() => createShardMap({ count: 0 })).toThrow(RangeError);
    expect(() => createShardMap({ count: 65 })).toThrow(RangeError);
    expect(() => createShardMap({ count: 2, overrides: { 'BTC/USDT': 2 } })).toThrow(/shard 2, but there are 2/);
  });
});

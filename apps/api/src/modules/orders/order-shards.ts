// Market shards (ADR 0046): the markets are partitioned across order sequencers, each with its own
// writer lock and commit chain. Every process of a cluster must hold the same map (ORDER_SHARDS and
// MARKET_SHARDS, from one shared environment): a market is written by its shard's writer only. Which
// shards a process may write is its own (SEQUENCER_SHARDS): an API replica that writes none still
// takes orders for every market and forwards them to the shard's writer (ADR 0045).

/** At most this many shards (the writer lock's and batch locks' keys leave room for 64). */
export const MAX_SHARDS = 64;

export interface ShardMap {
  /** How many shards there are (ORDER_SHARDS). */
  readonly count: number;
  /** The shard that writes this market. */
  shardOf(symbol: string): number;
  /** Whether this process may take the shard's writer lock (SEQUENCER_SHARDS). */
  mayWrite(shard: number): boolean;
}

export interface ShardSettings {
  count: number;
  /** Markets placed by configuration (MARKET_SHARDS), the others by their symbol's hash. */
  overrides?: Readonly<Record<string, number>>;
  /** The shards this process may write: all of them (default), none, or these. */
  writes?: 'all' | 'none' | readonly number[];
}

/** FNV-1a over the symbol: the same shard for a market on every process and every release. */
export function hashShard(symbol: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < symbol.length; index += 1) {
    hash ^= symbol.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

export function createShardMap(settings: ShardSettings): ShardMap {
  const { count } = settings;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SHARDS) {
    throw new RangeError(`ORDER_SHARDS must be from 1 to ${MAX_SHARDS}`);
  }
  const overrides = settings.overrides ?? {};
  for (const [symbol, shard] of Object.entries(overrides)) {
    if (!Number.isInteger(shard) || shard < 0 || shard >= count) {
      throw new RangeError(`${symbol} is placed on shard ${shard}, but there are ${count}`);
    }
  }
  const writes = settings.writes ?? 'all';
  return {
    count,
    shardOf: (symbol) => overrides[symbol] ?? hashShard(symbol, count),
    mayWrite: (shard) =>
      shard >= 0 && shard < count && (writes === 'all' || (writes !== 'none' && writes.includes(shard))),
  };
}

/** One shard, written by this process: the map of a single process (tests, `npm run dev`). */
export const SINGLE_SHARD: ShardMap = createShardMap({ count: 1 });

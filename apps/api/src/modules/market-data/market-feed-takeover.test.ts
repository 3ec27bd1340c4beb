// A market feed taking the books over while the database fails its reads (ADR 0073, addendum): the
// feed of a new writer, on a real database whose reads through the feed's handle fail until the test
// lets them through. The old writer's trades and the new writer's own are stored as its batches
// would have stored them. The new writer's trades wait for the old one's, at most HANDOVER_TRADES of
// them in memory (the rest read back), and every trade goes out once, in order; while its lease is
// in doubt the reads wait, sending nothing, and go on once it is renewed; once the process no longer
// writes the market, the feed stops trying and its own trades go out.
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Database, type Db } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { ManualClock } from '../../lib/clock.ts';
import { requireMarket } from '../markets/index.ts';
import type { FillRecord, WriterStanding } from '../orders/index.ts';
import { until } from '../orders/testing/orders-fixtures.ts';
import { createInProcessEventBus, type RealtimeEvent } from '../realtime/index.ts';
import { createVenuesModule } from '../venues/index.ts';
import { HANDOVER_TRADES } from './handover.ts';
import { MarketFeed } from './market-feed.ts';

const market = requireMarket('BTC/USDT');
const at = new Date();
let database: TestDatabase;
let handle: Database;
let failing = false;

beforeAll(async () => {
  database = await createTestDatabase();
  // The feed's own handle: its statements fail while `failing`, as with the database away.
  handle = connectDatabase(database.url, { max: 4 });
  const execute = handle.db.execute.bind(handle.db);
  handle.db.execute = ((query: Parameters<Db['execute']>[0]) =>
    failing ? Promise.reject(new Error('Connection terminated unexpectedly')) : execute(query)) as Db['execute'];
});
afterAll(async () => {
  await handle?.close();
  await database?.destroy();
});

const idOf = (seq: number) => `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`;

/** The public trades `from` to `to` of the book at 70000.1, as a batch has them. */
function printsOf(from: number, to: number): FillRecord[] {
  return Array.from({ length: to - from + 1 }, (_, index) => {
    const id = idOf(from + index);
    return {
      ...{ id, pair: market.symbol, book: 'lit', venue: 'rora', seq: BigInt(from + index) },
      ...{ makerOrderId: id, takerOrderId: id, makerUserId: id, takerUserId: id, takerSide: 'buy' },
      ...{ price: 70_000_100_000n, quantity: 100_000n, notional: 7_000_010_000n, makerFee: 0n, takerFee: 0n },
      createdAt: at,
    } satisfies FillRecord;
  });
}

/** Stores the trades `from` to `to` as committed (their orders and customers are not needed here). */
async function store(from: number, to: number): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      `INSERT INTO order_fills (id, pair, book, venue, seq, maker_order_id, taker_order_id, maker_user_id,
         taker_user_id, taker_side, price, quantity, notional, taker_fee, created_at)
       SELECT id, $1, 'lit', 'rora', seq, id, id, id, id, 'buy', 70000100000, 100000, 7000010000, 0, $4
         FROM (SELECT s AS seq, ('00000000-0000-7000-8000-' || lpad(s::text, 12, '0'))::uuid AS id
                 FROM generate_series($2::int, $3::int) s) t`,
      [market.symbol, from, to, at.toISOString()],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

function newFeed() {
  const clock = new ManualClock(at);
  const warned: Array<{ pair?: string; message: string }> = [];
  const events = createInProcessEventBus();
  const feed = new MarketFeed({
    market,
    runner: { depth: () => ({ bids: [], asks: [] }) },
    db: handle.db,
    events,
    clock,
    venues: createVenuesModule({ clock, mode: 'simulated', adapters: [] }),
    onLastPrice: () => undefined,
    log: { warn: (object: { pair?: string }, message) => warned.push({ pair: object.pair, message }) },
  });
  const lists: number[][] = [];
  events.subscribe(feed.topic, (event: RealtimeEvent) => {
    const trades = (event.data as { trades?: Array<{ sequence: number }> }).trades;
    if (event.type === 'trades') lists.push(trades!.map((trade) => trade.sequence));
  });
  const commit = (fills: FillRecord[]) => feed.onBatch({ market, orders: [], fills, notices: [], at: clock.now() });
  /** Every trade sent, each list reversed (a client prepends each): oldest first. */
  const sent = () => lists.flatMap((list) => list.toReversed());
  return { feed, lists, commit, sent, warned };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

it('keeps at most HANDOVER_TRADES of its own trades while the reads fail, then sends every trade once', async () => {
  await store(1, 3);
  const { feed, lists, commit, sent, warned } = newFeed();
  const own = HANDOVER_TRADES + 200;
  failing = true;
  feed.takeOver({ through: 3n, standing: () => 'writing' });
  for (let from = 4; from < 4 + own; from += 100) {
    await store(from, from + 99);
    commit(printsOf(from, from + 99));
  }
  failing = false;

  await until(async () => sent().length >= 3 + own, 'every trade');
  expect(sent()).toEqual(range(1, 3 + own));
  expect(Math.max(...lists.map((list) => list.length))).toBeLessThanOrEqual(HANDOVER_TRADES);
  // Each failed read is told, so a failure that is no outage does not retry unseen.
  expect(warned.length).toBeGreaterThan(0);
  expect(warned[0]).toEqual({ pair: market.symbol, message: 'takeover trades read failed; retrying' });
});

it('waits while its lease is in doubt, sending nothing, and reads on once it is renewed', async () => {
  const { feed, lists, sent } = newFeed();
  let standing: WriterStanding = 'in-doubt';
  feed.takeOver({ through: 3n, standing: () => standing });
  await pause(300);
  expect(lists).toEqual([]);

  standing = 'writing';
  await until(async () => sent().length >= 3, 'the trades owed');
  expect(sent()).toEqual([1, 2, 3]);
});

it('holds its own trades while its lease is in doubt, and sends them once the lease is lost', async () => {
  const { feed, commit, sent } = newFeed();
  let standing: WriterStanding = 'writing';
  failing = true;
  feed.takeOver({ through: 3n, standing: () => standing });
  commit(printsOf(2_000, 2_001));
  standing = 'in-doubt';
  await pause(300);
  expect(sent()).toEqual([]);

  // Another process writes the market now: the trades owed are its to send, the reads stop.
  standing = 'gone';
  await until(async () => sent().length >= 2, 'its own trades');
  expect(sent()).toEqual([2_000, 2_001]);
  failing = false;
});

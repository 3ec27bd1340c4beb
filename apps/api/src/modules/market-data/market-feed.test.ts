// A market feed's snapshot against the deltas that follow it, with the throttles under a fake clock
// so the cases are exact: a subscriber who applies the snapshot, then every later message of the
// topic, always holds the book (and ticker) the feed holds. The book comes from a stand-in runner
// whose depth the test sets; the database is real (the feed reads its trades and history there).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Depth as EngineDepth } from '@rora/matching-engine';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { ManualClock } from '../../lib/clock.ts';
import { requireMarket } from '../markets/index.ts';
import type { CommittedBatch, FillRecord } from '../orders/index.ts';
import { createInProcessEventBus, type RealtimeEvent } from '../realtime/index.ts';
import { createVenuesModule } from '../venues/index.ts';
import { MarketFeed } from './market-feed.ts';

const market = requireMarket('BTC/USDT');
/** 70000.1 USDT in BTC/USDT ticks (0.1). */
const PRICE_TICKS = 700_001;
/** One ask at 70000.1 of `thousandths` thousandths of a BTC (a lot is 0.00001 BTC). */
const askOf = (thousandths: number): EngineDepth => ({
  bids: [{ priceTicks: 690_000, qtyLots: 100, orderCount: 1 }],
  asks: [{ priceTicks: PRICE_TICKS, qtyLots: thousandths * 100, orderCount: 1 }],
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());
afterEach(() => {
  vi.useRealTimers();
});

type Level = [string, string];
interface Book {
  bids: Level[];
  asks: Level[];
}
interface Data extends Book {
  sequence: number;
  ticker?: { bestAsk: string | null };
}

/** What a client holds: the snapshot, then each later message by sequence ('0' removes a level). */
function follow(snapshot: RealtimeEvent, messages: RealtimeEvent[]) {
  const start = snapshot.data as Data;
  const book = { bids: new Map(start.bids), asks: new Map(start.asks) };
  let ticker = start.ticker;
  let sequence = start.sequence;
  for (const message of messages) {
    const data = message.data as Data;
    if (data.sequence <= start.sequence) continue;
    expect(data.sequence, 'consecutive sequence').toBe(sequence + 1);
    sequence = data.sequence;
    if (message.type === 'ticker') ticker = (data as { ticker: Data['ticker'] }).ticker;
    if (message.type !== 'depth') continue;
    for (const side of ['bids', 'asks'] as const) {
      for (const [price, amount] of data[side]) {
        if (amount === '0') book[side].delete(price);
        else book[side].set(price, amount);
      }
    }
  }
  return { bids: [...book.bids], asks: [...book.asks], ticker };
}

async function setUp() {
  const clock = new ManualClock(new Date());
  const events = createInProcessEventBus();
  let depth: EngineDepth = askOf(5);
  const feed = new MarketFeed({
    market,
    runner: { depth: () => depth },
    db: database.db,
    events,
    clock,
    venues: createVenuesModule({ clock, mode: 'simulated', adapters: [] }),
    onLastPrice: () => undefined,
  });
  // An earlier subscriber: it sees every message the topic publishes.
  const published: RealtimeEvent[] = [];
  events.subscribe(feed.topic, (event) => published.push(event));
  const commit = (next: EngineDepth, fills: FillRecord[] = []) => {
    depth = next;
    feed.onBatch({ market, orders: [], fills, notices: [], at: clock.now() } satisfies CommittedBatch);
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { feed, published, commit };
}

/** A public trade of the book at 70000.1, numbered `seq` in the market's trades. */
function printOf(seq: number): FillRecord {
  const id = `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    pair: market.symbol,
    book: 'lit',
    venue: 'rora',
    seq: BigInt(seq),
    makerOrderId: id,
    takerOrderId: id,
    makerUserId: id,
    takerUserId: id,
    takerSide: 'buy',
    price: 70_000_100_000n,
    quantity: 100_000n,
    notional: 7_000_010_000n,
    makerFee: 0n,
    takerFee: 0n,
    createdAt: new Date(),
  };
}

const sequencesOf = (trades: unknown) => (trades as Array<{ sequence: number }>).map((trade) => trade.sequence);

describe('a market feed', () => {
  it('never leaves a new subscriber on a level that returned to its published amount', async () => {
    const { feed, published, commit } = await setUp();
    commit(askOf(5));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(published.some((message) => JSON.stringify(message.data).includes('"0.005"'))).toBe(true);

    commit(askOf(3)); // committed, not yet published (the depth throttle is pending)
    const snapshot = await feed.snapshot();
    commit(askOf(5)); // back to what was published before the snapshot
    await vi.advanceTimersByTimeAsync(1_000);

    const client = follow(snapshot, published);
    expect(client.asks).toEqual([['70000.1', '0.005']]);
    expect(client.bids).toEqual([['69000', '0.001']]);
  });

  it('answers GET /market/depth as of its sequence: the deltas after it apply on top', async () => {
    const { feed, published, commit } = await setUp();
    commit(askOf(5));
    await vi.advanceTimersByTimeAsync(1_000);
    commit(askOf(3));
    const rest = feed.depthView(50);
    expect(rest.asks).toEqual([['70000.1', '0.003']]);
    commit(askOf(5));
    await vi.advanceTimersByTimeAsync(1_000);

    const asSnapshot: RealtimeEvent = { channel: 'markets', type: 'snapshot', data: rest };
    expect(follow(asSnapshot, published).asks).toEqual([['70000.1', '0.005']]);
  });

  it('makes the snapshot’s ticker the baseline of ticker updates, so a best ask that returns is sent', async () => {
    const { feed, published, commit } = await setUp();
    commit(askOf(5));
    await vi.advanceTimersByTimeAsync(1_000);
    commit({ bids: askOf(5).bids, asks: [{ priceTicks: PRICE_TICKS + 5, qtyLots: 500, orderCount: 1 }] });
    const snapshot = await feed.snapshot();
    expect((snapshot.data as Data).ticker?.bestAsk).toBe('70000.6');
    commit(askOf(5));
    await vi.advanceTimersByTimeAsync(1_000);

    expect(follow(snapshot, published).ticker?.bestAsk).toBe('70000.1');
  });

  it('goes on above any sequence of the writer before it once it has taken the books over', async () => {
    const { feed, published, commit } = await setUp();
    commit(askOf(5));
    await vi.advanceTimersByTimeAsync(1_000);
    // The old writer's subscribers hold a snapshot far ahead of this process's own count.
    const before = await feed.snapshot();
    const theirs: RealtimeEvent = {
      ...before,
      data: { ...(before.data as Data), sequence: (before.data as Data).sequence + 10_000 },
    };
    await feed.reload();
    commit(askOf(3));
    await vi.advanceTimersByTimeAsync(1_000);
    const next = published.at(-1)!;
    expect((next.data as Data).sequence).toBeGreaterThan((theirs.data as Data).sequence);
    expect(Number.isSafeInteger((next.data as Data).sequence)).toBe(true);
  });

  it('sends the trades of the batches of one 100 ms in one message, newest first, each once', async () => {
    const { feed, published, commit } = await setUp();
    await feed.ready();
    commit(askOf(5), [printOf(1), printOf(2)]);
    commit(askOf(5), [printOf(3)]);
    expect(published.filter((message) => message.type === 'trades')).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    const sent = published.filter((message) => message.type === 'trades');
    expect(sent.map((message) => sequencesOf((message.data as { trades: unknown }).trades))).toEqual([[3, 2, 1]]);

    // Trades not yet sent go out before a snapshot (or GET /market/trades) shows them.
    commit(askOf(5), [printOf(4)]);
    const snapshot = await feed.snapshot();
    expect(sequencesOf((snapshot.data as { trades: unknown }).trades)).toEqual([4, 3, 2, 1]);
    const last = published.filter((message) => message.type === 'trades').at(-1)!;
    expect(sequencesOf((last.data as { trades: unknown }).trades)).toEqual([4]);
    expect((last.data as Data).sequence).toBeLessThanOrEqual((snapshot.data as Data).sequence);
    expect(sequencesOf(await feed.recentTrades(10))).toEqual([4, 3, 2, 1]);
  });
});

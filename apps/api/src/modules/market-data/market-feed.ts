// The public data of one market, kept current from the order runner's committed batches: the book's
// depth (lit only: the dark pool never reaches this feed), recent public trades, the ticker and the
// current candles. Everything goes out on the market's topic with one sequence number per message.
// A subscriber's snapshot is the state the topic has published as of a sequence (pending changes
// are published first, so it is also the latest): every message after it applies on top of it.
import { CANDLE_INTERVALS, DEPTH_MAX_LEVELS, marketTopics, type Depth, type Ticker, type Trade } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Depth as EngineDepth } from '@rora/matching-engine';
import type { Clock } from '../../lib/clock.ts';
import { bucketStart, formatBase, formatPrice, priceOfTicks, type Market } from '../markets/index.ts';
import type { CommittedBatch, FillRecord } from '../orders/index.ts';
import type { EventBus, RealtimeEvent } from '../realtime/index.ts';
import type { VenuesService } from '../venues/index.ts';
import { DayWindow, chartDayStart, windowStart, type PublicPrint } from './day-window.ts';
import { DepthStream } from './depth-stream.ts';
import {
  readCurrentCandles,
  readDayTrades,
  readRecentTrades,
  readReferenceStats,
  type ReferenceStats,
  type TradeRow,
} from './market-data.repository.ts';
import { HANDOVER_TRADES, TradesHandover, type Takeover } from './handover.ts';
import { candleView, tickerView } from './views.ts';

const RECENT_TRADES = 100;
const SNAPSHOT_TRADES = 50;
const DEPTH_THROTTLE_MS = 100;
/**
 * A batch's public trades go out with those of the other batches of the same 100 ms, in one message
 * (each batch's own message was most of what a market's subscribers received under load).
 */
const TRADES_THROTTLE_MS = 100;
/** Tickers follow trades and the best bid and ask; computed from memory, so a few a second is cheap. */
const TICKER_THROTTLE_MS = 250;
/** Candles are read back from the database: once a second at most. */
const CANDLES_THROTTLE_MS = 1_000;

export interface FeedDependencies {
  market: Market;
  runner: { depth(levels?: number): EngineDepth };
  db: Db;
  events: EventBus;
  clock: Clock;
  venues: Pick<VenuesService, 'referencePrice'>;
  onLastPrice(market: Market, price: bigint): void;
  /** Told of a takeover's read that failed and is tried again (pino-compatible). */
  log?: { warn(object: object, message: string): void };
}

/**
 * Runs `work` at most once per `ms`, trailing: bursts of calls become one call. It runs on the next
 * multiple of `ms` of the clock, so the feeds of every market fall due in the same iteration of the
 * event loop, and a subscriber's socket sends their updates in one write (realtime-hub.ts).
 */
export function throttle(work: () => Promise<void> | void, ms: number): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        void Promise.resolve()
          .then(work)
          .catch(() => undefined);
      },
      ms - (Date.now() % ms),
    );
    timer.unref();
  };
}

interface Best {
  bid: bigint | null;
  ask: bigint | null;
}
/** A ticker with the order it was computed in (`stamp`) and the best prices it shows. */
interface StampedTicker {
  ticker: Ticker;
  stamp: number;
  best: Best;
}

export class MarketFeed {
  readonly topic: string;
  sequence = 0;
  lastPrice: bigint | null = null;
  private readonly book: DepthStream;
  private bookRead = false;
  private trades: Trade[] = [];
  /** Trades of committed batches not yet published, newest first. */
  private pendingTrades: Trade[] = [];
  /**
   * The newest trade this process heard the topic send, whichever process wrote the market: a
   * takeover sends again the trades above it (ADR 0073). Null until one is heard.
   */
  private sentThrough: number | null = null;
  /** While this process takes the books over: the trades to send wait for the previous writer's. */
  private handover: TradesHandover | null = null;
  /** Null until loaded; prints that arrive meanwhile wait in `early`. */
  private window: DayWindow | null = null;
  private early: PublicPrint[] = [];
  private loading: Promise<void> | null = null;
  private reference: { sinceMs: number; stats: ReferenceStats | null } | null = null;
  private tickerStamp = 0;
  /** The last ticker the topic sent (or a snapshot showed): the baseline of ticker updates. */
  private published: StampedTicker | null = null;
  private readonly scheduleDepth: () => void;
  private readonly scheduleTrades: () => void;
  private readonly scheduleTicker: () => void;
  private readonly scheduleCandles: () => void;

  constructor(private readonly deps: FeedDependencies) {
    this.topic = marketTopics.market(deps.market.symbol);
    this.book = new DepthStream(deps.market);
    this.scheduleDepth = throttle(() => this.flushDepth(), DEPTH_THROTTLE_MS);
    this.scheduleTrades = throttle(() => this.flushTrades(), TRADES_THROTTLE_MS);
    this.scheduleTicker = throttle(async () => this.adoptTicker(await this.computeTicker()), TICKER_THROTTLE_MS);
    this.scheduleCandles = throttle(() => this.publishCandles(), CANDLES_THROTTLE_MS);
  }

  /** Loads recent trades and the day's trades once; a failed load is tried again on the next call. */
  ready(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /**
   * Forgets what was loaded and loads it again: a process that has just taken the books over from
   * another (ADR 0045) saw none of that writer's trades, and reads them from the database; its
   * depth is the book it has just rebuilt, not the one it read at its own start.
   */
  async reload(): Promise<void> {
    this.forget();
    await this.ready();
  }

  /** What `reload` drops, the sequence moved above the old writer's, before it reads again. */
  private forget(): void {
    this.loading = null;
    this.bookRead = false;
    // Its own count of the topic's messages is behind the old writer's, whose subscribers (here and
    // on every replica) would drop each of its messages as already seen: it goes on above anything
    // that writer can have sent, a count from the time in thousandths of a millisecond (faster than
    // any topic's messages). A client that sees the jump reads a new snapshot.
    this.sequence = Math.max(this.sequence, this.deps.clock.now().getTime() * 1000);
    this.trades = [];
    this.window = null;
    this.early = [];
    this.lastPrice = null;
    this.reference = null;
  }

  /**
   * This process has just become the writer of the market's shard, its books read under the lock and
   * none of its batches committed yet (ADR 0045). The previous writer may have died with trades
   * committed and not yet sent (those of its last 100 ms, ADR 0060): they go out before this
   * writer's own, oldest first, in messages of HANDOVER_TRADES at most. A trade that was sent after
   * all (its message still on its way here) is sent again with its id; subscribers keep trades by id
   * (ADR 0073). A read that fails is tried again while this process writes the market; while its
   * lease is in doubt (a stall) the reads wait for the renewal, and stop once the lease is lost.
   */
  takeOver(takeover: Takeover): void {
    this.forget();
    const { db, market } = this.deps;
    const handover: TradesHandover = new TradesHandover({
      db,
      pair: market.symbol,
      takeover,
      current: () => this.handover === handover,
      heard: () => this.sentThrough,
      reload: () => this.ready(),
      publish: (rows) => this.publishPage(rows),
      failed: (error) =>
        this.deps.log?.warn({ err: error, pair: market.symbol }, 'takeover trades read failed; retrying'),
    });
    this.handover = handover;
    void handover
      .run()
      .catch(() => undefined)
      .finally(() => {
        if (this.handover !== handover) return;
        this.handover = null;
        this.scheduleTrades();
      });
  }

  /** A message of this market's topic as sent: the newest trade it carries has been sent. */
  observe(event: RealtimeEvent): void {
    if (event.type !== 'trades') return;
    for (const trade of (event.data as { trades?: Trade[] }).trades ?? [])
      this.sentThrough = Math.max(this.sentThrough ?? 0, trade.sequence);
  }

  /**
   * Sends a page of stored trades (oldest first) as one message, newest first, but for those waiting
   * to go out anyway (this process's own, from before the takeover).
   */
  private publishPage(rows: TradeRow[]): void {
    const waiting = new Set(this.pendingTrades.map((trade) => trade.id));
    const page = rows
      .filter((row) => !waiting.has(row.id))
      .map((row) => this.tradeView(row))
      .reverse();
    const known = new Set(page.map((trade) => trade.id));
    const rest = this.trades.filter((trade) => !known.has(trade.id));
    this.trades = [...page, ...rest].sort((a, b) => b.sequence - a.sequence).slice(0, RECENT_TRADES);
    if (page.length > 0) void this.deps.events.publish(this.topic, this.next('trades', { trades: page }));
  }

  private async load(): Promise<void> {
    const { db, market, clock } = this.deps;
    const since = new Date(windowStart(clock.now().getTime()));
    const [rows, day] = await Promise.all([
      readRecentTrades(db, market.symbol, RECENT_TRADES),
      readDayTrades(db, { pair: market.symbol, since, candlesFrom: bucketStart('5m', since) }),
    ]);
    // Batches that committed while this read ran are either in it or newer: keep the newer ones.
    const newestStored = rows[0]?.seq ?? 0n;
    const live = this.trades.filter((trade) => BigInt(trade.sequence) > newestStored);
    this.trades = [...live, ...rows.map((row) => this.tradeView(row))].slice(0, RECENT_TRADES);
    this.lastPrice ??= rows[0]?.price ?? null;
    const window = new DayWindow(day.buckets, day.maxSeq);
    for (const print of this.early) window.add(print);
    this.window = window;
    this.early = [];
    this.readBookOnce();
  }

  /** The runner's book before its first batch here (after a start, the book rebuilt from the database). */
  private readBookOnce(): void {
    if (this.bookRead) return;
    this.bookRead = true;
    this.book.commit(this.deps.runner.depth(DEPTH_MAX_LEVELS));
  }

  private tradeView(trade: Pick<FillRecord, 'id' | 'seq' | 'price' | 'quantity' | 'takerSide' | 'createdAt'>): Trade {
    const { market } = this.deps;
    return {
      id: trade.id,
      sequence: Number(trade.seq ?? 0n),
      price: formatPrice(market, trade.price),
      amount: formatBase(market, trade.quantity),
      side: trade.takerSide,
      createdAt: trade.createdAt.toISOString(),
    };
  }

  private next(type: string, data: Record<string, unknown>): RealtimeEvent {
    this.sequence += 1;
    return { channel: 'markets', type, data: { symbol: this.deps.market.symbol, sequence: this.sequence, ...data } };
  }

  /** Called in the runner's turn right after a commit, when the book equals the database. */
  onBatch(batch: CommittedBatch): void {
    this.bookRead = true;
    this.book.commit(this.deps.runner.depth(DEPTH_MAX_LEVELS));
    this.scheduleDepth();
    const best = this.best();
    if (best.bid !== this.published?.best.bid || best.ask !== this.published?.best.ask) this.scheduleTicker();
    const prints = batch.fills.filter((fill) => fill.book === 'lit');
    if (prints.length === 0) return;
    this.recordPrints(prints);
    // The batch's fills are in trade order; the topic sends them newest first, as GET /market/trades
    // lists them (contract: tradesEventSchema), so a client prepends the list as it comes.
    const newestFirst = prints.map((fill) => this.tradeView(fill)).reverse();
    this.pendingTrades = [...newestFirst, ...this.pendingTrades];
    if (this.handover) this.spill(this.handover);
    this.lastPrice = prints[prints.length - 1]!.price;
    this.scheduleTrades();
    this.scheduleTicker();
    this.scheduleCandles();
    this.deps.onLastPrice(this.deps.market, this.lastPrice);
  }

  /**
   * During a takeover, this writer's trades wait for the old writer's, however long the database
   * takes to answer: past HANDOVER_TRADES the oldest are dropped from memory, and the takeover reads
   * them back (they are committed) before it sends the rest.
   */
  private spill(handover: TradesHandover): void {
    const dropped = this.pendingTrades[HANDOVER_TRADES];
    if (!dropped) return;
    handover.spill(BigInt(dropped.sequence));
    this.pendingTrades = this.pendingTrades.slice(0, HANDOVER_TRADES);
  }

  private recordPrints(fills: FillRecord[]): void {
    const prints = fills.map((fill) => ({
      seq: fill.seq ?? 0n,
      price: fill.price,
      quantity: fill.quantity,
      notional: fill.notional,
      atMs: fill.createdAt.getTime(),
    }));
    if (this.window) {
      for (const print of prints) this.window.add(print);
      return;
    }
    this.early.push(...prints);
    void this.ready().catch(() => undefined);
  }

  /**
   * Publishes the trades not yet sent, newest first, in one message. A trade may already be in the
   * list (a load that read it from the database after its batch committed): it is not listed twice.
   */
  private flushTrades(): void {
    const pending = this.pendingTrades;
    // A takeover's first message carries the previous writer's unsent trades too: it waits for them.
    if (pending.length === 0 || this.handover) return;
    this.pendingTrades = [];
    const oldest = pending[pending.length - 1]!.sequence;
    const older = this.trades.filter((trade) => trade.sequence < oldest);
    this.trades = [...pending, ...older].slice(0, RECENT_TRADES);
    void this.deps.events.publish(this.topic, this.next('trades', { trades: pending }));
  }

  /** Publishes the depth changes not yet sent. */
  private flushDepth(): void {
    const changes = this.book.takeChanges();
    if (changes) void this.deps.events.publish(this.topic, this.next('depth', { ...changes }));
  }

  /** Public depth, best first, as of the topic's current sequence (GET /market/depth). */
  depthView(levels: number): Depth {
    this.readBookOnce();
    this.flushDepth();
    return { symbol: this.deps.market.symbol, sequence: this.sequence, ...this.book.committedLevels(levels) };
  }

  async recentTrades(limit: number): Promise<Trade[]> {
    await this.ready();
    this.flushTrades();
    return this.trades.slice(0, limit);
  }

  /** Best bid and ask on the committed book, in quote minor units. */
  best(): Best {
    this.readBookOnce();
    const { bids, asks } = this.book.committedDepth();
    const { market } = this.deps;
    return {
      bid: bids[0] ? priceOfTicks(market, bids[0].priceTicks) : null,
      ask: asks[0] ? priceOfTicks(market, asks[0].priceTicks) : null,
    };
  }

  async tickerView(): Promise<Ticker> {
    return (await this.computeTicker()).ticker;
  }

  private async computeTicker(): Promise<StampedTicker> {
    const { market, clock, venues } = this.deps;
    await this.ready();
    const nowMs = clock.now().getTime();
    const [referencePrice, reference] = await Promise.all([
      venues.referencePrice(market).catch(() => null),
      this.referenceStats(nowMs),
    ]);
    // Read everything else now, in one turn: the stamp orders this ticker among the others.
    const best = this.best();
    const day = this.window!.stats(nowMs);
    const ticker = tickerView({ market, lastPrice: this.lastPrice, day, reference, best, referencePrice });
    this.tickerStamp += 1;
    return { ticker, stamp: this.tickerStamp, best };
  }

  /**
   * The 1D chart's candles (seeded history and real trades), read again only when the window reaches
   * another 5-minute bucket; trades since then are in the day window, which the ticker adds.
   */
  private async referenceStats(nowMs: number): Promise<ReferenceStats | null> {
    const sinceMs = chartDayStart(nowMs).getTime();
    if (this.reference?.sinceMs !== sinceMs) {
      const stats = await readReferenceStats(this.deps.db, this.deps.market.symbol, new Date(sinceMs));
      this.reference = { sinceMs, stats };
    }
    return this.reference.stats;
  }

  /**
   * Makes a newer ticker the topic's, publishing it when it differs from the last one sent. The
   * depth changes not yet sent go first: a ticker's best bid and ask are never ahead of the depth a
   * subscriber has (the two throttles fall due on the clock's multiples, in either order).
   */
  private adoptTicker(next: StampedTicker): void {
    const last = this.published;
    if (last && last.stamp > next.stamp) return;
    this.published = next;
    if (last && JSON.stringify(last.ticker) === JSON.stringify(next.ticker)) return;
    // What the ticker shows first: the book's best prices, and the trades its last price comes from.
    this.flushDepth();
    this.flushTrades();
    void this.deps.events.publish(this.topic, this.next('ticker', { ticker: next.ticker }));
  }

  /**
   * The timer's check, in memory: trades left the 24-hour window, or the chart's window moved to
   * another 5-minute bucket. Either changes the ticker.
   */
  checkWindow(nowMs: number): void {
    const evicted = this.window?.evict(nowMs) ?? false;
    const referenceMoved = this.published !== null && this.reference?.sinceMs !== chartDayStart(nowMs).getTime();
    if (evicted || referenceMoved) this.scheduleTicker();
  }

  private async publishCandles(): Promise<void> {
    const { market, db, events, clock } = this.deps;
    const now = clock.now();
    const buckets = CANDLE_INTERVALS.map((interval) => ({ interval, bucket: bucketStart(interval, now) }));
    const rows = await readCurrentCandles(db, market.symbol, buckets);
    const candles = rows.map((row) => ({ interval: row.interval, ...candleView(market, row) }));
    this.flushTrades();
    if (candles.length > 0) await events.publish(this.topic, this.next('candles', { candles }));
  }

  /** What a new subscriber gets first: the published state, after publishing what was pending. */
  async snapshot(): Promise<RealtimeEvent> {
    this.adoptTicker(await this.computeTicker());
    this.readBookOnce();
    this.flushDepth();
    this.flushTrades();
    const { bids, asks } = this.book.publishedLevels();
    return {
      channel: 'markets',
      type: 'snapshot',
      data: {
        symbol: this.deps.market.symbol,
        sequence: this.sequence,
        bids,
        asks,
        trades: this.trades.slice(0, SNAPSHOT_TRADES),
        ticker: this.published!.ticker,
      },
    };
  }
}

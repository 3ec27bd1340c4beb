// The public data of one market, kept current from the order runner's committed batches: the book's
// depth (lit only: the dark pool never reaches this feed), recent public trades, the ticker and the
// current candles. Everything goes out on the market's topic with one sequence number per message;
// a subscriber first gets a snapshot carrying the sequence it was taken at (snapshot-bus.ts).
import { marketTopics, type Depth, type Ticker, type Trade } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Depth as EngineDepth } from '@rora/matching-engine';
import { formatAmount } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { bucketStart } from '../markets/candle-buckets.ts';
import { formatBase, formatPrice, quantityOfLots, priceOfTicks, type Market } from '../markets/market-specs.ts';
import type { CommittedBatch, MarketRunner } from '../orders/index.ts';
import type { EventBus, RealtimeEvent } from '../realtime/event-bus.ts';
import type { VenuesService } from '../venues/index.ts';
import { readCurrentCandles, readDayStats, readRecentTrades } from './market-data.repository.ts';
import { candleView, percentChange } from './views.ts';

export const DEPTH_LEVELS = 50;
const RECENT_TRADES = 100;
const DEPTH_THROTTLE_MS = 100;
const TICKER_THROTTLE_MS = 1_000;
const TICKER_TTL_MS = 1_000;

export interface FeedDependencies {
  market: Market;
  runner: MarketRunner;
  db: Db;
  events: EventBus;
  clock: Clock;
  venues: VenuesService;
  onLastPrice(market: Market, price: bigint): void;
  onTicker(ticker: Ticker): void;
}

/** Runs `work` at most once per `ms`, trailing: bursts of calls become one call. */
function throttle(work: () => Promise<void> | void, ms: number): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void Promise.resolve(work()).catch(() => undefined);
    }, ms);
    timer.unref();
  };
}

type Levels = Map<number, number>;

export class MarketFeed {
  readonly topic: string;
  sequence = 0;
  lastPrice: bigint | null = null;
  private depth: EngineDepth | null = null;
  private published: { bids: Levels; asks: Levels } = { bids: new Map(), asks: new Map() };
  private trades: Trade[] = [];
  private ticker: Ticker | null = null;
  private tickerAtMs = 0;
  readonly scheduleDepth: () => void;
  readonly scheduleTicker: () => void;

  constructor(private readonly deps: FeedDependencies) {
    this.topic = marketTopics.market(deps.market.symbol);
    this.scheduleDepth = throttle(() => this.publishDepth(), DEPTH_THROTTLE_MS);
    this.scheduleTicker = throttle(() => this.publishTickerAndCandles(), TICKER_THROTTLE_MS);
  }

  async load(): Promise<void> {
    const rows = await readRecentTrades(this.deps.db, this.deps.market.symbol, RECENT_TRADES);
    this.trades = rows.map((row) => this.tradeView(row));
    this.lastPrice = rows[0]?.price ?? null;
  }

  private tradeView(trade: {
    id: string;
    seq: bigint | null;
    price: bigint;
    quantity: bigint;
    takerSide: 'buy' | 'sell';
    createdAt: Date;
  }): Trade {
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
    this.depth = this.deps.runner.depth(200);
    this.scheduleDepth();
    const prints = batch.fills.filter((fill) => fill.book === 'lit');
    if (prints.length === 0) return;
    const views = prints.map((fill) => this.tradeView({ ...fill, takerSide: fill.takerSide }));
    this.trades = [...views.reverse(), ...this.trades].slice(0, RECENT_TRADES);
    this.lastPrice = prints[prints.length - 1]!.price;
    void this.deps.events.publish(this.topic, this.next('trades', { trades: views }));
    this.tickerAtMs = 0;
    this.scheduleTicker();
    this.deps.onLastPrice(this.deps.market, this.lastPrice);
  }

  private committedDepth(): EngineDepth {
    return (this.depth ??= this.deps.runner.depth(200));
  }

  /** Public depth, best first, as decimal strings. */
  depthView(levels: number): Depth {
    const { market } = this.deps;
    const depth = this.committedDepth();
    const side = (list: EngineDepth['bids']) =>
      list
        .slice(0, levels)
        .map(
          (level) =>
            [
              formatPrice(market, priceOfTicks(market, level.priceTicks)),
              formatBase(market, quantityOfLots(market, level.qtyLots)),
            ] as [string, string],
        );
    return { symbol: market.symbol, sequence: this.sequence, bids: side(depth.bids), asks: side(depth.asks) };
  }

  recentTrades(limit: number): Trade[] {
    return this.trades.slice(0, limit);
  }

  /** Best bid and ask on the committed book, in quote minor units. */
  best(): { bid: bigint | null; ask: bigint | null } {
    const { bids, asks } = this.committedDepth();
    const { market } = this.deps;
    return {
      bid: bids[0] ? priceOfTicks(market, bids[0].priceTicks) : null,
      ask: asks[0] ? priceOfTicks(market, asks[0].priceTicks) : null,
    };
  }

  private publishDepth(): void {
    const depth = this.committedDepth();
    const changes = { bids: this.diff('bids', depth.bids), asks: this.diff('asks', depth.asks) };
    if (changes.bids.length === 0 && changes.asks.length === 0) return;
    void this.deps.events.publish(this.topic, this.next('depth', changes));
  }

  /** Levels of the top DEPTH_LEVELS that changed since the last message; amount '0' removes one. */
  private diff(side: 'bids' | 'asks', levels: EngineDepth['bids']): Array<[string, string]> {
    const { market } = this.deps;
    const now: Levels = new Map(levels.slice(0, DEPTH_LEVELS).map((level) => [level.priceTicks, level.qtyLots]));
    const before = this.published[side];
    const changes: Array<[string, string]> = [];
    const price = (ticks: number) => formatPrice(market, priceOfTicks(market, ticks));
    for (const [ticks, lots] of now) {
      if (before.get(ticks) !== lots) changes.push([price(ticks), formatBase(market, quantityOfLots(market, lots))]);
    }
    for (const ticks of before.keys()) if (!now.has(ticks)) changes.push([price(ticks), '0']);
    this.published[side] = now;
    return changes;
  }

  /** The ticker, recomputed at most once a second. */
  async tickerView(): Promise<Ticker> {
    const nowMs = this.deps.clock.now().getTime();
    if (this.ticker && nowMs - this.tickerAtMs < TICKER_TTL_MS) return this.ticker;
    const { market, db, venues } = this.deps;
    const [stats, reference] = await Promise.all([
      readDayStats(db, market.symbol, new Date(nowMs - 86_400_000)),
      venues.referencePrice(market).catch(() => null),
    ]);
    const { bid, ask } = this.best();
    const price = (value: bigint | null) => (value === null ? null : formatPrice(market, value));
    this.ticker = {
      symbol: market.symbol,
      lastPrice: price(this.lastPrice),
      change24h: this.lastPrice === null ? null : percentChange(this.lastPrice, stats.open),
      high24h: price(stats.high),
      low24h: price(stats.low),
      volume24h: formatBase(market, stats.volume),
      quoteVolume24h: formatAmount(stats.quoteVolume, market.quoteScale),
      bestBid: price(bid),
      bestAsk: price(ask),
      referencePrice: price(reference),
    };
    this.tickerAtMs = nowMs;
    return this.ticker;
  }

  cachedTicker(): Ticker | null {
    return this.ticker;
  }

  private async publishTickerAndCandles(): Promise<void> {
    const { market, db, events, clock } = this.deps;
    const ticker = await this.tickerView();
    await events.publish(this.topic, this.next('ticker', { ticker }));
    this.deps.onTicker(ticker);
    const now = clock.now();
    const buckets = (['5m', '1h', '1d'] as const).map((interval) => ({ interval, bucket: bucketStart(interval, now) }));
    const rows = await readCurrentCandles(db, market.symbol, buckets);
    const candles = rows.map((row) => ({ interval: row.interval, ...candleView(market, row) }));
    if (candles.length > 0) await events.publish(this.topic, this.next('candles', { candles }));
  }

  /** What a new subscriber gets first. */
  snapshot(): RealtimeEvent {
    // Deltas carry absolute amounts per price, so one that repeats what the snapshot shows is harmless.
    const depth = this.depthView(DEPTH_LEVELS);
    return {
      channel: 'markets',
      type: 'snapshot',
      data: {
        symbol: depth.symbol,
        sequence: this.sequence,
        bids: depth.bids,
        asks: depth.asks,
        trades: this.recentTrades(50),
        ticker: this.ticker,
      },
    };
  }
}

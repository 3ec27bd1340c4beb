// Public market data over REST and the WebSocket: one feed per market fed by the order runners'
// committed batches, the all-pairs topic, candles for the chart ranges of spec §9, and the venues
// with their prices, fees and the customer's favourites. Market topics are public (any signed-in
// socket may subscribe) and start with a snapshot. A timer (once a second, in memory unless
// something changed) rolls each market's 24-hour window and refreshes the all-pairs topic while it
// has subscribers.
import {
  CHART_RANGES,
  MARKET_DEFINITIONS,
  RANGE_INTERVALS,
  VENUE_IDS,
  marketTopics,
  type Candle,
  type CandleInterval,
  type Depth,
  type Market as MarketView,
  type PairTicker,
  type Ticker,
  type Trade,
  type Venue,
} from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { MARKETS, bucketStart, requireMarket, type Market } from '../markets/index.ts';
import type { MarketRunners } from '../orders/index.ts';
import type { EventBus, RealtimeEvent, RealtimeHub } from '../realtime/index.ts';
import type { VenuesService } from '../venues/index.ts';
import { MarketFeed, type FeedDependencies } from './market-feed.ts';
import { readCandles, readFavouriteVenues, setFavouriteVenue } from './market-data.repository.ts';
import type { SnapshotBus } from './snapshot-bus.ts';
import { TickersTopic } from './tickers-topic.ts';
import { venuePriceView, venueViews } from './venue-views.ts';
import { candleView } from './views.ts';

/**
 * Each new last price is published here, in this process only (alerts listen): an event rather than
 * a callback, so market data does not know who listens.
 */
export const LAST_PRICE_TOPIC = 'internal:last-price';
export interface LastPriceEvent {
  symbol: string;
  /** Quote minor units per whole base unit, as a decimal integer string. */
  price: string;
}
type VenueId = (typeof VENUE_IDS)[number];
type TradeList = { symbol: string; items: Trade[] };

export interface MarketDataService {
  /** Server start: load every feed and start the timer. */
  start(): Promise<void>;
  stop(): void;
  /** The timer's work: roll the 24-hour windows; refresh the all-pairs topic if anyone listens. */
  tick(): Promise<void>;
  feed(market: Market): MarketFeed;
  markets(): Promise<MarketView[]>;
  ticker(symbol: string): Promise<Ticker>;
  depth(symbol: string, levels: number): Promise<Depth>;
  trades(symbol: string, limit: number): Promise<TradeList>;
  /** On the books' writer: a market-data read another replica forwarded (ADR 0045). */
  serveFollower(query: MarketDataQuery): Promise<unknown>;
  candles(
    symbol: string,
    range: string,
  ): Promise<{ symbol: string; range: string; interval: CandleInterval; candles: Candle[] }>;
  venues(symbol: string, userId: string): Promise<{ symbol: string; items: Venue[] }>;
  favouriteVenues(userId: string): Promise<VenueId[]>;
  /** Marks or unmarks one; answers the favourites after the change. */
  setFavouriteVenue(input: { userId: string; venue: string; favourite: boolean }): Promise<VenueId[]>;
}

const TICK_MS = 1_000;

const MARKET_TOPIC_PREFIX = 'market:';

/** The processes that write the books' shards, for a process that does not write them all (ADR 0045, 0046). */
export interface BooksWriter {
  /** Whether this process writes the market's shard now. */
  writesNow(market: Market): boolean;
  /** A query of the market-data route (`MarketDataQuery`) of its market's writer, answered there. */
  read(query: MarketDataQuery): Promise<unknown>;
}

/** The market of a `market:*` topic, if it is one. */
const MARKET_OF_TOPIC = new Map(MARKETS.map((market) => [marketTopics.market(market.symbol), market]));

/** The market a follower's query is about. */
export function marketOfQuery(query: MarketDataQuery): Market {
  if (query.op !== 'snapshot') return requireMarket(query.symbol);
  const market = MARKET_OF_TOPIC.get(query.topic);
  if (!market) throw new AppError('pair_is_not_listed');
  return market;
}

/** What a replica that does not write the books asks of the one that does. */
export type MarketDataQuery =
  | { op: 'snapshot'; topic: string }
  | { op: 'ticker'; symbol: string }
  | { op: 'depth'; symbol: string; levels: number }
  | { op: 'trades'; symbol: string; limit: number };

interface MarketDataDependencies {
  db: Db;
  clock: Clock;
  events: SnapshotBus;
  realtime: RealtimeHub;
  runners: MarketRunners;
  venues: VenuesService;
  /** Absent: this process is the only one (its feeds are the truth). */
  writer?: BooksWriter;
  log?: FeedDependencies['log'];
}

/**
 * The feeds' bus: on a process that does not write a market's shard, that market's feed sees no
 * commits and publishes nothing on its topic (the writer's events reach its sockets over the bus).
 */
function feedEvents(deps: MarketDataDependencies): EventBus {
  const { events, writer } = deps;
  if (!writer) return events;
  const written = (topic: string) => {
    const market = MARKET_OF_TOPIC.get(topic);
    return market === undefined ? !topic.startsWith(MARKET_TOPIC_PREFIX) : writer.writesNow(market);
  };
  return {
    publish: (topic, event) => (written(topic) ? events.publish(topic, event) : Promise.resolve()),
    subscribe: (topic, listener) => events.subscribe(topic, listener),
    wants: (topic) => events.wants(topic),
    close: () => events.close(),
  };
}

function createFeeds(deps: MarketDataDependencies) {
  const onLastPrice = (changed: Market, price: bigint) => {
    const data: LastPriceEvent = { symbol: changed.symbol, price: price.toString() };
    void deps.events.publish(LAST_PRICE_TOPIC, { channel: 'markets', type: 'last-price', data });
  };
  const feeds = new Map<string, MarketFeed>();
  const events = feedEvents(deps);
  for (const market of MARKETS) {
    const feed = new MarketFeed({
      market,
      runner: deps.runners.runner(market),
      db: deps.db,
      events,
      clock: deps.clock,
      venues: deps.venues,
      onLastPrice,
      log: deps.log,
    });
    feeds.set(feed.topic, feed);
    feeds.set(market.symbol, feed);
  }
  return feeds;
}

/** Topics, snapshots and Rora's own quote: what the feeds offer to the rest of the app. */
function wireTopics(deps: MarketDataDependencies, feeds: Map<string, MarketFeed>, tickers: TickersTopic) {
  const { events, realtime, clock } = deps;
  const feedOf = (market: Market) => feeds.get(market.symbol)!;
  deps.runners.onCommitted((batch) => feedOf(batch.market).onBatch(batch));
  if (deps.writer) followHandovers(deps, feedOf);
  // The listed markets only: an unlisted pair is topic_not_found, not a subscription that never speaks.
  realtime.allowPublicTopic(new RegExp(`^(${[...MARKET_OF_TOPIC.keys()].join('|')})$`));
  realtime.allowPublicTopic(/^markets:tickers$/);
  events.provideSnapshots(/^market:/, async (topic) => {
    const market = MARKET_OF_TOPIC.get(topic);
    if (deps.writer && market && !deps.writer.writesNow(market))
      return (await deps.writer.read({ op: 'snapshot', topic })) as RealtimeEvent;
    return (await feeds.get(topic)?.snapshot()) ?? null;
  });
  events.provideSnapshots(/^markets:tickers$/, () => tickers.snapshot());
  deps.venues.useRoraQuotes((market) => {
    const feed = feedOf(market);
    const { bid, ask } = feed.best();
    const mid = bid !== null && ask !== null ? ((bid + ask) / 2n / market.spec.tickSize) * market.spec.tickSize : null;
    return { bid, ask, price: feed.lastPrice ?? mid, at: clock.now() };
  });
}

/**
 * With several processes, a process that may write a shard follows what its markets' topics send,
 * and once it takes the shard over, each market's feed reads its trades again and sends those the
 * topic may not have sent (ADR 0045, ADR 0073).
 */
function followHandovers(deps: MarketDataDependencies, feedOf: (market: Market) => MarketFeed) {
  const { shards } = deps.runners;
  for (const market of MARKETS) {
    if (!shards.mayWrite(shards.shardOf(market.symbol))) continue;
    deps.events.observe(marketTopics.market(market.symbol), (event) => feedOf(market).observe(event));
  }
  deps.runners.onWriter((shard) => {
    for (const market of MARKETS) {
      if (shards.shardOf(market.symbol) !== shard) continue;
      const through = deps.runners.runner(market).lastTradeSeq();
      feedOf(market).takeOver({ through, standing: () => deps.runners.standing(market) });
    }
  });
}

function marketView(market: Market, ticker: Ticker): MarketView {
  const definition = MARKET_DEFINITIONS[market.symbol];
  return {
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    tick: definition.tick,
    lot: definition.lot,
    minNotional: definition.minNotional,
    darkPoolMinNotional: definition.darkPoolMinNotional,
    ticker,
  };
}

/** On the books' writer, a query of a replica that does not write, from this process's feeds. */
function answerFollower(service: MarketDataService, feeds: Map<string, MarketFeed>, query: MarketDataQuery) {
  if (query.op === 'snapshot') {
    const feed = feeds.get(query.topic);
    if (!feed) throw new AppError('pair_is_not_listed');
    return feed.snapshot();
  }
  if (query.op === 'ticker') return service.ticker(query.symbol);
  if (query.op === 'depth') return service.depth(query.symbol, query.levels);
  return service.trades(query.symbol, query.limit);
}

const inListOrder = (favourites: ReadonlySet<string>) => VENUE_IDS.filter((id) => favourites.has(id));

export function createMarketDataService(deps: MarketDataDependencies): MarketDataService {
  const { db, clock, events, venues } = deps;
  const feeds = createFeeds(deps);
  const feedOf = (market: Market) => feeds.get(market.symbol)!;
  /** True on a replica that does not write the market's shard: its feed is stale, the writer's is true. */
  const follows = (market: Market) => deps.writer !== undefined && !deps.writer.writesNow(market);
  const collect = () =>
    Promise.all(
      MARKETS.map(async (market): Promise<PairTicker> => {
        const [ticker, prices] = await Promise.all([service.ticker(market.symbol), venues.prices(market)]);
        return { symbol: market.symbol, ticker, venues: prices.map((price) => venuePriceView(market, price)) };
      }),
    );
  const tickers = new TickersTopic({ events, collect });
  wireTopics(deps, feeds, tickers);
  let timer: NodeJS.Timeout | null = null;

  const service: MarketDataService = {
    async start() {
      await Promise.all(MARKETS.map((market) => feedOf(market).ready()));
      timer ??= setInterval(() => void service.tick().catch(() => undefined), TICK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async tick() {
      const nowMs = clock.now().getTime();
      for (const market of MARKETS) feedOf(market).checkWindow(nowMs);
      if (events.subscriberCount(marketTopics.tickers) > 0) await tickers.refresh();
    },
    feed: feedOf,
    markets: () => Promise.all(MARKETS.map(async (market) => marketView(market, await service.ticker(market.symbol)))),
    async ticker(symbol) {
      const market = requireMarket(symbol);
      if (follows(market)) return (await deps.writer!.read({ op: 'ticker', symbol: market.symbol })) as Ticker;
      return feedOf(market).tickerView();
    },
    async depth(symbol, levels) {
      const market = requireMarket(symbol);
      if (follows(market)) return (await deps.writer!.read({ op: 'depth', symbol: market.symbol, levels })) as Depth;
      return feedOf(market).depthView(levels);
    },
    async trades(symbol, limit) {
      const market = requireMarket(symbol);
      if (follows(market))
        return (await deps.writer!.read({ op: 'trades', symbol: market.symbol, limit })) as TradeList;
      return { symbol: market.symbol, items: await feedOf(market).recentTrades(limit) };
    },
    async serveFollower(query) {
      if (follows(marketOfQuery(query))) throw new AppError('market_is_unavailable');
      return answerFollower(service, feeds, query);
    },
    async candles(symbol, range) {
      const market = requireMarket(symbol);
      const interval = RANGE_INTERVALS[range] ?? '5m';
      const days = CHART_RANGES.find((item) => item.id === range)?.days ?? 1;
      // From the bucket that holds the range's start: for 1D, the ticker's 24-hour window.
      const from = range === 'ATH' ? null : bucketStart(interval, new Date(clock.now().getTime() - days * 86_400_000));
      const rows = await readCandles(db, { pair: market.symbol, interval, from });
      return { symbol: market.symbol, range, interval, candles: rows.map((row) => candleView(market, row)) };
    },
    async venues(symbol, userId) {
      const market = requireMarket(symbol);
      const [prices, favourites] = await Promise.all([venues.prices(market), readFavouriteVenues(db, userId)]);
      return { symbol: market.symbol, items: venueViews(market, prices, favourites) };
    },
    favouriteVenues: async (userId) => inListOrder(await readFavouriteVenues(db, userId)),
    async setFavouriteVenue(input) {
      if (!venues.find(input.venue)) throw new AppError('venue_is_not_listed', { field: 'venue' });
      await setFavouriteVenue(db, input);
      return inListOrder(await readFavouriteVenues(db, input.userId));
    },
  };
  return service;
}

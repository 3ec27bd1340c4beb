// Public market data over REST and the WebSocket: one feed per market fed by the order runners'
// committed batches, candles for the chart ranges of spec §9, and the venues with their prices and
// fees. Market topics are public (any signed-in socket may subscribe) and start with a snapshot.
import {
  CHART_RANGES,
  MARKET_DEFINITIONS,
  RANGE_INTERVALS,
  marketTopics,
  type Depth,
  type Market as MarketView,
  type Ticker,
  type Trade,
  type Venue,
} from '@rora/contracts';
import type { Db } from '@rora/db';
import { formatAmount } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { MARKETS, formatPrice, requireMarket, type Market } from '../markets/market-specs.ts';
import type { MarketRunners } from '../orders/index.ts';
import type { RealtimeHub } from '../realtime/realtime-hub.ts';
import type { VenuePrice, VenuesService } from '../venues/index.ts';
import { MarketFeed } from './market-feed.ts';
import { readCandles, readFavouriteVenues, setFavouriteVenue } from './market-data.repository.ts';
import type { SnapshotBus } from './snapshot-bus.ts';
import { candleView } from './views.ts';

export type LastPriceListener = (market: Market, price: bigint) => void;

export interface MarketDataService {
  start(): Promise<void>;
  feed(market: Market): MarketFeed;
  onLastPrice(listener: LastPriceListener): void;
  markets(): Promise<MarketView[]>;
  ticker(symbol: string): Promise<Ticker>;
  depth(symbol: string, levels: number): Depth;
  trades(symbol: string, limit: number): Trade[];
  candles(
    symbol: string,
    range: string,
  ): Promise<{ symbol: string; range: string; interval: '5m' | '1h' | '1d'; candles: ReturnType<typeof candleView>[] }>;
  venues(symbol: string, userId: string | null): Promise<Venue[]>;
  setFavouriteVenue(input: { userId: string; venue: string; favourite: boolean }): Promise<void>;
}

const percent = (bps: number) => formatAmount(BigInt(bps), 2);
const LOGO_COLOURS = ['#2f6bff', '#f0b90b', '#5741d9', '#0052ff', '#23af91', '#7a7a7a', '#2b9b48'];

/** A monogram badge as an SVG data URI, so every platform has a logo with no file to ship. */
function venueLogo(name: string, index: number): string {
  const colour = LOGO_COLOURS[index % LOGO_COLOURS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${colour}"/><text x="16" y="21" font-family="sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#fff">${name.slice(0, 1)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

interface MarketDataDependencies {
  db: Db;
  clock: Clock;
  events: SnapshotBus;
  realtime: RealtimeHub;
  runners: MarketRunners;
  venues: VenuesService;
}

/** One feed per market, reachable by symbol and by topic; tickers also go to the all-pairs topic. */
function createFeeds(
  deps: MarketDataDependencies,
  lastPriceListeners: Set<LastPriceListener>,
): Map<string, MarketFeed> {
  const { db, clock, events, venues } = deps;
  let tickersSequence = 0;
  const feeds = new Map<string, MarketFeed>();
  for (const market of MARKETS) {
    const feed = new MarketFeed({
      market,
      runner: deps.runners.runner(market),
      db,
      events,
      clock,
      venues,
      onLastPrice: (changed, price) => lastPriceListeners.forEach((listener) => listener(changed, price)),
      onTicker: (ticker) => {
        tickersSequence += 1;
        void events.publish(marketTopics.tickers, {
          channel: 'markets',
          type: 'tickers',
          data: { sequence: tickersSequence, items: [ticker] },
        });
      },
    });
    feeds.set(feed.topic, feed);
    feeds.set(market.symbol, feed);
  }
  return feeds;
}

function venueViews(market: Market, prices: VenuePrice[], favourites: Set<string>): Venue[] {
  return prices.map(({ venue, quote, available }, index) => ({
    id: venue.id,
    name: venue.name,
    logo: venueLogo(venue.name, index),
    default: index === 0,
    takerFeeBps: venue.takerFeeBps,
    makerFeeBps: venue.makerFeeBps,
    takerFee: percent(venue.takerFeeBps),
    makerFee: percent(venue.makerFeeBps),
    price: quote?.price ? formatPrice(market, quote.price) : null,
    bid: quote?.bid ? formatPrice(market, quote.bid) : null,
    ask: quote?.ask ? formatPrice(market, quote.ask) : null,
    favourite: favourites.has(venue.id),
    available,
  }));
}

export function createMarketDataService(deps: MarketDataDependencies): MarketDataService {
  const { db, clock, events, venues } = deps;
  const lastPriceListeners = new Set<LastPriceListener>();
  const feeds = createFeeds(deps, lastPriceListeners);
  const feedOf = (market: Market) => feeds.get(market.symbol)!;

  deps.runners.onCommitted((batch) => feedOf(batch.market).onBatch(batch));
  deps.realtime.allowPublicTopic(/^market:[A-Z0-9]{2,12}-[A-Z0-9]{2,12}$/);
  deps.realtime.allowPublicTopic(/^markets:tickers$/);
  events.provideSnapshots(/^market:/, (topic) => feeds.get(topic)?.snapshot() ?? null);
  venues.useRoraQuotes((market) => {
    const feed = feedOf(market);
    const { bid, ask } = feed.best();
    const mid = bid !== null && ask !== null ? ((bid + ask) / 2n / market.spec.tickSize) * market.spec.tickSize : null;
    return { bid, ask, price: feed.lastPrice ?? mid, at: clock.now() };
  });

  return {
    async start() {
      await Promise.all(MARKETS.map((market) => feedOf(market).load()));
    },
    feed: feedOf,
    onLastPrice: (listener) => void lastPriceListeners.add(listener),
    async markets() {
      return Promise.all(
        MARKETS.map(async (market) => {
          const definition = MARKET_DEFINITIONS[market.symbol];
          return {
            symbol: market.symbol,
            base: market.base,
            quote: market.quote,
            tick: definition.tick,
            lot: definition.lot,
            minNotional: definition.minNotional,
            darkPoolMinNotional: definition.darkPoolMinNotional,
            ticker: await feedOf(market).tickerView(),
          };
        }),
      );
    },
    ticker: (symbol) => feedOf(requireMarket(symbol)).tickerView(),
    depth: (symbol, levels) => feedOf(requireMarket(symbol)).depthView(levels),
    trades: (symbol, limit) => feedOf(requireMarket(symbol)).recentTrades(limit),
    async candles(symbol, range) {
      const market = requireMarket(symbol);
      const interval = RANGE_INTERVALS[range] ?? '5m';
      const days = CHART_RANGES.find((item) => item.id === range)?.days ?? 1;
      const from = range === 'ATH' ? null : new Date(clock.now().getTime() - days * 86_400_000);
      const rows = await readCandles(db, { pair: market.symbol, interval, from });
      return { symbol: market.symbol, range, interval, candles: rows.map((row) => candleView(market, row)) };
    },
    async venues(symbol, userId) {
      const market = requireMarket(symbol);
      const [prices, favourites] = await Promise.all([
        venues.prices(market),
        userId ? readFavouriteVenues(db, userId) : Promise.resolve(new Set<string>()),
      ]);
      return venueViews(market, prices, favourites);
    },
    async setFavouriteVenue(input) {
      if (!venues.find(input.venue)) throw new AppError('venue_is_not_listed', { field: 'venue' });
      await setFavouriteVenue(db, input);
    },
  };
}

// A live platform over ccxt (VENUES=ccxt): the same VenueAdapter as the simulator, so going live
// is configuration. ccxt is loaded only when chosen (`npm install ccxt -w @rora/api` first); it is
// not a dependency of the sandbox. Keys come from CCXT_<VENUE>_API_KEY / _SECRET when execution is
// wanted; without keys a venue still quotes and shows depth (public endpoints).
import type { VenueDefinition } from '@rora/contracts';
import { formatAmount, parseAmount } from '@rora/money';
import type { Market } from '../markets/index.ts';
import {
  VenueUnavailableError,
  walkDepth,
  type VenueAdapter,
  type VenueDepth,
  type VenueFill,
} from './venue-adapter.ts';

/** An order as ccxt's unified structure gives it (the fields this adapter reads). */
export interface CcxtOrder {
  clientOrderId?: string;
  side?: 'buy' | 'sell';
  filled?: number;
  average?: number;
  trades?: Array<{ price: number; amount: number }>;
}

/** The part of a ccxt Exchange this adapter uses. */
export interface CcxtExchange {
  fetchTicker(symbol: string): Promise<{ bid?: number; ask?: number; last?: number }>;
  fetchOrderBook(symbol: string, limit?: number): Promise<{ bids: number[][]; asks: number[][] }>;
  createOrder(
    symbol: string,
    type: 'market',
    side: 'buy' | 'sell',
    amount: number,
    price?: number,
    params?: Record<string, unknown>,
  ): Promise<CcxtOrder>;
  /** Where the platform supports it: a market buy for a quote amount. */
  createMarketBuyOrderWithCost?(symbol: string, cost: number, params?: Record<string, unknown>): Promise<CcxtOrder>;
  /** Where the platform supports it: its recent closed orders of a pair (a market order closes at once). */
  fetchClosedOrders?(symbol: string, since?: number, limit?: number): Promise<CcxtOrder[]>;
}

/** A buy by total without a platform-side cost order spends at most this share of the budget. */
const BUDGET_HEADROOM_BPS = 100n;
/** How far back a lost order is looked for. */
const LOOKUP_WINDOW_MS = 24 * 3_600_000;

/** ccxt gives floats; String() of a float is its shortest exact decimal, parsed at the asset's scale. */
function toPrice(market: Market, value: number | undefined, rounding: 'down' | 'up'): bigint | null {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return null;
  const minor = parseAmount(decimalText(value), market.quoteScale, { rounding });
  const tick = market.spec.tickSize;
  const ticks = rounding === 'down' ? minor / tick : (minor + tick - 1n) / tick;
  return ticks * tick;
}

function toQuantity(market: Market, value: number): bigint {
  const minor = parseAmount(decimalText(value), market.baseScale, { rounding: 'down' });
  return (minor / market.spec.lotSize) * market.spec.lotSize;
}

/** A float as a plain decimal string (no exponent), for parseAmount. */
function decimalText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function side(market: Market, rows: number[][], rounding: 'down' | 'up'): Array<readonly [bigint, bigint]> {
  const levels: Array<readonly [bigint, bigint]> = [];
  for (const [price, amount] of rows) {
    const tickPrice = toPrice(market, price, rounding);
    const quantity = amount === undefined ? 0n : toQuantity(market, amount);
    if (tickPrice !== null && quantity > 0n) levels.push([tickPrice, quantity]);
  }
  return levels;
}

/** A platform order's fills on the market's ticks and lots, in the house's favour. */
function fillsOf(market: Market, orderSide: 'buy' | 'sell', order: CcxtOrder): VenueFill[] {
  // A buyer pays the tick above, a seller gets the one below.
  const rounding = orderSide === 'buy' ? 'up' : 'down';
  const trades = order.trades?.length
    ? order.trades
    : order.filled && order.average
      ? [{ price: order.average, amount: order.filled }]
      : [];
  return trades
    .map((trade) => ({
      price: toPrice(market, trade.price, rounding) ?? 0n,
      quantity: toQuantity(market, trade.amount),
    }))
    .filter((fill) => fill.price > 0n && fill.quantity > 0n);
}

/** The base a quote budget buys on the platform's current asks, keeping headroom for the book to move. */
async function quantityForBudget(exchange: CcxtExchange, market: Market, budget: bigint): Promise<bigint> {
  const book = await exchange.fetchOrderBook(market.symbol, 50);
  const spendable = (budget * (10_000n - BUDGET_HEADROOM_BPS)) / 10_000n;
  return walkDepth(market, side(market, book.asks, 'up'), { budget: spendable }).reduce(
    (sum, fill) => sum + fill.quantity,
    0n,
  );
}

export function createCcxtVenue(venue: VenueDefinition, exchange: CcxtExchange): VenueAdapter {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new VenueUnavailableError(venue.id, error instanceof Error ? error.name : 'error');
    }
  };
  return {
    venue,
    quote: (market) =>
      guard(async () => {
        const ticker = await exchange.fetchTicker(market.symbol);
        const bid = toPrice(market, ticker.bid, 'down');
        const ask = toPrice(market, ticker.ask, 'up');
        const price = bid !== null && ask !== null ? (bid + ask) / 2n : toPrice(market, ticker.last, 'down');
        return { bid, ask, price, at: new Date() };
      }),
    depth: (market, levels) =>
      guard(async (): Promise<VenueDepth> => {
        const book = await exchange.fetchOrderBook(market.symbol, levels);
        return { bids: side(market, book.bids, 'down'), asks: side(market, book.asks, 'up') };
      }),
    execute: (input) =>
      guard(async (): Promise<VenueFill[]> => {
        const { market } = input;
        const params = { clientOrderId: input.clientOrderId };
        let order: CcxtOrder;
        if (input.quantity === undefined && input.budget !== undefined && exchange.createMarketBuyOrderWithCost) {
          // ccxt's API takes floats; it applies the platform's own precision.
          const cost = Number(formatAmount(input.budget, market.quoteScale));
          order = await exchange.createMarketBuyOrderWithCost(market.symbol, cost, params);
        } else {
          const quantity = input.quantity ?? (await quantityForBudget(exchange, market, input.budget ?? 0n));
          if (quantity === 0n) return [];
          const amount = Number(formatAmount(quantity, market.baseScale));
          order = await exchange.createOrder(market.symbol, 'market', input.side, amount, undefined, params);
        }
        return fillsOf(market, input.side, order);
      }),
    findOrder: (market, clientOrderId) =>
      guard(async (): Promise<VenueFill[] | null> => {
        if (!exchange.fetchClosedOrders) throw new Error('the platform cannot list its orders');
        const orders = await exchange.fetchClosedOrders(market.symbol, Date.now() - LOOKUP_WINDOW_MS);
        const order = orders.find((candidate) => candidate.clientOrderId === clientOrderId);
        if (!order) return null;
        if (order.side !== 'buy' && order.side !== 'sell') throw new Error('the platform gave no side');
        return fillsOf(market, order.side, order);
      }),
  };
}

/**
 * Adapters over ccxt, one per platform id (binance, kraken, ...), loading ccxt on first use so the
 * composition root stays synchronous and the sandbox never needs the package.
 */
export function createCcxtVenues(venues: readonly VenueDefinition[], env: NodeJS.ProcessEnv): VenueAdapter[] {
  let library: Promise<Record<string, new (options: object) => CcxtExchange>> | undefined;
  const load = () =>
    (library ??= import('ccxt' as string) as Promise<Record<string, new (options: object) => CcxtExchange>>);
  return venues.map((venue) => {
    let adapter: Promise<VenueAdapter> | undefined;
    const open = () =>
      (adapter ??= load().then((ccxt) => {
        const Exchange = ccxt[venue.id];
        if (!Exchange) throw new VenueUnavailableError(venue.id, 'ccxt has no exchange of this name');
        const prefix = `CCXT_${venue.id.toUpperCase()}`;
        const options = { apiKey: env[`${prefix}_API_KEY`], secret: env[`${prefix}_SECRET`], enableRateLimit: true };
        return createCcxtVenue(venue, new Exchange(options));
      }));
    return {
      venue,
      quote: async (market) => (await open()).quote(market),
      depth: async (market, levels) => (await open()).depth(market, levels),
      execute: async (input) => (await open()).execute(input),
      findOrder: async (market, clientOrderId) => (await open()).findOrder(market, clientOrderId),
    };
  });
}

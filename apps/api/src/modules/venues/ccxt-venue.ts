// A live platform over ccxt (VENUES=ccxt): the same VenueAdapter as the simulator, so going live
// is configuration. ccxt is loaded only when chosen (`npm install ccxt -w @rora/api` first); it is
// not a dependency of the sandbox. Keys come from CCXT_<VENUE>_API_KEY / _SECRET when execution is
// wanted; without keys a venue still quotes and shows depth (public endpoints).
import type { VenueDefinition } from '@rora/contracts';
import { formatAmount, parseAmount } from '@rora/money';
import type { Market } from '../markets/market-specs.ts';
import { VenueUnavailableError, type VenueAdapter, type VenueDepth, type VenueFill } from './venue-adapter.ts';

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
  ): Promise<{ trades?: Array<{ price: number; amount: number }> }>;
}

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
        if (input.quantity === undefined) throw new Error('ccxt market orders need a base quantity');
        // ccxt's API takes floats; it applies the platform's own amount precision.
        const amount = Number(formatAmount(input.quantity, input.market.baseScale));
        const order = await exchange.createOrder(input.market.symbol, 'market', input.side, amount, undefined, {
          clientOrderId: input.clientOrderId,
        });
        // On the market's ticks in the house's favour: a buyer pays the tick above, a seller gets the one below.
        const rounding = input.side === 'buy' ? 'up' : 'down';
        return (order.trades ?? []).map((trade) => ({
          price: toPrice(input.market, trade.price, rounding) ?? 0n,
          quantity: toQuantity(input.market, trade.amount),
        }));
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
    };
  });
}

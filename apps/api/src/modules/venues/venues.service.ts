// The seven platforms of spec §2/§9, default first: Rora's own book, then six external platforms
// through their VenueAdapters. Gives each platform's price and fees for a pair, the reference price
// (the median of the external platforms' mids, so Rora's own book never feeds its market maker
// back its own quotes), and the adapter to execute on.
import { VENUES, type VenueDefinition } from '@rora/contracts';
import type { Clock } from '../../lib/clock.ts';
import { within } from '../../lib/within.ts';
import type { Market } from '../markets/index.ts';
import type { VenueAdapter, VenueQuote } from './venue-adapter.ts';

export interface VenuePrice {
  venue: VenueDefinition;
  quote: VenueQuote | null;
  available: boolean;
}

/** Rora's own price for a pair (its book), supplied by the market data module. */
export type RoraQuoteSource = (market: Market) => VenueQuote;

export interface VenuesService {
  readonly definitions: readonly VenueDefinition[];
  find(id: string): VenueDefinition | null;
  /** The adapter of an external platform; null for Rora's own book. */
  adapter(id: string): VenueAdapter | null;
  /** Every platform's price for the pair, in list order. */
  prices(market: Market): Promise<VenuePrice[]>;
  /** Median mid of the external platforms (on the market's ticks), or null when none answers. */
  referencePrice(market: Market): Promise<bigint | null>;
  /** The reference price with the time of the oldest quote in its median, or null when none answers. */
  referenceQuote(market: Market): Promise<ReferenceQuote | null>;
  useRoraQuotes(source: RoraQuoteSource): void;
}

export interface ReferenceQuote {
  price: bigint;
  observedAt: Date;
}

const QUOTE_TTL_MS = 1_000;
const QUOTE_TIMEOUT_MS = 2_000;

function median(values: bigint[]): bigint | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2n;
}

export function createVenuesService(deps: { adapters: readonly VenueAdapter[]; clock: Clock }): VenuesService {
  const adapters = new Map(deps.adapters.map((adapter) => [adapter.venue.id as string, adapter]));
  const cache = new Map<string, { quote: VenueQuote | null; fetchedAtMs: number }>();
  let roraQuotes: RoraQuoteSource = () => ({ bid: null, ask: null, price: null, at: deps.clock.now() });

  async function externalQuote(adapter: VenueAdapter, market: Market): Promise<VenueQuote | null> {
    const key = `${adapter.venue.id}|${market.symbol}`;
    const nowMs = deps.clock.now().getTime();
    const cached = cache.get(key);
    if (cached && nowMs - cached.fetchedAtMs < QUOTE_TTL_MS) return cached.quote;
    const quote = (await within(adapter.quote(market), QUOTE_TIMEOUT_MS)) ?? null;
    cache.set(key, { quote, fetchedAtMs: nowMs });
    return quote;
  }

  async function prices(market: Market): Promise<VenuePrice[]> {
    return Promise.all(
      VENUES.map(async (venue): Promise<VenuePrice> => {
        const adapter = adapters.get(venue.id);
        if (!adapter) {
          const quote = roraQuotes(market);
          return { venue, quote, available: true };
        }
        const quote = await externalQuote(adapter, market);
        return { venue, quote, available: quote !== null && quote.price !== null };
      }),
    );
  }

  async function referenceQuote(market: Market): Promise<ReferenceQuote | null> {
    const external = await Promise.all([...adapters.values()].map((adapter) => externalQuote(adapter, market)));
    const priced = external.flatMap((quote) => (quote?.price ? [{ price: quote.price, at: quote.at }] : []));
    const value = median(priced.map((quote) => quote.price));
    if (value === null) return null;
    const oldest = Math.min(...priced.map((quote) => quote.at.getTime()));
    return { price: (value / market.spec.tickSize) * market.spec.tickSize, observedAt: new Date(oldest) };
  }

  return {
    definitions: VENUES,
    find: (id) => VENUES.find((venue) => venue.id === id) ?? null,
    adapter: (id) => adapters.get(id) ?? null,
    prices,
    referenceQuote,
    async referencePrice(market) {
      return (await referenceQuote(market))?.price ?? null;
    },
    useRoraQuotes(source) {
      roraQuotes = source;
    },
  };
}

// The swap's ReferencePriceSource over the other modules: US dollar prices from the prices module
// (the latest observation per asset), and a listed pair's reference price from the markets module
// (the median of the external venues' mids, in quote units per whole base). The venues are built
// before swaps (and orders after them: POST /order hands swaps here); without pair prices, and for
// any pair the catalogue does not list, rates cross through USD prices (reference-rate.ts).
import { formatAmount, type AssetSymbol } from '@rora/money';
import { findMarket } from '../markets/index.ts';
import { PRICE_SCALE, formatPrice, type PriceService } from '../prices/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { VenuesService } from '../venues/index.ts';
import { CROSS_ASSET, findUsdPrice, type ReferencePriceSource } from './reference-rate.ts';

/** A listed pair's reference price (quote units per whole base unit), as a decimal string. */
export interface PairPriceSource {
  pairPrice(base: AssetSymbol, quote: AssetSymbol): Promise<string | null>;
}

export function referencePricesFrom(sources: {
  prices: Pick<PriceService, 'quoteMap'>;
  pairs: PairPriceSource | null;
}): ReferencePriceSource {
  const { pairs } = sources;
  return {
    async usdPrice(asset) {
      const quote = (await sources.prices.quoteMap()).get(asset);
      return quote?.usdPrice ? formatPrice(quote.usdPrice) : null;
    },
    async pairPrice(base, quote) {
      return pairs ? pairs.pairPrice(base, quote) : null;
    },
  };
}

/** Pair prices from the venues; null for a pair it does not list or cannot price. */
export function marketPairPrices(venues: Pick<VenuesService, 'referencePrice'>): PairPriceSource {
  return {
    async pairPrice(base, quote) {
      const market = findMarket(`${base}/${quote}`);
      if (!market) return null;
      const price = await venues.referencePrice(market);
      return price === null || price <= 0n ? null : formatAmount(price, market.quoteScale);
    },
  };
}

/** US dollar prices as swaps value coins (findUsdPrice), for another module (the on-ramp's pricing). */
export function marketUsdPrices(prices: ReferencePriceSource): {
  usdPrice(asset: AssetSymbol): Promise<string | null>;
} {
  return {
    async usdPrice(asset) {
      const price = await findUsdPrice(prices, asset);
      return price === null ? null : formatAmount(price, 18);
    },
  };
}

/** A US dollar price with the time it was observed: the older of its legs. */
export interface ObservedUsdPrice {
  usdPrice: string;
  observedAt: Date;
}

const ONE_USD = 10n ** 18n;

/**
 * The same valuation as `marketUsdPrices`, with when it was observed (for a module that must not
 * act on an old price, such as lending): a listed coin's venue median in USDT (the time of the
 * oldest quote in it) times USDT's catalogue price (its observation time), else the coin's
 * catalogue price and its observation time. `catalogueIsFeed` (the sandbox only, where the
 * seeded catalogue stands for a price feed) reads catalogue prices as observed now.
 */
export function observedUsdPrices(sources: {
  catalogue: Pick<PriceService, 'quoteMap'>;
  venues: Pick<VenuesService, 'referenceQuote'> | null;
  clock: Clock;
  catalogueIsFeed: boolean;
}): { usdPrice(asset: AssetSymbol): Promise<ObservedUsdPrice | null> } {
  async function catalogue(asset: AssetSymbol) {
    const quote = (await sources.catalogue.quoteMap()).get(asset);
    if (!quote?.usdPrice || quote.usdPrice <= 0n || !quote.observedAt) return null;
    const observedAt = sources.catalogueIsFeed ? sources.clock.now() : quote.observedAt;
    return { units: quote.usdPrice * 10n ** BigInt(18 - PRICE_SCALE), observedAt };
  }
  async function pair(asset: AssetSymbol) {
    const market = asset === CROSS_ASSET ? undefined : findMarket(`${asset}/${CROSS_ASSET}`);
    if (!market || !sources.venues) return null;
    const quote = await sources.venues.referenceQuote(market);
    return quote && quote.price > 0n
      ? { units: (quote.price * ONE_USD) / 10n ** BigInt(market.quoteScale), quote }
      : null;
  }
  return {
    async usdPrice(asset) {
      const [market, quoteUsd] = await Promise.all([pair(asset), catalogue(CROSS_ASSET)]);
      if (market && quoteUsd) {
        const older = Math.min(market.quote.observedAt.getTime(), quoteUsd.observedAt.getTime());
        const units = (market.units * quoteUsd.units) / ONE_USD;
        return { usdPrice: formatAmount(units, 18), observedAt: new Date(older) };
      }
      const own = await catalogue(asset);
      return own ? { usdPrice: formatAmount(own.units, 18), observedAt: own.observedAt } : null;
    },
  };
}

// The swap's ReferencePriceSource over the other modules: US dollar prices from the prices module
// (the latest observation per asset), and a listed pair's reference price from the markets module
// (the median of the external venues' mids, in quote units per whole base). The venues are built
// before swaps (and orders after them: POST /order hands swaps here); without pair prices, and for
// any pair the catalogue does not list, rates cross through USD prices (reference-rate.ts).
import { formatAmount, type AssetSymbol } from '@rora/money';
import { findMarket } from '../markets/index.ts';
import { formatPrice, type PriceService } from '../prices/index.ts';
import type { VenuesService } from '../venues/index.ts';
import { findUsdPrice, type ReferencePriceSource } from './reference-rate.ts';

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

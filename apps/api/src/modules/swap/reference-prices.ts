// The swap's ReferencePriceSource over the other modules: US dollar prices from the prices module
// (the latest observation per asset), and a listed pair's reference price from the markets module
// (the median of the external venues' mids, in quote units per whole base). The markets module is
// built after this one (its POST /order hands swaps here), so its prices are connected late:
// until then, and for any pair it does not list, rates cross through USD prices (reference-rate.ts).
import { formatAmount, type AssetSymbol } from '@rora/money';
import { findMarket, type MarketsModule } from '../markets/index.ts';
import { formatPrice, type PriceService } from '../prices/index.ts';
import { findUsdPrice, type ReferencePriceSource } from './reference-rate.ts';

/** A listed pair's reference price (quote units per whole base unit), as a decimal string. */
export interface PairPriceSource {
  pairPrice(base: AssetSymbol, quote: AssetSymbol): Promise<string | null>;
}

export interface SwapReferencePrices extends ReferencePriceSource {
  /** Connects (or, with null, disconnects) the pair prices. */
  usePairPrices(source: PairPriceSource | null): void;
}

export function referencePricesFrom(sources: {
  prices: Pick<PriceService, 'quoteMap'>;
  pairs?: PairPriceSource;
}): SwapReferencePrices {
  let pairs: PairPriceSource | null = sources.pairs ?? null;
  return {
    async usdPrice(asset) {
      const quote = (await sources.prices.quoteMap()).get(asset);
      return quote?.usdPrice ? formatPrice(quote.usdPrice) : null;
    },
    async pairPrice(base, quote) {
      return pairs ? pairs.pairPrice(base, quote) : null;
    },
    usePairPrices(source) {
      pairs = source;
    },
  };
}

/** Pair prices from the markets module's venues; null for a pair it does not list or cannot price. */
export function marketPairPrices(markets: Pick<MarketsModule, 'venues'>): PairPriceSource {
  return {
    async pairPrice(base, quote) {
      const market = findMarket(`${base}/${quote}`);
      if (!market) return null;
      const price = await markets.venues.referencePrice(market);
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

// Where a swap's reference rate comes from: the reference price of a listed pair (BTC/USDT), its
// inverse, a cross through the quote asset (BTC -> ETH as BTC/USDT over ETH/USDT), or, when no pair
// lists either coin, the two coins' reference US dollar prices. Prices arrive as decimal strings
// and become exact fractions here; nothing is rounded until the quote's single rounding.
import { parseAmount, scaleFactor, type AssetSymbol } from '@rora/money';
import type { SwapRateRoute } from '@rora/contracts';
import type { Rate } from './quote-math.ts';

/**
 * Reference prices, implemented over the prices module (USD prices per asset) and the markets
 * module (a reference price per listed pair). Either answer may be null: unknown or not listed.
 */
export interface ReferencePriceSource {
  /** US dollars per whole unit of the asset, as a decimal string. */
  usdPrice(asset: AssetSymbol): Promise<string | null>;
  /** Quote units per whole base unit on the listed pair BASE/QUOTE, as a decimal string. */
  pairPrice(base: AssetSymbol, quote: AssetSymbol): Promise<string | null>;
}

/** The quote asset every listed pair is priced in (spec §2 pairs: X/USDT). */
export const CROSS_ASSET: AssetSymbol = 'USDT';
const PRICE_SCALE = 18;
const ONE = scaleFactor(PRICE_SCALE);

/** A positive decimal price as an integer at 18 decimals, or null when it is missing or not positive. */
export function priceUnits(price: string | null): bigint | null {
  if (price === null) return null;
  try {
    const units = parseAmount(price, PRICE_SCALE, { rounding: 'half-even' });
    return units > 0n ? units : null;
  } catch {
    return null;
  }
}

export interface ReferenceRate {
  readonly rate: Rate;
  readonly route: SwapRateRoute;
}

/** Target whole units per source whole unit, or null when no price connects the two coins. */
export async function findReferenceRate(
  prices: ReferencePriceSource,
  from: AssetSymbol,
  to: AssetSymbol,
): Promise<ReferenceRate | null> {
  const direct = priceUnits(await prices.pairPrice(from, to));
  if (direct) return { rate: { numerator: direct, denominator: ONE }, route: 'direct' };
  const inverse = priceUnits(await prices.pairPrice(to, from));
  if (inverse) return { rate: { numerator: ONE, denominator: inverse }, route: 'inverse' };
  const [fromCross, toCross] = await Promise.all([crossPrice(prices, from), crossPrice(prices, to)]);
  if (fromCross && toCross) return { rate: { numerator: fromCross, denominator: toCross }, route: 'via_quote_asset' };
  const [fromUsd, toUsd] = await Promise.all([prices.usdPrice(from), prices.usdPrice(to)]).then((both) =>
    both.map(priceUnits),
  );
  if (fromUsd && toUsd) return { rate: { numerator: fromUsd, denominator: toUsd }, route: 'via_usd' };
  return null;
}

/** The coin's price in the quote asset (1 for the quote asset itself). */
async function crossPrice(prices: ReferencePriceSource, asset: AssetSymbol): Promise<bigint | null> {
  if (asset === CROSS_ASSET) return ONE;
  return priceUnits(await prices.pairPrice(asset, CROSS_ASSET));
}

/**
 * US dollars per whole unit for valuing a swap (its minimum, its worth on screen), at 18 decimals:
 * the coin's market price in the quote asset when a pair lists it (so the worth agrees with the
 * rate), else its reference USD price. The quote asset itself is valued at its USD price.
 */
export async function findUsdPrice(prices: ReferencePriceSource, asset: AssetSymbol): Promise<bigint | null> {
  if (asset !== CROSS_ASSET) {
    const [market, quoteUsd] = await Promise.all([prices.pairPrice(asset, CROSS_ASSET), prices.usdPrice(CROSS_ASSET)]);
    const inQuote = priceUnits(market);
    const quoteInUsd = priceUnits(quoteUsd);
    if (inQuote && quoteInUsd) return (inQuote * quoteInUsd) / ONE;
  }
  return priceUnits(await prices.usdPrice(asset));
}

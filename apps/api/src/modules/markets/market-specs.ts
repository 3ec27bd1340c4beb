// The listed markets as the engine and the services see them: the contract's decimal tick, lot and
// minimums (MARKET_DEFINITIONS) turned into bigint minor units once, at start, with the conversions
// between money and the engine's whole ticks and lots. Every tick × lot is a whole number of quote
// minor units, so a fill's notional is exact and no trade leaves dust.
import { MARKET_DEFINITIONS, PAIRS, parsePairSymbol, type PairSymbol } from '@rora/contracts';
import {
  assertMarketSpec,
  lotsToQuantity,
  priceToTicks,
  quantityToLots,
  ticksToPrice,
  type MarketSpec,
} from '@rora/matching-engine';
import { assetScale, formatAmount, parseAmount, scaleFactor, type AssetSymbol } from '@rora/money';
import { AppError } from '../../lib/errors.ts';

export interface Market {
  symbol: PairSymbol;
  base: AssetSymbol;
  quote: AssetSymbol;
  baseScale: number;
  quoteScale: number;
  spec: MarketSpec;
  /** Quote minor units of one tick-lot (a whole number by construction). */
  tickLotValue: bigint;
  minNotional: bigint;
  /** Null: this pair has no dark pool. */
  darkMinNotional: bigint | null;
  /** Decimals a price is shown with (the tick's). */
  priceDecimals: number;
  amountDecimals: number;
}

function decimalsOf(text: string): number {
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

function buildMarket(symbol: PairSymbol): Market {
  const pair = PAIRS.find((item) => item.symbol === symbol)!;
  const definition = MARKET_DEFINITIONS[symbol];
  const baseScale = assetScale(pair.base);
  const quoteScale = assetScale(pair.quote);
  const tickSize = parseAmount(definition.tick, quoteScale);
  const lotSize = parseAmount(definition.lot, baseScale);
  const darkMinNotional =
    definition.darkPoolMinNotional === null ? null : parseAmount(definition.darkPoolMinNotional, quoteScale);
  const spec: MarketSpec = { symbol, baseScale, tickSize, lotSize, darkMinNotional: darkMinNotional ?? 0n };
  assertMarketSpec(spec);
  const product = tickSize * lotSize;
  if (product % scaleFactor(baseScale) !== 0n) {
    throw new Error(`${symbol}: tick × lot must be a whole number of ${pair.quote} minor units`);
  }
  return {
    symbol,
    base: pair.base,
    quote: pair.quote,
    baseScale,
    quoteScale,
    spec,
    tickLotValue: product / scaleFactor(baseScale),
    minNotional: parseAmount(definition.minNotional, quoteScale),
    darkMinNotional,
    priceDecimals: decimalsOf(definition.tick),
    amountDecimals: decimalsOf(definition.lot),
  };
}

/** Every listed market, in the spec's order. */
export const MARKETS: readonly Market[] = PAIRS.map((pair) => buildMarket(pair.symbol));
const bySymbol = new Map(MARKETS.map((market) => [market.symbol as string, market]));

export function findMarket(symbol: string): Market | null {
  const parsed = parsePairSymbol(symbol);
  return parsed === null ? null : (bySymbol.get(parsed) ?? null);
}

/** The market of a symbol the contract already validated; 400 pair_is_not_listed otherwise. */
export function requireMarket(symbol: string): Market {
  const market = findMarket(symbol);
  if (!market) throw new AppError('pair_is_not_listed', { field: 'symbol' });
  return market;
}

/** quote minor units of priceTicks × qtyLots: exact. */
export function notionalOf(market: Market, priceTicks: number, qtyLots: number): bigint {
  return BigInt(priceTicks) * BigInt(qtyLots) * market.tickLotValue;
}

export const priceOfTicks = (market: Market, priceTicks: number) => ticksToPrice(market.spec, priceTicks);
export const quantityOfLots = (market: Market, qtyLots: number) => lotsToQuantity(market.spec, qtyLots);

/** Parses a price typed by the customer into whole ticks, or throws its catalogued code. */
export function parsePriceTicks(market: Market, text: string, field = 'price'): number {
  const price = parseDecimal(text, market.quoteScale, field);
  const ticks = priceToTicks(market.spec, price);
  if (ticks.ok) return ticks.value;
  throw new AppError(ticks.code === 'price_must_fit_engine_range' ? 'price_is_out_of_range' : ticks.code, { field });
}

/** Parses a base amount typed by the customer into whole lots, or throws its catalogued code. */
export function parseQuantityLots(market: Market, text: string, field = 'amount'): number {
  const quantity = parseDecimal(text, market.baseScale, field);
  const lots = quantityToLots(market.spec, quantity);
  if (lots.ok) return lots.value;
  throw new AppError(lots.code === 'quantity_must_fit_engine_range' ? 'quantity_is_out_of_range' : lots.code, {
    field,
  });
}

/** A decimal string at `scale` as minor units; the money codes (too many decimals, ...) otherwise. */
export function parseDecimal(text: string, scale: number, field: string): bigint {
  try {
    return parseAmount(text, scale);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'amount_has_too_many_decimals' || code === 'amount_is_not_a_decimal' || code === 'amount_is_empty') {
      throw new AppError(code, { field });
    }
    throw error;
  }
}

export const formatPrice = (market: Market, price: bigint) => formatAmount(price, market.quoteScale);
export const formatBase = (market: Market, quantity: bigint) => formatAmount(quantity, market.baseScale);
export const formatQuote = (market: Market, amount: bigint) => formatAmount(amount, market.quoteScale);
/** A price with exactly the tick's decimals, as the book shows it. */
export const formatTickPrice = (market: Market, price: bigint) =>
  formatAmount(price, market.quoteScale, { decimals: market.priceDecimals, rounding: 'half-even' });

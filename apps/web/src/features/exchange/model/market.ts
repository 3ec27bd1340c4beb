// A pair as the screen needs it: its assets and scales, tick and lot in minor units, minimums, and
// the decimals a price or an amount is shown with. Built once per pair from the contract's market
// definitions, so a screen that asks again on every render gets the same object (an effect keyed on
// it, such as the chart's, does not start over).
import { MARKET_DEFINITIONS, PAIRS, type Order, type PairSymbol } from '@rora/contracts';
import { assetScale, formatAmount, parseAmount, type AssetSymbol } from '@rora/money';
import { formatDecimal, formatMinor, formatPrice } from '../../../lib/format/numbers.ts';

export interface MarketModel {
  readonly symbol: PairSymbol;
  readonly base: AssetSymbol;
  readonly quote: AssetSymbol;
  readonly baseScale: number;
  readonly quoteScale: number;
  readonly tick: bigint;
  readonly lot: bigint;
  readonly minNotional: bigint;
  /** Null: the pair has no dark pool. */
  readonly darkMinNotional: bigint | null;
  readonly priceDecimals: number;
  readonly amountDecimals: number;
}

const decimalsOf = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);

function buildModel(pair: (typeof PAIRS)[number]): MarketModel {
  const definition = MARKET_DEFINITIONS[pair.symbol];
  const baseScale = assetScale(pair.base);
  const quoteScale = assetScale(pair.quote);
  return Object.freeze({
    symbol: pair.symbol,
    base: pair.base,
    quote: pair.quote,
    baseScale,
    quoteScale,
    tick: parseAmount(definition.tick, quoteScale),
    lot: parseAmount(definition.lot, baseScale),
    minNotional: parseAmount(definition.minNotional, quoteScale),
    darkMinNotional:
      definition.darkPoolMinNotional === null ? null : parseAmount(definition.darkPoolMinNotional, quoteScale),
    priceDecimals: decimalsOf(definition.tick),
    amountDecimals: decimalsOf(definition.lot),
  });
}

export const MARKET_MODELS: readonly MarketModel[] = PAIRS.map(buildModel);

/** The pair's model (the default pair's for an unknown symbol): always the same object for a pair. */
export function marketModel(symbol: PairSymbol): MarketModel {
  return MARKET_MODELS.find((model) => model.symbol === symbol) ?? MARKET_MODELS[0]!;
}

/** A price as the book shows it: the tick's decimals, grouped thousands, in the reader's marks. */
export function showPrice(market: MarketModel, text: string | null | undefined): string {
  return text === null || text === undefined ? '—' : formatPrice(text, market.symbol);
}

/** A base amount with the lot's decimals (cut), in the reader's marks. */
export function showAmount(market: MarketModel, text: string | null | undefined): string {
  if (text === null || text === undefined) return '—';
  const minor = parseAmount(text, market.baseScale, { rounding: 'down' });
  return formatMinor(minor, market.baseScale, { decimals: market.amountDecimals, rounding: 'down' });
}

/** An amount of any asset, exact (shortest form) or cut to `decimals`, grouped, in the reader's marks. */
export function showAsset(text: string | null | undefined, asset: AssetSymbol, decimals?: number): string {
  if (text === null || text === undefined) return '—';
  const scale = assetScale(asset);
  const minor = parseAmount(text, scale, { rounding: 'down' });
  return decimals === undefined ? formatMinor(minor, scale) : formatMinor(minor, scale, { decimals, rounding: 'down' });
}

/** A fee in whole basis points of a whole number of lots has at most this many more decimals than the lot. */
const BPS_DECIMALS = 4;

/**
 * The decimals every amount of `asset` shows in the order summary and its confirmation (ADR 0035,
 * amendment of 2026-11-30): the most an estimate's figure of that asset can carry on this market, so
 * each one is exact and they all line up. The quote asset at its scale (a total or fee is any number
 * of its minor units: USDT 6); the base asset at the lot's decimals plus the 4 a basis-point fee adds,
 * up to its scale (BTC 8, ETH 8, XRP 5). Another asset: exact.
 */
export function summaryDecimals(market: MarketModel, asset: AssetSymbol): number | undefined {
  if (asset === market.quote) return market.quoteScale;
  if (asset === market.base) return Math.min(market.baseScale, market.amountDecimals + BPS_DECIMALS);
  return undefined;
}

/**
 * An amount in the order summary or its confirmation: padded to the pair's `summaryDecimals`, never
 * cut (a figure with more decimals than that shows them all), grouped, in the reader's marks.
 * `'540'` USDT reads `540.000000`; `'1.361323'` in Portuguese `1,361323`.
 */
export function showSummaryAmount(
  market: MarketModel,
  text: string | null | undefined,
  asset: AssetSymbol,
  tag?: string,
): string {
  if (text === null || text === undefined) return '—';
  const scale = assetScale(asset);
  const minor = parseAmount(text, scale, { rounding: 'down' });
  const exact = formatAmount(minor, scale).split('.')[1]?.length ?? 0;
  const decimals = Math.max(summaryDecimals(market, asset) ?? 0, exact);
  return formatMinor(minor, scale, { decimals, rounding: 'down' }, tag);
}

/** Comparable value of a price string (for sorting levels). */
export const priceKey = (market: MarketModel, text: string) =>
  parseAmount(text, market.quoteScale, { rounding: 'down' });

/** The pair's rules as error and help texts name them ({{tick}}, {{lot}}, {{minimum}}, ...). */
export function ruleValues(market: MarketModel): Record<'tick' | 'lot' | 'minimum' | 'darkMinimum' | 'asset', string> {
  const definition = MARKET_DEFINITIONS[market.symbol];
  return {
    tick: formatDecimal(definition.tick, market.quoteScale),
    lot: formatDecimal(definition.lot, market.baseScale),
    minimum: formatDecimal(definition.minNotional, market.quoteScale),
    darkMinimum: market.darkMinNotional === null ? '' : formatMinor(market.darkMinNotional, market.quoteScale),
    asset: market.quote,
  };
}

/**
 * What an order has put in the wallet so far: a buy's base amount and a sell's quote amount, less the
 * fee where it was taken from them. Null while nothing has filled.
 */
export function receivedOf(
  order: Pick<Order, 'side' | 'filledAmount' | 'filledTotal' | 'fee' | 'feeAsset'>,
  market: MarketModel,
): { amount: string; asset: AssetSymbol } | null {
  const [asset, scale, gross] =
    order.side === 'buy'
      ? [market.base, market.baseScale, order.filledAmount]
      : [market.quote, market.quoteScale, order.filledTotal];
  const filled = parseAmount(gross, scale, { rounding: 'down' });
  if (filled === 0n) return null;
  const fee = order.feeAsset === asset ? parseAmount(order.fee, scale, { rounding: 'up' }) : 0n;
  return { amount: formatMinor(filled - fee, scale), asset };
}

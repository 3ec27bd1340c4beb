// A pair as the screen needs it: its assets and scales, tick and lot in minor units, minimums, and
// the decimals a price or an amount is shown with. Built from the contract's market definitions.
import { MARKET_DEFINITIONS, PAIRS, type PairSymbol } from '@rora/contracts';
import { assetScale, formatAmount, parseAmount, type AssetSymbol } from '@rora/money';

export interface MarketModel {
  symbol: PairSymbol;
  base: AssetSymbol;
  quote: AssetSymbol;
  baseScale: number;
  quoteScale: number;
  tick: bigint;
  lot: bigint;
  minNotional: bigint;
  /** Null: the pair has no dark pool. */
  darkMinNotional: bigint | null;
  priceDecimals: number;
  amountDecimals: number;
}

const decimalsOf = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);

export function marketModel(symbol: PairSymbol): MarketModel {
  const pair = PAIRS.find((item) => item.symbol === symbol) ?? PAIRS[0];
  const definition = MARKET_DEFINITIONS[pair.symbol];
  const baseScale = assetScale(pair.base);
  const quoteScale = assetScale(pair.quote);
  return {
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
  };
}

export const MARKET_MODELS: readonly MarketModel[] = PAIRS.map((pair) => marketModel(pair.symbol));

/** A price as the book shows it: the tick's decimals, grouped thousands. */
export function showPrice(market: MarketModel, text: string | null | undefined): string {
  if (text === null || text === undefined) return '—';
  const minor = parseAmount(text, market.quoteScale, { rounding: 'half-even' });
  return formatAmount(minor, market.quoteScale, {
    decimals: market.priceDecimals,
    rounding: 'half-even',
    grouping: true,
  });
}

/** A base amount with the lot's decimals. */
export function showAmount(market: MarketModel, text: string | null | undefined): string {
  if (text === null || text === undefined) return '—';
  const minor = parseAmount(text, market.baseScale, { rounding: 'down' });
  return formatAmount(minor, market.baseScale, { decimals: market.amountDecimals, rounding: 'down', grouping: true });
}

/** An amount of any asset, exact (shortest form), grouped. */
export function showAsset(text: string | null | undefined, asset: AssetSymbol, decimals?: number): string {
  if (text === null || text === undefined) return '—';
  const scale = assetScale(asset);
  const minor = parseAmount(text, scale, { rounding: 'down' });
  return decimals === undefined
    ? formatAmount(minor, scale, { grouping: true })
    : formatAmount(minor, scale, { decimals, rounding: 'down', grouping: true });
}

/** Comparable value of a price string (for sorting levels). */
export const priceKey = (market: MarketModel, text: string) =>
  parseAmount(text, market.quoteScale, { rounding: 'down' });

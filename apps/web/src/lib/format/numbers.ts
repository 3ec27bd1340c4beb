// Every number the web app shows, in the reader's language (issue 19 defect 6; the rules are in
// docs/adr/0035-numbers-in-the-readers-locale.md). @rora/money computes exactly, with bigint, and
// writes en-US marks (`1,234.56`); these helpers round as the ADR says and rewrite that text with the
// language's decimal and thousands marks (`1 234,56` in French, with a narrow no-break space), and
// place the dollar and percent signs where the language puts them (`1 234,56 $US`, `12,5 %`).
// The language is fixed for the life of the page (choosing another reloads it), so each helper
// reads it from i18n unless told.
import { MARKET_DEFINITIONS, PAIRS } from '@rora/contracts';
import {
  assetScale,
  formatAmount,
  formatBalance,
  isAssetSymbol,
  localiseNumber as localiseIn,
  parseAmount,
  rescale,
  type RoundingMode,
} from '@rora/money';
import { currentLanguageTag } from '../i18n/i18n.ts';
import { numberFormat } from './intl-cache.ts';

export { numberMarks, type NumberMarks } from '@rora/money';

/** `1,234.56` (what @rora/money writes) in the reader's marks: `1 234,56` in French. */
export function localiseNumber(text: string, languageTag: string = currentLanguageTag()): string {
  return localiseIn(text, languageTag);
}

/** Decimals shown for a coin amount in a quote, a list or a sentence (never more than its scale). */
export const COIN_DISPLAY_DECIMALS = 8;
/** Significant digits a small non-zero amount keeps, so it never reads as zero. */
const SIGNIFICANT_DIGITS = 3;

const parse = (text: string, scale: number, rounding: RoundingMode): bigint | undefined => {
  try {
    return parseAmount(text.trim(), scale, { allowNegative: true, rounding });
  } catch {
    return undefined;
  }
};

export interface DecimalOptions {
  /** Exactly this many decimals (default: exact, as short as possible). */
  readonly decimals?: number;
  /** How `decimals` rounds (default `half-even`: a price or a rate is information). */
  readonly rounding?: RoundingMode;
}

/** Minor units at `scale`, grouped, in the reader's marks: exact unless `decimals` is given. */
export function formatMinor(minor: bigint, scale: number, options: DecimalOptions = {}, tag?: string): string {
  const text =
    options.decimals === undefined
      ? formatAmount(minor, scale, { grouping: true })
      : formatAmount(minor, scale, {
          decimals: options.decimals,
          rounding: options.rounding ?? 'half-even',
          grouping: true,
        });
  return localiseNumber(text, tag);
}

/**
 * A decimal the server sent (`'1234.5'`), grouped, in the reader's marks. Text that is not a decimal
 * is shown as it came, so nothing is hidden.
 */
export function formatDecimal(text: string, scale: number, options: DecimalOptions = {}, tag?: string): string {
  const minor = parse(text, scale, options.rounding ?? 'half-even');
  return minor === undefined ? text : formatMinor(minor, scale, options, tag);
}

/** A holding (ADR 0034): 3 decimals cut, more for a small one so it never reads rounder or zero. */
export function formatHolding(minor: bigint, scale: number, tag?: string): string {
  return localiseNumber(formatBalance(minor, scale), tag);
}

/** A holding sent as a decimal string; text that is not a decimal is shown as it came. */
export function formatHoldingText(text: string, scale: number, tag?: string): string {
  const minor = parse(text, scale, 'down');
  return minor === undefined ? text : formatHolding(minor, scale, tag);
}

/**
 * A coin amount in a quote, a list or a sentence: at most 8 decimals (the display precision), cut,
 * trailing zeros dropped; a non-zero amount that would read 0 keeps 3 significant digits instead.
 * `0.125628814201 ETH` → `0.12562881`; `0.000000000042` → `0.000000000042`.
 */
export function formatCoins(text: string, scale: number, tag?: string): string {
  return coinsAt(text, scale, 'down', tag);
}

function coinsAt(text: string, scale: number, rounding: RoundingMode, tag?: string): string {
  const minor = parse(text, scale, rounding);
  if (minor === undefined) return text;
  const magnitude = minor < 0n ? -minor : minor;
  let decimals = Math.min(scale, COIN_DISPLAY_DECIMALS);
  if (magnitude > 0n && rescale(magnitude, scale, decimals, 'down') === 0n) {
    decimals = Math.min(scale, scale - magnitude.toString().length + SIGNIFICANT_DIGITS);
  }
  const shown = rescale(minor, scale, decimals, rounding);
  return localiseNumber(formatAmount(shown, decimals, { grouping: true }), tag);
}

/** `0.12562881 ETH` (formatCoins with the asset's symbol); an unknown asset's amount shows as it came. */
export function coinsOf(text: string, asset: string, tag?: string): string {
  return isAssetSymbol(asset) ? `${formatCoins(text, assetScale(asset), tag)} ${asset}` : `${text} ${asset}`;
}

/**
 * What a customer owes, in coins: as coinsOf, but rounded up, so a debt never reads smaller than it
 * is (`0.123456789 ETH` owed reads `0.12345679 ETH`, what repaying takes at the display precision).
 */
export function debtCoinsOf(text: string, asset: string, tag?: string): string {
  return isAssetSymbol(asset) ? `${coinsAt(text, assetScale(asset), 'up', tag)} ${asset}` : `${text} ${asset}`;
}

/**
 * A price of a pair (`'BTC/USDT'`) as the exchange shows it: the tick's decimals, rounded half to even,
 * grouped, in the reader's marks: `'2512.5'` on ETH/USDT (tick 0.01) reads `2,512.50`, `2 512,50` in
 * French. A pair Rora does not list shows the price exactly, grouped; text that is not a decimal as it came.
 */
export function formatPrice(text: string, symbol: string, tag?: string): string {
  const pair = PAIRS.find((item) => item.symbol === symbol);
  if (!pair) return formatDecimal(text, decimalsIn(text), {}, tag);
  const tick = MARKET_DEFINITIONS[pair.symbol].tick;
  return formatDecimal(text, assetScale(pair.quote), { decimals: decimalsIn(tick) }, tag);
}

const decimalsIn = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

type Sign = '' | '-' | '+';

/** The typographic minus (U+2212) of every negative figure shown, as transaction amounts write it. */
export const MINUS = '\u2212';

// Where the language puts the sign and the symbol around the digits, from Intl's own pattern. A
// negative figure takes the typographic minus whatever Intl's pattern holds (en writes a hyphen, sv
// the minus), so dollars, percentages and coin amounts read alike on one screen.
function placed(tag: string, options: Intl.NumberFormatOptions, digits: string, sign: Sign): string {
  const parts = numberFormat(tag, options).formatToParts(-1);
  let out = '';
  let numberWritten = false;
  for (const part of parts) {
    if (part.type === 'minusSign') out += sign === '-' ? MINUS : sign;
    else if (['integer', 'group', 'decimal', 'fraction'].includes(part.type)) {
      if (!numberWritten) out += digits;
      numberWritten = true;
    } else out += part.value;
  }
  return out.trim();
}

/** Rounding of every dollar value shown (ADR 0035): to the cent, half to even. */
export const USD_ROUNDING: RoundingMode = 'half-even';

/**
 * US dollars as the reader writes them: `$1,234.57`, `1 234,57 $US`, `US$ 1.234,57`. A bigint is
 * cents; a string is a decimal of dollars as the API sends it, rounded to the cent half to even. Anything
 * else shows zero (spec §9).
 */
export function formatUsd(value: bigint | string | null | undefined, tag: string = currentLanguageTag()): string {
  const cents = typeof value === 'bigint' ? value : typeof value === 'string' ? parse(value, 2, USD_ROUNDING) : 0n;
  const safe = cents ?? 0n;
  const digits = localiseNumber(
    formatAmount(safe < 0n ? -safe : safe, 2, { decimals: 2, rounding: 'down', grouping: true }),
    tag,
  );
  return placed(tag, { style: 'currency', currency: 'USD' }, digits, safe < 0n ? '-' : '');
}

/** An amount and its US-dollar price per whole coin, as the API sends them (a wallet, a portfolio asset). */
export interface Valued {
  readonly amount: string;
  readonly usdPrice: string | null;
}

// Scale at which amounts and prices are multiplied: no listed asset or price has more decimals.
const VALUE_SCALE = 18;

/**
 * Cents the amounts are worth at their prices: summed exactly, then rounded once to the cent, half to
 * even (ADR 0035), as the API rounds its own `usdValue` and `totalBalance`. A screen values from
 * the amount and the price where it shows a figure the API does not total (the portfolio's parts).
 * An amount without a price, or that is not a decimal, counts 0.
 */
export function usdCentsOf(items: readonly Valued[]): bigint {
  return centsOf(exactUsdOf(items));
}

// The scale of an exact value: an amount times a price, both at VALUE_SCALE.
const EXACT_SCALE = VALUE_SCALE * 2;
const CENT = 10n ** BigInt(EXACT_SCALE - 2);

/** An exact value (or a sum of them) rounded once to the cent, half to even. */
const centsOf = (exact: bigint): bigint => rescale(exact, EXACT_SCALE, 2, USD_ROUNDING);
/** An exact value in whole cents, rounded towards minus infinity (a debt's cents round away from zero). */
const floorCents = (exact: bigint): bigint => rescale(exact, EXACT_SCALE, 2, 'floor');

/** What the amounts are worth at their prices, exactly, at EXACT_SCALE (never rounded). */
function exactUsdOf(items: readonly Valued[]): bigint {
  let total = 0n;
  for (const { amount, usdPrice } of items) {
    const coins = usdPrice === null ? undefined : parse(amount, VALUE_SCALE, 'down');
    const price = usdPrice === null ? undefined : parse(usdPrice, VALUE_SCALE, USD_ROUNDING);
    if (coins !== undefined && price !== undefined) total += coins * price;
  }
  return total;
}

/**
 * The cents of the parts of one total (the portfolio's available, on hold, staked, ...), so that
 * they add up to the total `usdCentsOf` gives for all of them together (ADR 0035, amendment "the
 * parts of a total add up to it"). The total is the exact sum rounded once, half to even; each part
 * is its exact value rounded down (towards minus infinity) to the cent, and the cents the total has
 * beyond the parts' sum go, one each, to the parts with the largest remainders (the largest part
 * first on a tie). So every part is its exact value rounded down or up, never off by a cent or more,
 * and a part worth nothing stays at zero. A part subtracted from the total (a debt) has negative
 * amounts: it rounds the same way, so the lines still add up.
 */
export function usdCentsOfParts(parts: readonly (readonly Valued[])[]): bigint[] {
  const exact = parts.map(exactUsdOf);
  const total = centsOf(exact.reduce((sum, value) => sum + value, 0n));
  const cents = exact.map(floorCents);
  let left = total - cents.reduce((sum, value) => sum + value, 0n);
  const order = exact
    .map((value, index) => ({ index, value, remainder: value - floorCents(value) * CENT }))
    .sort((a, b) => cmp(b.remainder, a.remainder) || cmp(b.value, a.value) || a.index - b.index);
  for (const { index, remainder } of order) {
    if (left <= 0n || remainder === 0n) break;
    cents[index] = (cents[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return cents;
}

const cmp = (a: bigint, b: bigint): number => (a > b ? 1 : a < b ? -1 : 0);

export interface PercentOptions {
  /** Decimals of a bigint value (default 2: a bigint is basis points). */
  readonly scale?: number;
  /** Decimals shown (default 2). */
  readonly decimals?: number;
  /** `+` before a positive value (default false). */
  readonly signed?: boolean;
}

/**
 * A percentage as the reader writes it: `+1.23%`, `+1,23 %` in French. A bigint is at `scale` (basis
 * points by default); a string is a decimal number of percent. Rounded half to even; invalid is zero.
 */
export function formatPercent(
  value: bigint | string | number | null | undefined,
  options: PercentOptions = {},
  tag: string = currentLanguageTag(),
): string {
  const decimals = options.decimals ?? 2;
  const scale = options.scale ?? 2;
  let minor: bigint | undefined;
  if (typeof value === 'bigint') minor = rescale(value, scale, decimals, USD_ROUNDING);
  else if (typeof value === 'number')
    minor = Number.isFinite(value) ? parse(String(value), decimals, USD_ROUNDING) : undefined;
  else if (typeof value === 'string') minor = parse(value, decimals, USD_ROUNDING);
  const safe = minor ?? 0n;
  const digits = localiseNumber(
    formatAmount(safe < 0n ? -safe : safe, decimals, { decimals, rounding: 'down', grouping: true }),
    tag,
  );
  const sign: Sign = safe < 0n ? '-' : safe > 0n && options.signed === true ? '+' : '';
  return placed(tag, { style: 'percent' }, digits, sign);
}

/**
 * A chart coordinate (a float by the chart library's design: display only, never money) with exactly
 * `decimals` decimals in the reader's marks.
 */
export function formatPlot(value: number, decimals: number, tag: string = currentLanguageTag()): string {
  return numberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/**
 * Basis points as an exact percentage with no trailing zeros: 50 → `0.5%`, 1450 → `14.5%` (`14,5 %`).
 * The form of every rate a customer compares (ADR 0035): fees, staking APYs, a loan's yearly rate.
 */
export function formatBps(bps: number, tag: string = currentLanguageTag()): string {
  const decimals = bps % 100 === 0 ? 0 : bps % 10 === 0 ? 1 : 2;
  return formatPercent(BigInt(bps), { decimals }, tag);
}

/** A count (customers, confirmations, blocks) in the reader's marks: `12 345` in French. */
export function formatCount(value: number, tag: string = currentLanguageTag()): string {
  return numberFormat(tag, { maximumFractionDigits: 0 }).format(value);
}

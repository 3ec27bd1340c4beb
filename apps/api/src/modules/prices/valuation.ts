// US dollar arithmetic on bigint: prices are US dollars per whole unit at PRICE_SCALE decimals.
// A value is exact (usdValue, at VALUE_SCALE decimals, so values of different assets add up
// exactly) until it is shown: then it is rounded once to the cent, half to even, as the web app
// rounds every dollar figure (ADR 0035); a total is the exact sum rounded once, never a sum of
// rounded parts, so the API and the screen give one figure. A fee converted from one asset into
// another rounds up (the customer pays it, the house never loses on rounding).
import { formatAmount, mulDiv, parseAmount, rescale, scaleFactor } from '@rora/money';

export const PRICE_SCALE = 12;
const CENTS_SCALE = 2;
/** Decimals of an exact value: the largest asset scale (18) at PRICE_SCALE. */
const VALUE_SCALE = 18 + PRICE_SCALE;

/** A numeric(38,12) column or a decimal string as a price at PRICE_SCALE. */
export function parsePrice(text: string): bigint {
  return parseAmount(text, PRICE_SCALE, { rounding: 'down' });
}

export function formatPrice(price: bigint): string {
  return formatAmount(price, PRICE_SCALE);
}

/** The exact dollar value of `minor` units of an asset at `scale`, at VALUE_SCALE decimals. */
export function usdValue(minor: bigint, scale: number, price: bigint): bigint {
  if (scale > VALUE_SCALE - PRICE_SCALE) throw new RangeError(`no valuation at scale ${scale}`);
  return minor * price * scaleFactor(VALUE_SCALE - PRICE_SCALE - scale);
}

/** An exact value (usdValue, or a sum of them) in cents, rounded half to even: what is shown. */
export function toCents(value: bigint): bigint {
  return rescale(value, VALUE_SCALE, CENTS_SCALE, 'half-even');
}

/** Cents worth of `minor` units of an asset at `scale`, rounded half to even. */
export function usdCents(minor: bigint, scale: number, price: bigint): bigint {
  return toCents(usdValue(minor, scale, price));
}

/** '1234.56' */
export function formatCents(cents: bigint): string {
  return formatAmount(cents, CENTS_SCALE, { decimals: CENTS_SCALE, rounding: 'down' });
}

/** An amount of one asset in another at their USD prices, rounded up: `from` pays, `to` is owed. */
export function convertUp(
  amount: bigint,
  from: { scale: number; price: bigint },
  to: { scale: number; price: bigint },
): bigint {
  return mulDiv(amount * from.price, scaleFactor(to.scale), scaleFactor(from.scale) * to.price, 'up');
}

/**
 * Percent change from `before` to `now`, two decimals ('-1.25'); null without a previous value, or
 * when it was zero or less: a percentage of a debt reads backwards ($100 owed falling to $50 is "-50 %").
 */
export function percentChange(now: bigint, before: bigint | null): string | null {
  if (before === null || before <= 0n) return null;
  const basisPoints = mulDiv(now - before, 10_000n, before, 'half-up');
  return formatAmount(basisPoints, 2, { decimals: 2, rounding: 'down' });
}

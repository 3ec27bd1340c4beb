// US dollar arithmetic on bigint: prices are US dollars per whole unit at PRICE_SCALE decimals,
// values are cents. Valuations round down (never show more than is there); a fee converted from
// one asset into another rounds up (the customer pays it, the house never loses on rounding).
import { formatAmount, mulDiv, parseAmount, scaleFactor } from '@rora/money';

export const PRICE_SCALE = 12;
const CENTS_SCALE = 2;

/** A numeric(38,12) column or a decimal string as a price at PRICE_SCALE. */
export function parsePrice(text: string): bigint {
  return parseAmount(text, PRICE_SCALE, { rounding: 'down' });
}

export function formatPrice(price: bigint): string {
  return formatAmount(price, PRICE_SCALE);
}

/** Cents worth of `minor` units of an asset at `scale`, rounded down. */
export function usdCents(minor: bigint, scale: number, price: bigint): bigint {
  return mulDiv(minor, price, scaleFactor(scale + PRICE_SCALE - CENTS_SCALE), 'down');
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

/** Percent change from `before` to `now`, two decimals ('-1.25'), or null without a previous price. */
export function percentChange(now: bigint, before: bigint | null): string | null {
  if (before === null || before <= 0n) return null;
  const basisPoints = mulDiv(now - before, 10_000n, before, 'half-up');
  return formatAmount(basisPoints, 2, { decimals: 2, rounding: 'down' });
}

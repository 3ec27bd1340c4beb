// Numbers for the swap screen, in the reader's marks (lib/format/numbers.ts, ADR 0035): coin amounts
// at the display precision (8 decimals, cut, a tiny non-zero amount never shown as 0), rates cut to
// 8 significant digits, and what the amount received is worth after the spread and the fee.
import type { SwapQuote } from '@rora/contracts';
import { assetScale, divideRounded, isAssetSymbol, parseAmount } from '@rora/money';
import { USD_ROUNDING, coinsOf, formatDecimal } from '../../../lib/format/numbers.ts';

/** A decimal string cut (never rounded up) to `digits` significant digits: '18.478571428571' -> '18.478571'. */
export function significant(text: string, digits = 8): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  let cut: string;
  if (whole !== '0') {
    cut = whole.length >= digits ? whole : trim(`${whole}.${fraction.slice(0, digits - whole.length)}`);
  } else {
    const leadingZeros = /^0*/.exec(fraction)?.[0].length ?? 0;
    cut = trim(`0.${fraction.slice(0, leadingZeros + digits)}`);
  }
  return formatDecimal(cut, cut.includes('.') ? cut.length - cut.indexOf('.') - 1 : 0);
}

function trim(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** `0.12562881 ETH`: at most 8 decimals, cut; `0,12562881 ETH` in French. */
export function coins(amount: string, asset: string): string {
  return coinsOf(amount, asset);
}

/**
 * What the amount received is worth in US cents: the quote's dollar value of what leaves the balance
 * (`usdValue`, at the reference price) less the fee and the spread, in proportion:
 * usdValue × (quantity − fee) / quantity × receive / (receive + spread). Rounded half to even.
 */
export function receiveWorthCents(quote: SwapQuote): bigint {
  if (!isAssetSymbol(quote.from) || !isAssetSymbol(quote.to)) return 0n;
  try {
    const cents = parseAmount(quote.usdValue, 2, { rounding: USD_ROUNDING });
    const quantity = parseAmount(quote.quantity, assetScale(quote.from));
    const fee = parseAmount(quote.fee, assetScale(quote.from));
    const receive = parseAmount(quote.receive, assetScale(quote.to));
    const spread = parseAmount(quote.spread, assetScale(quote.to));
    const denominator = quantity * (receive + spread);
    if (denominator === 0n) return 0n;
    return divideRounded(cents * (quantity - fee) * receive, denominator, USD_ROUNDING);
  } catch {
    return 0n;
  }
}

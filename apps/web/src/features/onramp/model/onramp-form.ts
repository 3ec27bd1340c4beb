// The card purchase form as pure functions: the fiat amount as typed checked against the purchase
// limits (errors as data: a catalogue code the screen translates), the widget's address with the
// customer's language and theme, and the words for where a purchase ended.
import { ONRAMP_ASSETS, ONRAMP_MAX_USD, ONRAMP_MIN_USD, type OnrampAsset, type OnrampPurchase } from '@rora/contracts';
import { tryParseAmount } from '@rora/money';
import { formatUsd } from '../../../lib/format/numbers.ts';

export type FiatCheck =
  { readonly ok: true; readonly cents: bigint } | { readonly ok: false; readonly code: string | null };

export const DEFAULT_ASSET: OnrampAsset = 'USDT';

/** The purchase limits as the reader writes dollars (`$20.00`, `20,00 $US`), for the amount's hint. */
export function limitValues(tag?: string): { readonly min: string; readonly max: string } {
  return {
    min: formatUsd(BigInt(ONRAMP_MIN_USD) * 100n, tag),
    max: formatUsd(BigInt(ONRAMP_MAX_USD) * 100n, tag),
  };
}

export function isOnrampAsset(value: string): value is OnrampAsset {
  return (ONRAMP_ASSETS as readonly string[]).includes(value);
}

export function checkFiatAmount(text: string): FiatCheck {
  if (text.trim() === '') return { ok: false, code: null };
  const parsed = tryParseAmount(text, 2);
  if (!parsed.ok) {
    // Dollars, not a coin: worded as the API words it (whole cents).
    const dollars = parsed.code === 'amount_has_too_many_decimals';
    return { ok: false, code: dollars ? 'onramp_amount_must_be_whole_cents' : parsed.code };
  }
  if (parsed.value < BigInt(ONRAMP_MIN_USD) * 100n) return { ok: false, code: 'onramp_amount_below_minimum' };
  if (parsed.value > BigInt(ONRAMP_MAX_USD) * 100n) return { ok: false, code: 'onramp_amount_above_maximum' };
  return { ok: true, cents: parsed.value };
}

/** The provider's widget address with the customer's language and theme, as hosted widgets take them. */
export function widgetAddress(url: string, options: { language: string; theme: 'dark' | 'light' }): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${new URLSearchParams({ lang: options.language, theme: options.theme }).toString()}`;
}

/** The translation key of a settled purchase's outcome; null while it is still pending. */
export function outcomeKey(purchase: Pick<OnrampPurchase, 'status' | 'failureReason'>): string | null {
  if (purchase.status === 'pending') return null;
  if (purchase.status === 'completed') return 'result.completed';
  if (purchase.status === 'expired') return 'result.expired';
  const known = ['card_declined', 'insufficient_funds', 'card_not_supported'];
  return `result.declined.${known.includes(purchase.failureReason ?? '') ? purchase.failureReason : 'card_declined'}`;
}

// How a loan's coin amounts read on the lending screens: one form wherever the loan shows (its card,
// its details, the lend, repay and cancel confirmations, the request's preview), so the collateral
// on a card reads digit for digit as in the dialog that returns it. The form is the one ADR 0035
// gives a summary before money moves: the coin's display decimals (8, or its scale if smaller),
// padded with zeros and cut, never rounded up, so the amounts of a coin line up in a column:
// `500.500000 USDT` above `505.127912 USDT`, `0.00500000 BTC`. Sentences (the toasts) keep the
// short form, as everywhere (ADR 0035).
import { assetScale, isAssetSymbol } from '@rora/money';
import { COIN_DISPLAY_DECIMALS, formatDecimal } from '../../../lib/format/numbers.ts';

/** `0.00500000 BTC` (`0,00500000 BTC` in French): a loan's amount of `asset`, as the screens show it. */
export function loanCoins(amount: string, asset: string, languageTag: string): string {
  if (!isAssetSymbol(asset)) return `${amount} ${asset}`;
  const scale = assetScale(asset);
  const decimals = Math.min(scale, COIN_DISPLAY_DECIMALS);
  return `${formatDecimal(amount, scale, { decimals, rounding: 'down' }, languageTag)} ${asset}`;
}

// The swap form as pure functions: which coins can be picked, the amount as typed checked against
// the coin's decimals and the available balance (errors as data: a catalogue code the screen
// translates), the "max" amount, flipping the two coins, and the pair the form starts from.
import { SWAP_ASSETS, type SwapAsset } from '@rora/contracts';
import { assetScale, formatAmount, tryParseAmount } from '@rora/money';
import { usdCentsOf } from '../../../lib/format/numbers.ts';

export interface SwapBalance {
  readonly asset: string;
  readonly name: string;
  /** Available minor units. */
  readonly available: bigint;
  /** US dollars per whole coin at the live price the portfolio values it at; null when unpriced. */
  readonly usdPrice: string | null;
}

export interface SwapFormValues {
  readonly from: SwapAsset;
  readonly to: SwapAsset;
  readonly amount: string;
}

export type AmountCheck =
  { readonly ok: true; readonly minor: bigint } | { readonly ok: false; readonly code: string | null };

export const DEFAULT_FORM: SwapFormValues = { from: 'BTC', to: 'ETH', amount: '' };

export function isSwapAsset(value: string): value is SwapAsset {
  return (SWAP_ASSETS as readonly string[]).includes(value);
}

/**
 * The amount as typed: empty asks for nothing yet (code null); otherwise the first rule it breaks,
 * in the order the API checks them. The minimum (SWAP_MIN_USD) is the quote's to judge: it values the
 * coin at the market price, which the screen does not know.
 */
export function checkAmount(text: string, asset: SwapAsset, balance: SwapBalance | undefined): AmountCheck {
  if (text.trim() === '') return { ok: false, code: null };
  const parsed = tryParseAmount(text, assetScale(asset));
  if (!parsed.ok) return { ok: false, code: parsed.code };
  if (parsed.value <= 0n) return { ok: false, code: 'amount_must_be_positive' };
  if (balance && parsed.value > balance.available) {
    return { ok: false, code: 'swap_amount_exceeds_available_balance' };
  }
  return { ok: true, minor: parsed.value };
}

/** The whole available balance, as the amount field shows it. */
export function maxAmount(balance: SwapBalance | undefined, asset: SwapAsset): string {
  return formatAmount(balance?.available ?? 0n, assetScale(asset));
}

/** Picking a coin already on the other side swaps the two sides. */
export function pickAsset(values: SwapFormValues, side: 'from' | 'to', asset: SwapAsset): SwapFormValues {
  const other = side === 'from' ? 'to' : 'from';
  if (values[other] === asset) return { ...values, [side]: asset, [other]: values[side], amount: '' };
  return { ...values, [side]: asset, ...(side === 'from' ? { amount: '' } : {}) };
}

export function flip(values: SwapFormValues): SwapFormValues {
  return { from: values.to, to: values.from, amount: '' };
}

/** A balance for each swappable coin, in the contract's order, zero for a coin the customer lacks. */
export function balancesFor(listed: readonly SwapBalance[]): SwapBalance[] {
  return SWAP_ASSETS.map(
    (asset) => listed.find((entry) => entry.asset === asset) ?? { asset, name: asset, available: 0n, usdPrice: null },
  );
}

/** What the customer's available balance of a coin is worth, in cents (0 without a price). */
function availableCents(balance: SwapBalance): bigint {
  const amount = formatAmount(balance.available, assetScale(balance.asset));
  return usdCentsOf([{ amount, usdPrice: balance.usdPrice }]);
}

/**
 * The pair a form the customer has not touched starts from: the coin whose available balance is
 * worth the most at the live price (the portfolio's valuation), the first listed on a tie, and a
 * held coin without a price before none; to BTC, or to ETH from BTC. Nothing available: BTC to ETH.
 */
export function startingForm(balances: readonly SwapBalance[] | undefined): SwapFormValues {
  let best: { asset: SwapAsset; cents: bigint } | null = null;
  for (const balance of balances ?? []) {
    if (balance.available <= 0n || !isSwapAsset(balance.asset)) continue;
    const cents = availableCents(balance);
    if (best === null || cents > best.cents) best = { asset: balance.asset, cents };
  }
  if (best === null) return DEFAULT_FORM;
  return { from: best.asset, to: best.asset === 'BTC' ? 'ETH' : 'BTC', amount: '' };
}

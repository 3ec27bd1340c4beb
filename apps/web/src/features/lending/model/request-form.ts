// The loan request form as pure functions: the values as typed, the yearly rate typed in percent
// (two decimals at most) as basis points, each field checked (errors as data: a field and an i18n
// key the screen translates), and the request body once every field is right.
import {
  LOAN_ASSETS,
  LOAN_MAX_RATE_BPS,
  LOAN_MIN_RATE_BPS,
  LOAN_MIN_USD,
  LOAN_TERM_DAYS,
  type LoanAsset,
  type LoanRequestBody,
} from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';
import { formatPercent } from '../../../lib/format/numbers.ts';

export interface RequestForm {
  readonly asset: LoanAsset;
  readonly amount: string;
  readonly ratePercent: string;
  readonly termDays: number;
  readonly collateralAsset: LoanAsset;
  readonly collateralAmount: string;
}

export const DEFAULT_REQUEST: RequestForm = {
  asset: 'USDT',
  amount: '',
  ratePercent: '8',
  termDays: 30,
  collateralAsset: 'BTC',
  collateralAmount: '',
};

export interface FormError {
  readonly field: keyof RequestForm;
  /** A key of the lending namespace (`form.errors.*`, or `errors.*` for a rule of the API's catalogue). */
  readonly key: string;
}

export function isLoanAsset(value: string): value is LoanAsset {
  return (LOAN_ASSETS as readonly string[]).includes(value);
}

/** '8.5' -> 850; null when it is not a percentage with at most two decimals. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * A loan-to-value or one of its limits, a measure that moves with prices: 2 decimals, so the LTV now
 * and the limit it is read against line up. 6154 -> '61.54%', '61,54 %' in French.
 */
export function bpsPercent(bps: number, locale = 'en'): string {
  return formatPercent(BigInt(bps), {}, locale);
}

function amountError(text: string, asset: LoanAsset, field: keyof RequestForm): FormError | null {
  if (text.trim() === '') return { field, key: 'form.errors.required' };
  const parsed = tryParseAmount(text, assetScale(asset));
  if (!parsed.ok) return { field, key: 'form.errors.decimals' };
  return parsed.value > 0n ? null : { field, key: 'form.errors.positive' };
}

// Scale the loan coin's US-dollar price is read at: no listed price has more decimals.
const PRICE_SCALE = 18;

/**
 * True when the amount is worth less than LOAN_MIN_USD at `usdPrice`: its value cut down to the cent,
 * as the API checks it, so a rounding never lets a smaller loan through. The API's reference price
 * stays the judge (its preview refuses with the same code): the screen's price only refuses early.
 */
export function isBelowMinimum(amount: string, asset: LoanAsset, usdPrice: string): boolean {
  const coins = tryParseAmount(amount, assetScale(asset));
  const price = tryParseAmount(usdPrice, PRICE_SCALE, { rounding: 'down' });
  if (!coins.ok || !price.ok || price.value <= 0n) return false;
  const cents = (coins.value * price.value * 100n) / 10n ** BigInt(assetScale(asset) + PRICE_SCALE);
  return cents < BigInt(LOAN_MIN_USD * 100);
}

/**
 * Every rule the form breaks, in field order; `available` is the collateral coin's available balance,
 * `usdPrice` the loan coin's price per whole coin (null when unknown: the preview judges the minimum).
 */
export function checkRequest(form: RequestForm, available: bigint | null, usdPrice: string | null = null): FormError[] {
  const errors: FormError[] = [];
  const amount = amountError(form.amount, form.asset, 'amount');
  if (amount) errors.push(amount);
  else if (usdPrice !== null && isBelowMinimum(form.amount, form.asset, usdPrice)) {
    errors.push({ field: 'amount', key: 'errors.loan_amount_below_minimum' });
  }
  const bps = percentToBps(form.ratePercent);
  if (bps === null || bps < LOAN_MIN_RATE_BPS || bps > LOAN_MAX_RATE_BPS) {
    errors.push({ field: 'ratePercent', key: 'form.errors.rate' });
  }
  if (!(LOAN_TERM_DAYS as readonly number[]).includes(form.termDays))
    errors.push({ field: 'termDays', key: 'form.errors.term' });
  if (form.collateralAsset === form.asset) errors.push({ field: 'collateralAsset', key: 'form.errors.sameAsset' });
  const collateral = amountError(form.collateralAmount, form.collateralAsset, 'collateralAmount');
  if (collateral) errors.push(collateral);
  else if (available !== null) {
    const parsed = tryParseAmount(form.collateralAmount, assetScale(form.collateralAsset));
    if (parsed.ok && parsed.value > available) errors.push({ field: 'collateralAmount', key: 'form.errors.balance' });
  }
  return errors;
}

/** The body of POST /p2p (and the preview's query), or null while the form breaks a rule. */
export function requestBody(
  form: RequestForm,
  available: bigint | null,
  usdPrice: string | null = null,
): LoanRequestBody | null {
  if (checkRequest(form, available, usdPrice).length > 0) return null;
  return {
    asset: form.asset,
    amount: form.amount.trim(),
    rateBps: percentToBps(form.ratePercent)!,
    termDays: form.termDays,
    collateralAsset: form.collateralAsset,
    collateralAmount: form.collateralAmount.trim(),
  };
}

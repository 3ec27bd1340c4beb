// The loan request form as pure functions: the values as typed, the yearly rate typed in percent
// (two decimals at most) as basis points, each field checked (errors as data: a field and an i18n
// key the screen translates), and the request body once every field is right.
import {
  LOAN_ASSETS,
  LOAN_MAX_RATE_BPS,
  LOAN_MIN_RATE_BPS,
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
  /** A key of the lending namespace (`form.errors.*`). */
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

/** 6154 -> '61.54%', '61,54 %' in French (lib/format: the reader's marks and percent sign). */
export function bpsPercent(bps: number, locale = 'en'): string {
  return formatPercent(BigInt(bps), {}, locale);
}

function amountError(text: string, asset: LoanAsset, field: keyof RequestForm): FormError | null {
  if (text.trim() === '') return { field, key: 'form.errors.required' };
  const parsed = tryParseAmount(text, assetScale(asset));
  if (!parsed.ok) return { field, key: 'form.errors.decimals' };
  return parsed.value > 0n ? null : { field, key: 'form.errors.positive' };
}

/** Every rule the form breaks, in field order; `available` is the collateral coin's available balance. */
export function checkRequest(form: RequestForm, available: bigint | null): FormError[] {
  const errors: FormError[] = [];
  const amount = amountError(form.amount, form.asset, 'amount');
  if (amount) errors.push(amount);
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
export function requestBody(form: RequestForm, available: bigint | null): LoanRequestBody | null {
  if (checkRequest(form, available).length > 0) return null;
  return {
    asset: form.asset,
    amount: form.amount.trim(),
    rateBps: percentToBps(form.ratePercent)!,
    termDays: form.termDays,
    collateralAsset: form.collateralAsset,
    collateralAmount: form.collateralAmount.trim(),
  };
}

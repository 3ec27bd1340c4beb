// What a person types or pastes into an amount field, read as the number they mean or refused with
// the reason (issue 19, defect 1): never a different number. The reader's decimal separator is the
// decimal mark; their language's thousands mark (`,` in English, `.` in Portuguese) and spaces
// separate thousands, only where thousands are, never after a leading 0 (`1,000.50` in English,
// `1 000,50` in French, `1.000,50` in Portuguese). A minus, an exponent (`1e9`), a second decimal
// mark, a misplaced thousands mark, the other language's mark (`0.005` in French is refused, not
// read as 5) or more decimals than the asset has are refused, so the field can say why and the form
// keeps its button disabled.
export type TypedAmountProblem =
  | 'negative'
  | 'exponent'
  | 'not_a_number'
  | 'several_decimal_separators'
  | 'misplaced_group_separator'
  | 'too_many_decimals'
  | 'too_large';

export type TypedAmount =
  | { readonly ok: true; /** A plain decimal (`1000.50`), or '' for an empty field. */ readonly value: string }
  | { readonly ok: false; readonly problem: TypedAmountProblem };

export interface TypedAmountOptions {
  /** The reader's decimal mark (`Intl` says which: '.' in en and es-419, ',' in fr and pt-BR). */
  readonly decimalSeparator: '.' | ',';
  /** Their thousands mark as Intl writes it; any kind of space (French) is always accepted. */
  readonly groupSeparator: string;
  /** Most decimals the amount may have (the asset's scale); trailing zeros do not count. */
  readonly maxDecimals?: number;
}

/**
 * Most whole digits an amount may have: the API refuses more (amount_is_too_large, the contract's
 * amountTextSchema), so a 40-digit paste is refused here, in the field, rather than by the server
 * after the button was enabled, or shown as a total no one can place.
 */
export const MAX_WHOLE_DIGITS = 24;

const refuse = (problem: TypedAmountProblem): TypedAmount => ({ ok: false, problem });

// Thousands groups: 1 to 3 digits not starting with 0, then groups of exactly 3, one mark between.
function isGrouped(whole: string, group: string | null): boolean {
  const parts = group === null ? whole.split(' ') : whole.split(group).flatMap((part) => part.split(' '));
  if (parts.length === 1) return /^\d*$/.test(whole);
  return /^[1-9]\d{0,2}$/.test(parts[0]!) && parts.slice(1).every((part) => /^\d{3}$/.test(part));
}

/**
 * Full-width forms (U+FF01-FF5E: `５`, `１２．５`, `－`, `ｅ`), which Japanese, Chinese and Korean
 * input methods type, as the ASCII characters they are, so `５` reads as 5 instead of being refused
 * as "only digits" (it is a digit). Only this block, not all of NFKC, which would read `1²` as 12.
 */
function halfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
}

export function readTypedAmount(text: string, options: TypedAmountOptions): TypedAmount {
  // Every kind of space (a pasted French amount has narrow no-break spaces) reads as one space.
  const typed = halfWidth(text)
    .trim()
    .replace(/[\s\u00a0\u202f]+/g, ' ');
  if (typed === '') return { ok: true, value: '' };
  // The exponent first: `1e-3` is 0.001 written in e notation, not a negative amount.
  if (/\d\s*[eE]/.test(typed) || /^[eE]/.test(typed)) return refuse('exponent');
  if (/[-\u2212\u2012\u2013]/.test(typed)) return refuse('negative');
  if (!/^[\d., ]+$/.test(typed)) return refuse('not_a_number');
  const decimal = options.decimalSeparator;
  const mark = options.groupSeparator;
  const group = (mark === '.' || mark === ',') && mark !== decimal ? mark : null;
  const foreign = decimal === '.' ? ',' : '.';
  if (foreign !== group && typed.includes(foreign)) return refuse('misplaced_group_separator');
  const at = typed.indexOf(decimal);
  if (at !== -1 && typed.includes(decimal, at + 1)) return refuse('several_decimal_separators');
  const whole = at === -1 ? typed : typed.slice(0, at);
  const fraction = at === -1 ? '' : typed.slice(at + 1);
  if (!/^\d*$/.test(fraction) || !isGrouped(whole, group)) return refuse('misplaced_group_separator');
  const digits = whole.replace(/[ .,]/g, '');
  if (digits === '' && at === -1) return refuse('not_a_number');
  const significant = fraction.replace(/0+$/, '');
  if (options.maxDecimals !== undefined && significant.length > options.maxDecimals) return refuse('too_many_decimals');
  const cleanWhole = digits.replace(/^0+(?=\d)/, '') || '0';
  if (cleanWhole.length > MAX_WHOLE_DIGITS) return refuse('too_large');
  return { ok: true, value: fraction === '' ? cleanWhole : `${cleanWhole}.${fraction}` };
}

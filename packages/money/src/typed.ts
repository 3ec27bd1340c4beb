// What a person types or pastes into an amount field, read as the number they mean or refused with
// the reason (issue 19, defect 1; ADR 0034 and its amendment): never a different number. The reader's
// decimal mark (`.` in en and es-419, `,` in fr and pt-BR) is always the decimal mark; spaces only
// separate thousands. The other mark of the two is read as whatever it alone can be: a thousands
// separator when there are several of it or the decimal mark follows (`1,000.50` in English,
// `1.000,50` or `1.000.000` in French), a decimal point when it cannot separate thousands (`0.05`,
// `.5`, `12.`, `1.5` in French; `0,05` in English). One of it followed by exactly three digits
// (`1.000` in French, `1,000` in English) could be 1 or a thousand, so it is refused as ambiguous.
// A minus, an exponent (`1e9`), a second decimal mark, a misplaced thousands mark, more decimals
// than the asset has or a longer number than the API takes are refused too, so the field can say why
// and the form keeps its button disabled. A mark with no digit (`.`, `,`) is an incomplete number:
// no amount, never 0.
export type TypedAmountProblem =
  | 'negative'
  | 'exponent'
  | 'not_a_number'
  | 'several_decimal_separators'
  | 'misplaced_group_separator'
  | 'ambiguous_separator'
  | 'too_many_decimals'
  | 'too_large'
  | 'too_long'
  | 'incomplete';

export type TypedAmount =
  | { readonly ok: true; /** A plain decimal (`1000.50`), or '' for an empty field. */ readonly value: string }
  | { readonly ok: false; readonly problem: TypedAmountProblem };

export interface TypedAmountOptions {
  /** The reader's decimal mark (`Intl` says which: '.' in en and es-419, ',' in fr and pt-BR). */
  readonly decimalSeparator: '.' | ',';
  /** Most decimals the amount may have (the asset's scale); trailing zeros do not count. */
  readonly maxDecimals?: number;
}

/**
 * Most whole digits an amount may have: the API refuses more (amount_is_too_large, the contract's
 * amountTextSchema), so a 40-digit paste is refused here, in the field, rather than by the server
 * after the button was enabled, or shown as a total no one can place.
 */
export const MAX_WHOLE_DIGITS = 24;

/**
 * Most characters of the plain decimal a form sends (`1000.50`): the API refuses more
 * (amount_is_too_long, the contract's amountTextSchema). Within the asset's decimals and
 * MAX_WHOLE_DIGITS only trailing zeros (`1.000…0`) reach it, which the decimals check lets through.
 */
export const MAX_AMOUNT_CHARACTERS = 100;

const refuse = (problem: TypedAmountProblem): TypedAmount => ({ ok: false, problem });

// Thousands groups: 1 to 3 digits not starting with 0, then groups of exactly 3, one mark between
// (`mark` or a space).
function isGrouped(whole: string, mark: string): boolean {
  const parts = whole.split(mark).flatMap((part) => part.split(' '));
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
  const other = decimal === '.' ? ',' : '.';
  const at = typed.indexOf(decimal);
  if (at !== -1 && typed.includes(decimal, at + 1)) return refuse('several_decimal_separators');
  // Without the decimal mark, a lone other mark is a decimal point unless it could also separate
  // thousands: `1.000` in French is 1 to an English reader and a thousand to a German one.
  const point = at === -1 && typed.split(other).length === 2 ? typed.indexOf(other) : at;
  if (point !== at && isGrouped(typed, other)) return refuse('ambiguous_separator');
  const whole = point === -1 ? typed : typed.slice(0, point);
  const fraction = point === -1 ? '' : typed.slice(point + 1);
  if (!/^\d*$/.test(fraction) || !isGrouped(whole, other)) return refuse('misplaced_group_separator');
  const digits = whole.replace(/[ .,]/g, '');
  if (digits === '' && point === -1) return refuse('not_a_number');
  // `.` or `,` alone is the start of `.5`, not 0: no amount until a digit comes.
  if (digits === '' && fraction === '') return refuse('incomplete');
  const significant = fraction.replace(/0+$/, '');
  if (options.maxDecimals !== undefined && significant.length > options.maxDecimals) return refuse('too_many_decimals');
  const cleanWhole = digits.replace(/^0+(?=\d)/, '') || '0';
  if (cleanWhole.length > MAX_WHOLE_DIGITS) return refuse('too_large');
  const value = fraction === '' ? cleanWhole : `${cleanWhole}.${fraction}`;
  if (value.length > MAX_AMOUNT_CHARACTERS) return refuse('too_long');
  return { ok: true, value };
}

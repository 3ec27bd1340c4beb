// An amount input (issue 19, defect 1). What the person types or pastes stays as they wrote it:
// read in their language's marks (`1,000.50`, `1 000,50`), or with the other mark where it can only
// be read one way (`0.05` in French), it reaches the form as a plain decimal (`1000.50`); refused
// (`1e9`, `-5`, `1.2.3`, `1.000` in French, which could be 1 or a thousand, too many decimals, more
// whole digits or characters than the API takes), the field says why and the form receives '' (no
// amount), so its button stays disabled: never the text, which its own parser could read as another
// number (`1.000` refused in French is 1 to the form). A decimal mark alone (`.`, the start of `.5`)
// is no amount either; the field says so once the customer leaves it or presses Enter, not while
// they type.
// A value set from outside (Max, the linked field of the order form, a reset) replaces the text,
// grouped in the reader's marks (`12,006.5`, `12 006,5`) as every other amount on screen is, and
// only when that text reads back as exactly the same decimal.
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_AMOUNT_CHARACTERS, MAX_WHOLE_DIGITS, readTypedAmount, type TypedAmount } from '@rora/money';
import { numberMarks, type NumberMarks } from '../../lib/format/numbers.ts';
import { TextField, type TextFieldProps } from '../text-field/TextField.tsx';

export interface NumericInputProps extends Omit<
  TextFieldProps,
  'onChange' | 'value' | 'type' | 'inputMode' | 'maxLength'
> {
  /** A plain decimal (`1000.5`), or '' when the field is empty or refused what was typed. */
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly maxDecimals?: number;
}

/** What the form receives for a text: the decimal it means, or '' when refused. */
function formValue(read: TypedAmount): string {
  return read.ok ? read.value : '';
}

/** A plain decimal set by the form (`12006.5`) as the reader writes it (`12,006.5`); never grouped
 * with a leading zero, which the reader would refuse. */
export function shownDecimal(value: string, marks: NumberMarks): string {
  const plain = value.replace('.', marks.decimal);
  const match = /^([1-9]\d*)(\.\d*)?$/.exec(value);
  if (!match) return plain;
  const whole = match[1]!.replace(/\B(?=(\d{3})+$)/g, marks.group);
  return whole + (match[2] ?? '').replace('.', marks.decimal);
}

export function NumericInput({
  value,
  onValueChange,
  maxDecimals,
  className,
  error,
  onBlur,
  onKeyDown,
  ...rest
}: NumericInputProps) {
  const { t, i18n } = useTranslation();
  const marks = numberMarks(i18n.language || 'en');
  const read = (text: string) => readTypedAmount(text, { decimalSeparator: marks.decimal, maxDecimals });
  // The text starts in the reader's marks: a plain `0.002` kept as typed text would read as refused
  // in French and come back with its error once the form clears the field (issue 19 defect 6).
  const fromForm = () => {
    const grouped = shownDecimal(value, marks);
    return formValue(read(grouped)) === value ? grouped : value.replace('.', marks.decimal);
  };
  const [draft, setDraft] = useState(fromForm);
  // Whether the customer is done with the text: left the field or pressed Enter since the last edit.
  const [settled, setSettled] = useState(false);
  const shown = formValue(read(draft)) === value ? draft : fromForm();
  const reading = read(shown);
  const problem =
    reading.ok || (reading.problem === 'incomplete' && !settled)
      ? undefined
      : t(`amountInput.${reading.problem}`, {
          decimal: marks.decimal,
          mark: marks.decimal === '.' ? ',' : '.',
          decimals: maxDecimals,
          digits: MAX_WHOLE_DIGITS,
          characters: MAX_AMOUNT_CHARACTERS,
        });
  return (
    <TextField
      {...rest}
      className={['tabular', className ?? ''].join(' ')}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      error={problem ?? error}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        setSettled(false);
        onValueChange(formValue(read(text)));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setSettled(true);
        onBlur?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') setSettled(true);
        onKeyDown?.(event);
      }}
    />
  );
}

// An amount input (issue 19, defect 1). What the person types or pastes stays as they wrote it:
// read in their language's marks (`1,000.50`, `1 000,50`), it reaches the form as a plain decimal
// (`1000.50`); refused (`1e9`, `-5`, `1.2.3`, too many decimals), the field says why and the form
// receives '' (no amount), so its button stays disabled: never the text, which its own parser could
// read as another number (`0.005` refused in French is a valid decimal to the form).
// A value set from outside (Max, the linked field of the order form, a reset) replaces the text.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readTypedAmount, type TypedAmount } from '@rora/money';
import { numberMarks } from '../../lib/format/numbers.ts';
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

export function NumericInput({ value, onValueChange, maxDecimals, className, error, ...rest }: NumericInputProps) {
  const { t, i18n } = useTranslation();
  const marks = numberMarks(i18n.language || 'en');
  const read = (text: string) =>
    readTypedAmount(text, { decimalSeparator: marks.decimal, groupSeparator: marks.group, maxDecimals });
  // The text starts in the reader's marks: a plain `0.002` kept as typed text would read as refused
  // in French and come back with its error once the form clears the field (issue 19 defect 6).
  const [draft, setDraft] = useState(() => value.replace('.', marks.decimal));
  const shown = formValue(read(draft)) === value ? draft : value.replace('.', marks.decimal);
  const reading = read(shown);
  const problem = reading.ok
    ? undefined
    : t(`amountInput.${reading.problem}`, { decimal: marks.decimal, decimals: maxDecimals });
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
        onValueChange(formValue(read(text)));
      }}
    />
  );
}

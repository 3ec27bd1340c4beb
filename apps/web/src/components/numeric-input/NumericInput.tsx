// An amount input: the keyboard shows digits, and whatever is typed or pasted passes the numeric
// filter (digits and one point, cut to maxLength) before it reaches the form's state.
import { TextField, type TextFieldProps } from '../text-field/TextField.tsx';
import { filterNumeric } from './numeric-filter.ts';

export interface NumericInputProps extends Omit<TextFieldProps, 'onChange' | 'value' | 'type' | 'inputMode'> {
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly maxLength?: number;
  readonly maxDecimals?: number;
}

export function NumericInput({ value, onValueChange, maxLength, maxDecimals, className, ...rest }: NumericInputProps) {
  return (
    <TextField
      {...rest}
      className={['tabular', className ?? ''].join(' ')}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onValueChange(filterNumeric(event.currentTarget.value, { maxLength, maxDecimals }))}
    />
  );
}

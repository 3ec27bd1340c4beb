// A six-digit one-time code: one input (so paste and the phone's SMS autofill work), digits only,
// spaced wide with tabular figures so the code reads easily. No native maxLength: it would cut a
// pasted "123 456" to "123 45" before the spaces are dropped (issue 19 defect 4); the digit filter
// keeps at most `length` digits instead.
import { TextField, type TextFieldProps } from '../text-field/TextField.tsx';
import { filterDigits } from '../numeric-input/numeric-filter.ts';
import './code-input.css';

export interface CodeInputProps extends Omit<TextFieldProps, 'onChange' | 'value' | 'type'> {
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly length: number;
}

export function CodeInput({ value, onValueChange, length, className, ...rest }: CodeInputProps) {
  return (
    <TextField
      {...rest}
      className={['code-input', 'tabular', className ?? ''].join(' ')}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      value={value}
      onChange={(event) => onValueChange(filterDigits(event.currentTarget.value, length))}
    />
  );
}

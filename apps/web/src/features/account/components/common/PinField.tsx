// A PIN input: hidden like a password (with show/hide), the digit keyboard on phones, and only
// digits reach the form, cut to six. No native maxLength: it would cut a pasted "123 456" before the
// space is dropped (issue 19 defect 4); the digit filter keeps at most six digits instead.
import { PasswordField } from '../../../../components/text-field/PasswordField.tsx';
import type { TextFieldProps } from '../../../../components/text-field/TextField.tsx';
import { filterDigits } from '../../../../components/numeric-input/numeric-filter.ts';
import { PIN_MAX_LENGTH } from '../../model/pin.ts';

export interface PinFieldProps extends Omit<TextFieldProps, 'type' | 'trailing' | 'value' | 'onChange'> {
  readonly value: string;
  readonly onValueChange: (value: string) => void;
}

export function PinField({ value, onValueChange, className, ...rest }: PinFieldProps) {
  return (
    <PasswordField
      {...rest}
      className={['tabular', className ?? ''].join(' ')}
      inputMode="numeric"
      pattern="[0-9]*"
      value={value}
      onChange={(event) => onValueChange(filterDigits(event.currentTarget.value, PIN_MAX_LENGTH))}
    />
  );
}

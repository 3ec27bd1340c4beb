// One form field: its value and its validation message, shown once the customer has typed in it (as
// they type, spec §5). `valid` always reflects the rule, so submit stays disabled while invalid.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Field {
  readonly value: string;
  readonly valid: boolean;
  /** The translated message, once the field has been touched. */
  readonly error: string | undefined;
  set(value: string): void;
  reset(): void;
}

export function useField(validate: (value: string) => string | undefined): Field {
  const { t } = useTranslation('account');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const key = validate(value);
  return {
    value,
    valid: key === undefined,
    error: touched && key ? t(key) : undefined,
    set(next) {
      setValue(next);
      setTouched(true);
    },
    reset() {
      setValue('');
      setTouched(false);
    },
  };
}

// One form field's value and its validation message, for every form of the app (the account and
// auth screens had a copy each). The message shows once the customer has typed in the field (as they
// type, spec §5) or tried to submit; `valid` always reflects the rule, so the submit button stays
// disabled while anything is invalid. The rule answers a translation key of the given namespace.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Field {
  readonly value: string;
  readonly valid: boolean;
  /** The translated message to show, once the field has been touched. */
  readonly error: string | undefined;
  set(value: string): void;
  touch(): void;
  reset(value?: string): void;
}

export function useField(namespace: string, validate: (value: string) => string | undefined, initial = ''): Field {
  const { t } = useTranslation(namespace);
  const [value, setValue] = useState(initial);
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
    touch: () => setTouched(true),
    reset(next = initial) {
      setValue(next);
      setTouched(false);
    },
  };
}

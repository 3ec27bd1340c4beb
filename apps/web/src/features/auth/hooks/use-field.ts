// The app's form field (lib/forms/use-field.ts) with the auth screens' messages.
import { useField as useSharedField, type Field } from '../../../lib/forms/use-field.ts';

export type { Field };

export function useField(initial: string, validate: (value: string) => string | undefined): Field {
  return useSharedField('auth', validate, initial);
}

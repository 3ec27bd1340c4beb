// The app's form field (lib/forms/use-field.ts) with the account screens' messages.
import { useField as useSharedField, type Field } from '../../../lib/forms/use-field.ts';

export type { Field };

export function useField(validate: (value: string) => string | undefined): Field {
  return useSharedField('account', validate);
}

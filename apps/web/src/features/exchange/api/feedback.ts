// How the exchange screen reports a failed call (spec §8): the first error item's message, in the
// customer's language when this feature (or the app) knows the code, with the pair's rules filled in
// where the message names them ({{tick}}, {{minimum}}, ...). An order still being placed whose
// Retry-After is too long for the app to wait by itself says in how many seconds to try again, in the
// exchange's own words (`errors.inProgressRetryIn`: "check your open orders").
import { errorToastMessage, type Translate } from '../../../lib/api/errors.ts';
import { i18n, translateIfExists } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';

export type MessageValues = Readonly<Record<string, string>>;

function translator(values: MessageValues = {}): Translate {
  return (key, asked) => {
    const own = `exchange:${key}`;
    const all = { ...values, ...asked };
    return i18n.exists(own, all) ? i18n.t(own, all) : translateIfExists(key, asked);
  };
}

export function errorMessage(error: unknown, values?: MessageValues): string {
  return errorToastMessage(error, translator(values));
}

export function toastError(error: unknown, values?: MessageValues): void {
  showToast(errorMessage(error, values), 'error');
}

// How the exchange screen reports a failed call (spec §8): the first error item's message, in the
// customer's language when this feature (or the app) knows the code, with the pair's rules filled in
// where the message names them ({{tick}}, {{minimum}}, ...). An order still being placed whose
// Retry-After is too long for the app to wait by itself says in how many seconds to try again.
import { errorToastMessage, type Translate } from '../../../lib/api/errors.ts';
import { inProgressWaitSeconds } from '../../../lib/api/idempotency.ts';
import { i18n, translateIfExists } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';

export type MessageValues = Readonly<Record<string, string>>;

function translator(values: MessageValues = {}): Translate {
  return (key) => {
    const own = `exchange:${key}`;
    return i18n.exists(own) ? i18n.t(own, { ...values }) : translateIfExists(key);
  };
}

export function errorMessage(error: unknown, values?: MessageValues): string {
  const waitSeconds = inProgressWaitSeconds(error);
  if (waitSeconds !== null) return i18n.t('exchange:inProgressRetryIn', { count: waitSeconds });
  return errorToastMessage(error, translator(values));
}

export function toastError(error: unknown, values?: MessageValues): void {
  showToast(errorMessage(error, values), 'error');
}

// How the wallet screens report a failed call (spec §8): the first error item's message, in the
// customer's language when this feature (or the app) knows the code.
import { errorToastMessage } from '../../../lib/api/errors.ts';
import { i18n, translateIfExists } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';

function translate(key: string, values?: Record<string, unknown>): string | undefined {
  const own = `wallets:${key}`;
  return i18n.exists(own, values) ? i18n.t(own, values) : translateIfExists(key, values);
}

export function errorMessage(error: unknown): string {
  return errorToastMessage(error, translate);
}

export function toastError(error: unknown): void {
  showToast(errorMessage(error), 'error');
}

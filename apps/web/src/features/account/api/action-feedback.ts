// How every account action reports back (spec §8): a success toast, or the toast of the first error
// item's message ('An error occurred. Please try again' when there is none), translated when this
// feature or the app knows the error code.
import { errorToastMessage } from '../../../lib/api/errors.ts';
import { i18n, translateIfExists } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';

function translate(key: string, values?: Record<string, unknown>): string | undefined {
  const own = `account:${key}`;
  return i18n.exists(own, values) ? i18n.t(own, values) : translateIfExists(key, values);
}

/** The sentence a failed call is reported with. */
export function errorMessage(error: unknown): string {
  return errorToastMessage(error, translate);
}

export function toastError(error: unknown): void {
  showToast(errorMessage(error), 'error');
}

export function toastSuccess(message: string): void {
  showToast(message, 'success');
}

// A failed cold wallet call in the customer's words: this feature's translation of the code, the
// app's, or the server's message (spec §8).
import { errorToastMessage } from '../../../lib/api/errors.ts';
import { i18n, translateIfExists } from '../../../lib/i18n/i18n.ts';

export function errorMessage(error: unknown): string {
  return errorToastMessage(error, (key, values) => {
    const own = `coldWallet:${key}`;
    return i18n.exists(own, values) ? i18n.t(own, values) : translateIfExists(key, values);
  });
}

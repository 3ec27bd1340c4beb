// Runs a form's call with a pending flag (the submit button shows a spinner and refuses clicks) and
// turns a failure into the toast of spec §8 (data[0].message, else 'An error occurred. Please try
// again'), unless the caller handles that error itself.
import { useCallback, useRef, useState } from 'react';
import { ApiError, errorToastMessage } from '../../../lib/api/errors.ts';
import { currentLanguageTag, i18n, translateIfExists } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { retryAfterOf, retryWhen } from '../model/sign-in-wait.ts';

/** The toast for a failure; a limit says when the customer can try again ("in 12 minutes"). */
export function failureText(error: unknown): string {
  const wait = retryAfterOf(error);
  const key = error instanceof ApiError ? `limits.${error.code}` : '';
  if (wait !== undefined && i18n.exists(key)) return i18n.t(key, { when: retryWhen(wait, currentLanguageTag()) });
  return errorToastMessage(error, translateIfExists);
}

export interface Submit {
  readonly pending: boolean;
  run<T>(
    action: () => Promise<T>,
    handle?: (error: unknown) => boolean,
  ): Promise<{ ok: true; value: T } | { ok: false }>;
}

export function useSubmit(): Submit {
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(async <T>(action: () => Promise<T>, handle?: (error: unknown) => boolean) => {
    if (inFlight.current) return { ok: false as const };
    inFlight.current = true;
    setPending(true);
    try {
      return { ok: true as const, value: await action() };
    } catch (error) {
      if (!handle?.(error)) showToast(failureText(error), 'error');
      return { ok: false as const };
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);
  return { pending, run };
}

// The sign-in backoff as the login screen tells it: after several wrong passwords the API refuses
// tries for a while (sign_in_must_wait_after_failed_attempts, with retryAfterSeconds in its item),
// and the customer reads when they can try again, in their language ("in 2 minutes").
import { ApiError } from '../../../lib/api/errors.ts';

export const SIGN_IN_WAIT_CODE = 'sign_in_must_wait_after_failed_attempts';

/** The seconds to wait when `error` is the sign-in backoff; undefined for any other error. */
export function signInWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== SIGN_IN_WAIT_CODE) return undefined;
  const seconds = error.items[0]?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 1;
}

/** "in 45 seconds", "in 15 minutes", "in 21 hours" (whole units from a minute or an hour on, rounded up). */
export function retryWhen(seconds: number, languageTag: string): string {
  const format = new Intl.RelativeTimeFormat(languageTag, { numeric: 'always' });
  if (seconds < 60) return format.format(Math.ceil(seconds), 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

/** The wait an API refusal names (retryAfterSeconds in its first item: code limits, rate limits). */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const seconds = error.items[0]?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

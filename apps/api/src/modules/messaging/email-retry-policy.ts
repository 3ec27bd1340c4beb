// When a failed e-mail is tried again (ADR 0074). Security messages never are: the customer asks for
// a new code, and outside development their text is not stored to send. SMS are all security.
const MINUTE_MS = 60_000;
const FIRST_BACKOFF_MS = MINUTE_MS;
const MAX_BACKOFF_MS = 60 * MINUTE_MS;

/**
 * Waits of 1, 2, 4 ... 32 minutes then hourly: the 30th send is tried about 24 hours after the first
 * (63 minutes, then 23 hours). A message still undelivered by then is abandoned: its news is stale,
 * and a day of failures is an address or a configuration to fix, not an outage to wait out.
 */
export const MAX_EMAIL_ATTEMPTS = 30;

/**
 * How long a sender holds a message before the worker may send it: well past nodemailer's timeouts
 * (delivery-adapters.ts, 40 s at worst), so only a sender that died leaves it to the worker.
 */
export const SEND_LEASE_MS = 5 * MINUTE_MS;

export function isRetried(message: { channel: 'email' | 'sms'; category: string }): boolean {
  return message.channel === 'email' && message.category !== 'security';
}

/** When to try again after the `attempts`-th send failed at `failedAt`; null: give up. */
export function nextAttemptAfter(failedAt: Date, attempts: number): Date | null {
  if (attempts >= MAX_EMAIL_ATTEMPTS) return null;
  const waitMs = Math.min(FIRST_BACKOFF_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
  return new Date(failedAt.getTime() + waitMs);
}

export function leaseFrom(now: Date): Date {
  return new Date(now.getTime() + SEND_LEASE_MS);
}

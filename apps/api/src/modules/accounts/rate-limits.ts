// Per-client limits of the accounts routes (@fastify/rate-limit, in memory per process; over the
// limit: 429 too_many_requests with Retry-After). They sit in front of the limits kept in the
// database: per code (5 tries), per destination and address (sends), per customer (PIN, TOTP).
import { perCustomer } from '../../plugins/rate-limit.ts';

const MINUTE_MS = 60_000;
/** Signed-in routes count per customer; the others per client address. */

export const rateLimits = {
  /** POST /auth/login. */
  login: { max: 10, timeWindow: MINUTE_MS },
  /** Routes that send an e-mail or SMS code. */
  codeSend: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** Routes that check a code, a ticket or a registration. */
  codeCheck: { max: 30, timeWindow: 15 * MINUTE_MS },
  /** Signed-in routes that check a password, PIN or authenticator code (after authentication). */
  secretCheck: perCustomer(20, 15 * MINUTE_MS),
};

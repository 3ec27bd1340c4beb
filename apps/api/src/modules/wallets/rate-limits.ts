// Per-customer limits of the wallet and cold wallet routes (in memory per process, like the others;
// over the limit: 429 too_many_requests with Retry-After). Wrong PINs and codes have their own,
// stricter limit in the accounts services.
import { perCustomer } from '../../plugins/rate-limit.ts';

export const walletRateLimits = {
  /** Sends and cold wallet moves. */
  send: perCustomer(100),
  /** Fee estimates and address checks, called as the customer types. */
  estimate: perCustomer(240),
  generate: perCustomer(30),
};

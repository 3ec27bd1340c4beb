// The brake on tokens that sign nobody in (ADR 0065 left it as the next step): every such request
// costs a session read in PostgreSQL, and a signed-in route's own limit counts per customer, so only
// after sign-in. Past FAILED_SIGN_INS_PER_MINUTE from one client address, that address is refused
// (429 with Retry-After) before any read, until its minute is over. The count is shared like every
// limit (in memory, or in Redis with RATE_LIMIT_REDIS_URL); the refusal is kept in this process, so
// a refused request touches neither the store nor the database. A missing token costs nothing and
// an expired session is a customer's own: neither is counted.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './rate-limit.ts';

export const FAILED_SIGN_INS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
/** Addresses refused at once that this process remembers; the oldest go first past it. */
const REMEMBERED = 10_000;

export interface SignInBrake {
  /** Throws 429 too_many_requests while the request's address is refused. */
  check(request: FastifyRequest): void;
  /** Counts a token that signed nobody in; refuses the address from now on once over the limit. */
  failed(request: FastifyRequest): Promise<void>;
}

export function createSignInBrake(app: FastifyInstance): SignInBrake {
  const count = app.createRateLimit({
    max: FAILED_SIGN_INS_PER_MINUTE,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `failed-sign-in:${request.ip}`,
  });
  /** Address → when its refusal ends (ms). */
  const refused = new Map<string, number>();
  return {
    check(request) {
      const until = refused.get(request.ip);
      if (until === undefined) return;
      const left = until - Date.now();
      if (left > 0) throw tooManyRequests(Math.ceil(left / 1000));
      refused.delete(request.ip);
    },
    async failed(request) {
      const limit = await count(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      if (refused.size >= REMEMBERED) refused.delete(refused.keys().next().value!);
      refused.set(request.ip, Date.now() + limit.ttl);
    },
  };
}

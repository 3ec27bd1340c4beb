// The brake on tokens that sign nobody in (ADR 0065 left it as the next step): every such request
// costs a session read in PostgreSQL, and a signed-in route's own limit counts per customer, so only
// after sign-in. Past FAILED_SIGN_INS_PER_MINUTE from one client address, that address is refused
// (429 with Retry-After) before any read, until its minute is over. The count is shared like every
// limit (in memory, or in Redis with RATE_LIMIT_REDIS_URL); the refusal is kept in this process, so
// a refused request touches neither the store nor the database. A missing token costs nothing and
// an expired session is a customer's own: neither is counted. An address is counted as
// @fastify/rate-limit counts its own (`addressKey`): an IPv6 client by its /64, which one customer
// holds whole, and an IPv4 address written as IPv6 as itself, so neither escapes by respelling.
import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Address6 } from 'ip-address';
import { tooManyRequests } from './rate-limit.ts';

export const FAILED_SIGN_INS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
/** Addresses refused at once that this process remembers; the oldest go first past it. */
const REMEMBERED = 10_000;

/** The client address as one brake counts it: an IPv6 one by its /64, an IPv4 one however written. */
export function addressKey(ip: string | undefined): string {
  // An injected request (tests, the WebSocket's inject) may have no address at all.
  if (!ip) return '';
  if (!isIPv6(ip)) return ip.toLowerCase();
  try {
    const address = new Address6(ip);
    if (address.isMapped4()) return address.to4().correctForm();
    return `${new Address6(`${ip}/64`).startAddress().correctForm()}/64`;
  } catch {
    return ip.toLowerCase();
  }
}

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
    keyGenerator: (request) => `failed-sign-in:${addressKey(request.ip)}`,
  });
  /** Address → when its refusal ends (ms). */
  const refused = new Map<string, number>();
  return {
    check(request) {
      const address = addressKey(request.ip);
      const until = refused.get(address);
      if (until === undefined) return;
      const left = until - Date.now();
      if (left > 0) throw tooManyRequests(Math.ceil(left / 1000));
      refused.delete(address);
    },
    async failed(request) {
      const limit = await count(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      if (refused.size >= REMEMBERED) refused.delete(refused.keys().next().value!);
      refused.set(addressKey(request.ip), Date.now() + limit.ttl);
    },
  };
}

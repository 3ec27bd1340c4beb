// Rate limits, per route. Nothing is limited unless a route opts in through its config:
//
//   app.post('/auth/login', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, handler)
//
// The key is the client address (request.ip, which honours TRUST_PROXY); a route may pass its own
// `keyGenerator` (for example the e-mail of a code request) in the same object. Over the limit the
// route answers 429 too_many_requests with the one error body and a Retry-After header in seconds.
// Counters live in this process's memory, or in Redis (RATE_LIMIT_REDIS_URL) so that every API
// replica counts against the same limit. When Redis does not answer, requests are let through and
// the failure logged (ADR 0042): a limit is a brake, and the limits that guard secrets (sign-in
// backoff, PIN and TOTP tries) are counted in PostgreSQL anyway.
// A signed-in route counts per customer (`perCustomer`), after its authentication: per address,
// customers behind one address (and anyone sending requests that fail to sign in) spent each other's
// budget; per Authorization header, another spelling of the same token ("bearer", two spaces) was a
// fresh budget.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';

/**
 * A signed-in route's limit: counted per customer once `preHandler: app.authenticate` has signed the
 * request in (the limit's hook runs after the route's own preHandlers, and before an idempotency
 * key is claimed). `timeWindow` in milliseconds or as @fastify/rate-limit reads it ('1 minute').
 */
export function perCustomer(max: number, timeWindow: number | string = '1 minute') {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.identity?.userId ?? request.ip,
  };
}

/** A signed-in route's `config` for a per-customer limit (`perCustomer`): `config: limitPerCustomer(60)`. */
export function limitPerCustomer(max: number, timeWindow: number | string = '1 minute') {
  return { rateLimit: perCustomer(max, timeWindow) };
}

/** 429 too_many_requests, saying when to try again (in the item too, for a screen in the customer's language). */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const message = `Too many requests. Please wait ${retryAfterSeconds} seconds and try again`;
  return new AppError('too_many_requests', {
    message,
    items: [{ code: 'too_many_requests', message, retryAfterSeconds }],
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

export interface RateLimitOptions {
  /** redis:// URL of the shared counters; undefined: in memory. */
  redisUrl?: string;
}

function sharedStore(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, {
    // A request must not wait for a Redis that is away: fail fast, reconnect in the background.
    connectTimeout: 1_000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) app.log.warn({ err: error }, 'rate-limit store unreachable: requests are not limited');
    down = true;
  });
  redis.on('ready', () => (down = false));
  app.addHook('onClose', async () => void redis.disconnect());
  return redis;
}

async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions) {
  await app.register(rateLimit, {
    global: false,
    ...(options.redisUrl
      ? {
          redis: sharedStore(app, options.redisUrl),
          nameSpace: 'rora-rate-limit-',
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });

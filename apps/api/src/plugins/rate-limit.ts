// Rate limits, per route. Nothing is limited unless a route opts in through its config:
//
//   app.post('/auth/login', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, handler)
//
// The key is the client address (request.ip, which honours TRUST_PROXY); a route may pass its own
// `keyGenerator` (for example the e-mail of a code request) in the same object. Over the limit the
// route answers 429 too_many_requests with the one error body and a Retry-After header in seconds.
// Counters live in memory, per process: with several API replicas, give the plugin a shared store.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/errors.ts';

async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('too_many_requests', {
        message: `Too many requests. Please wait ${retryAfterSeconds} seconds and try again`,
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    },
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });

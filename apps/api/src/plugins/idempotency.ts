// Idempotency keys for requests that must take effect at most once (DESIGN §4, TESTING.md).
// A route opts in with `config: { idempotent: true }` and must also use `preHandler: app.authenticate`
// (keys are scoped per customer). Then:
// - the `Idempotency-Key` header is required (1-255 visible ASCII characters): 400 idempotency_key_required;
// - the first request claims the key and runs; its status and body are stored once it answers;
// - a retry with the same key, method, path and body gets the stored response back byte for byte
//   (with `Idempotent-Replayed: true`), without running the handler again;
// - the same key with another method, path or body: 422 idempotency_key_reused_with_different_body;
// - the same key while the first request is still running: 409 idempotency_request_in_progress.
// Every answer of a request that reached its handler is stored, 5xx included (as Stripe does): the
// effect may have happened, so a retry must not run it again. Validation, authentication and
// rate-limit refusals happen before the claim and are not stored.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@rora/db';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { createIdempotencyStore, type IdempotencyStore } from './idempotency-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Require an Idempotency-Key header and replay the stored response on a retry. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotency_keys row this request claimed, if its route is idempotent. */
    idempotencyClaim: string | null;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted at every depth, so key order does not change the fingerprint. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
  });
}

function fingerprint(request: FastifyRequest): Buffer {
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n${canonicalJson(request.body)}`)
    .digest();
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

function createHooks(store: IdempotencyStore, clock: Clock) {
  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    if (!request.identity) {
      throw new Error(`${request.routeOptions.url} is idempotent: it must use preHandler app.authenticate`);
    }
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('idempotency_key_required', { field: 'Idempotency-Key' });
    }
    const { userId } = request.identity;
    const requestHash = fingerprint(request);
    const claimed = await store.claim({
      userId,
      key,
      method: request.method,
      path: request.url,
      requestHash,
      now: clock.now(),
    });
    if (claimed) {
      request.idempotencyClaim = claimed;
      return;
    }
    const existing = await store.find(userId, key);
    if (!existing) throw new AppError('idempotency_request_in_progress');
    if (!existing.requestHash.equals(requestHash)) throw new AppError('idempotency_key_reused_with_different_body');
    if (existing.state === 'in_flight') throw new AppError('idempotency_request_in_progress');
    const { response } = existing;
    reply.code(response.status).header('idempotent-replayed', 'true');
    if (response.contentType) reply.header('content-type', response.contentType);
    return reply.send(response.body);
  }

  async function storeResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
      throw new Error(`${request.routeOptions.url} is idempotent: it must answer JSON, not a stream`);
    }
    const contentType = reply.getHeader('content-type');
    await store.complete(
      claim,
      {
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: Buffer.from(payload ?? ''),
      },
      clock.now(),
    );
    return payload;
  }

  return { claimKey, storeResponse };
}

async function idempotencyPlugin(app: FastifyInstance, options: { db: Db; clock: Clock }) {
  const { claimKey, storeResponse } = createHooks(createIdempotencyStore(options.db), options.clock);
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    // After the route's own preHandlers (authentication), so the key is scoped to the customer.
    route.preHandler = [...asArray(route.preHandler), claimKey];
    route.onSend = [...asArray(route.onSend), storeResponse];
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth'] });

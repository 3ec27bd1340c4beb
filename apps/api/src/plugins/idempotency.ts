// Idempotency keys for requests that must take effect at most once (DESIGN §4, TESTING.md).
// A route opts in with `config: { idempotent: true }` (or 'with-effect', below) and must also use
// `preHandler: app.authenticate` (keys are scoped per customer). Then:
// - the `Idempotency-Key` header is required (1-255 visible ASCII characters): 400 idempotency_key_required;
// - the first request claims the key and runs; its status and body are stored once it answers;
// - a retry with the same key, method, path and body gets the stored response back byte for byte
//   (with `Idempotent-Replayed: true`), without running the handler again;
// - the same key with another method, path or body: 422 idempotency_key_reused_with_different_body;
// - the same key while the first request is still running: 409 idempotency_request_in_progress, with
//   Retry-After: when the lease of the process running it lapses if that process missed a renewal
//   (it may be dead), else 1 s.
// Every answer of a request that reached its handler is stored, 500 included (as Stripe does): the
// effect may have happened, so a retry must not run it again. A 503 is not (ADR 0024): it means "try
// again", so its key is abandoned instead (idempotency-abandon.ts) and the retry learns what
// committed, or runs; so is a key whose claim or answer could not be written (the database away).
// Validation, authentication and rate-limit refusals happen before the claim and are not stored.
//
// 'with-effect' (ADR 0013): the key may commit in the same transaction as the effect instead of in a
// claim of its own, so the two exist together or not at all, and a busy route spends one row write
// per request instead of a claim, a commit and an update. Such a route gets `request.idempotency`:
// either it hands `request.idempotency.request` to the code that commits the effect, which stores
// the answer with `idempotencyAnswer` in that transaction, or it calls `claim()` first and the
// answer is stored as above. A twin request on this server is refused while the first runs; a twin
// on another server loses at commit (unique key), so at most one of them takes effect.
//
// A key left in flight by a process that died (ADR 0024): the claim records this process's lease
// (idempotency-owner.ts); a retry that finds the key in flight with the lease lapsed resolves it
// (idempotency-recovery.ts) to the answer of what committed, or releases it and runs. So a route with
// `idempotent: true` declares `recoverIdempotent` and binds its effect to `request.idempotencyClaim`
// in the transaction that commits it; a 'with-effect' route that claims does the same with the id
// `claim()` returns.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import pLimit from 'p-limit';
import type { Db } from '@rora/db';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { IN_PROGRESS_RETRY_AFTER_SECONDS } from './errors.ts';
import { within } from '../lib/within.ts';
import { createAbandoner, type Abandoner } from './idempotency-abandon.ts';
import { createIdempotencyOwner, LEASE_MS, RENEW_EVERY_MS } from './idempotency-owner.ts';
import {
  resolveOrphanedKey,
  type IdempotencyHandle,
  type IdempotencyRecovery,
  type IdempotentRequest,
  type Resolution,
} from '../lib/idempotency-recovery.ts';
import { createIdempotencyStore, type ExistingKey, type IdempotencyStore } from './idempotency-store.ts';

// The domain's side of keys (binding an effect, recovering a dead request's answer) is in
// lib/idempotency-recovery.ts, which services use; this plugin is the HTTP side.
export {
  ANSWER_CONTENT_TYPE,
  bindIdempotentEffect,
  idempotencyAnswer,
  type IdempotencyHandle,
  type IdempotencyRecovery,
  type IdempotentRequest,
  type OrphanedKey,
  type RecoveredAnswer,
} from '../lib/idempotency-recovery.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Require an Idempotency-Key header and replay the stored response on a retry. */
    idempotent?: boolean | 'with-effect';
    /** Required with `idempotent: true`: the answer of a dead request's effect (ADR 0024). */
    recoverIdempotent?: IdempotencyRecovery;
  }
  interface FastifyRequest {
    /** The idempotency_keys row this request claimed, if its route is idempotent. */
    idempotencyClaim: string | null;
    /** On a 'with-effect' route: the key, to commit with the effect or to claim. */
    idempotency: IdempotencyHandle | null;
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

function keyedRequest(request: FastifyRequest): IdempotentRequest {
  if (!request.identity) {
    throw new Error(`${request.routeOptions.url} is idempotent: it must use preHandler app.authenticate`);
  }
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError('idempotency_key_required', { field: 'Idempotency-Key' });
  }
  return {
    userId: request.identity.userId,
    key,
    method: request.method,
    path: request.url,
    requestHash: fingerprint(request),
  };
}

/** Answers from a key's stored answer: a replay, or the refusal of a different twin. */
function answerFromStore(
  keyed: IdempotentRequest,
  existing: ExistingKey & { state: 'completed' },
  reply: FastifyReply,
) {
  if (!existing.requestHash.equals(keyed.requestHash)) throw new AppError('idempotency_key_reused_with_different_body');
  const { response } = existing;
  reply.code(response.status).header('idempotent-replayed', 'true');
  if (response.contentType) reply.header('content-type', response.contentType);
  return reply.send(response.body);
}

interface HookDependencies {
  store: IdempotencyStore;
  abandoner: Abandoner;
  clock: Clock;
  resolve: (id: string, recover: IdempotencyRecovery) => Promise<Resolution>;
}

/** How long an answer waits for its key to be abandoned (a 503, or one not stored) before it is sent. */
const ABANDON_WAIT_MS = 1_000;

/** The onSend hook: stores the answer under the request's claim, or abandons the claim (ADR 0024). */
function answerStorer({ store, abandoner, clock }: Omit<HookDependencies, 'resolve'>) {
  async function storeResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
      throw new Error(`${request.routeOptions.url} is idempotent: it must answer JSON, not a stream`);
    }
    // "Try again" (the database lost, the outcome unknown): the retry must be able to run or learn
    // what committed, so no answer is stored (ADR 0024).
    if (reply.statusCode === 503) {
      // The database may be what did not answer (ADR 0071): the 503 is not held for a second deadline.
      // An abandoning still under way stays pending, and a retry on this process waits for it first.
      await within(abandoner.abandon(claim), ABANDON_WAIT_MS);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const response = {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: Buffer.from(payload ?? ''),
    };
    try {
      await store.complete(claim, response, clock.now());
    } catch (error) {
      // The answer is sent all the same (it is what happened); the retry learns it from the effect.
      // Bounded as a 503's abandoning is: after a storing that passed its deadline, the database
      // likely hangs, and this write would hold the answer for a second deadline (ADR 0071).
      request.log.warn({ err: error }, 'idempotent answer not stored; its key is abandoned');
      await within(abandoner.abandon(claim), ABANDON_WAIT_MS);
    }
    return payload;
  }
  return storeResponse;
}

/**
 * A holder whose lease has more left than this renewed it within the last renewal period (and a
 * little): it is alive, and its request answers within moments.
 */
const RENEWED_LATELY_MS = LEASE_MS - RENEW_EVERY_MS - 2_000;

/**
 * The refusal of a retry whose key is still in flight, with when to come back (Retry-After): when
 * the lease of the process holding it lapses, if that is another process that missed a renewal (it
 * may have died: then the retry after that resolves the key, ADR 0024); else soon (this process runs
 * it, its holder is renewing its lease, or that lease already lapsed and a resolution is under way).
 */
async function inProgress(store: IdempotencyStore, id: string): Promise<AppError> {
  const holder = await store.holder(id).catch(() => null);
  const leaseLeftMs = holder && !holder.mine ? holder.leaseLeftMs : null;
  const lapsing = leaseLeftMs !== null && leaseLeftMs <= RENEWED_LATELY_MS;
  const seconds = lapsing ? Math.max(1, Math.ceil(leaseLeftMs / 1000)) : IN_PROGRESS_RETRY_AFTER_SECONDS;
  return new AppError('idempotency_request_in_progress', { headers: { 'retry-after': String(seconds) } });
}

function createHooks({ store, abandoner, clock, resolve }: HookDependencies) {
  /** 'with-effect' requests of this server that are running, by customer and key. */
  const running = new Set<string>();
  const slots = new WeakMap<FastifyRequest, string>();

  /** Answers from what is stored under the key: a replay, or the refusal of a different or running twin. */
  async function answer(keyed: IdempotentRequest, existing: ExistingKey, reply: FastifyReply) {
    if (existing.state === 'completed') return answerFromStore(keyed, existing, reply);
    if (!existing.requestHash.equals(keyed.requestHash))
      throw new AppError('idempotency_key_reused_with_different_body');
    throw await inProgress(store, existing.id);
  }

  async function claim(request: FastifyRequest, keyed: IdempotentRequest): Promise<boolean> {
    const attempt = { ...keyed, id: randomUUID(), now: clock.now() };
    let claimed: string | null;
    try {
      claimed = await store.claim(attempt);
    } catch (error) {
      // The claim may have committed unacknowledged, or commit later still (its INSERT past its
      // deadline, left on a hung server): a key no handler will ever answer.
      abandoner.remember(attempt);
      throw error;
    }
    if (claimed) {
      request.idempotencyClaim = claimed;
      // The database answers again: abandon what waited for it. This request runs its handler next,
      // not a lookup, so it does not wait: on a database that froze since the claim, that wait was a
      // deadline of its own before the handler's statements met another (ADR 0071).
      void abandoner.flush().catch(() => undefined);
      return true;
    }
    // No flush of other keys before the lookup: on a database frozen since the claim answered, it
    // met a deadline of its own, and the lookup then another (ADR 0071). A key of this request that
    // waits to be abandoned is abandoned by the lookup itself (lookUp).
    return false;
  }

  /**
   * A key read in flight that this process gave up on is no running request's: abandoned now if it
   * still waits to be (that key alone, so no other key's row held elsewhere holds it up; a failure
   * is this request's 503), or already while the row was read (an abandoning under way when it was
   * asked for). Any other key is as read.
   */
  async function settledHere(key: ExistingKey & { state: 'in_flight' }): Promise<ExistingKey> {
    if (abandoner.waiting(key.id)) await abandoner.settle(key.id);
    else if (!abandoner.abandoned(key.id)) return key;
    return { ...key, ownerGone: true };
  }

  /**
   * What is stored under the key, once a key its dead owner left in flight is resolved (ADR 0024):
   * null when there is nothing (or it was released, so this request may run). A key this process
   * abandoned but could not yet mark so (the database was away) is marked now and resolved alike.
   */
  async function lookUp(request: FastifyRequest, keyed: IdempotentRequest): Promise<ExistingKey | null> {
    const found = await store.find(keyed.userId, keyed.key);
    const existing = found?.state === 'in_flight' ? await settledHere(found) : found;
    const recover = request.routeOptions.config.recoverIdempotent;
    const orphaned = existing?.state === 'in_flight' && existing.ownerGone;
    if (!orphaned || !recover || !existing.requestHash.equals(keyed.requestHash)) return existing;
    if ((await resolve(existing.id, recover)) === 'released') return null;
    return store.find(keyed.userId, keyed.key);
  }

  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    const keyed = keyedRequest(request);
    // Twice at most: a key released by the resolution is claimed again by this retry.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (await claim(request, keyed)) return;
      const existing = await lookUp(request, keyed);
      if (existing) return answer(keyed, existing, reply);
    }
    throw new AppError('idempotency_request_in_progress');
  }

  async function prepareWithEffect(request: FastifyRequest, reply: FastifyReply) {
    const keyed = keyedRequest(request);
    const slot = `${keyed.userId}\n${keyed.key}`;
    if (running.has(slot)) throw new AppError('idempotency_request_in_progress');
    // Taken before the lookup, so a twin arriving meanwhile is refused rather than run.
    running.add(slot);
    slots.set(request, slot);
    // On the response's close, not Fastify's onResponse: that runs only after 'finish', which never
    // comes when the client hung up before the answer was written (a timeout during a database
    // stall), and onRequestAbort only when the body was still arriving. Either way the slot would
    // stay taken and every retry of the key on this process answer 409 until it restarts.
    reply.raw.once('close', () => release(request));
    const existing = await lookUp(request, keyed);
    if (existing) return answer(keyed, existing, reply);
    request.idempotency = {
      request: keyed,
      claim: async () => {
        if (!(await claim(request, keyed))) throw new AppError('idempotency_request_in_progress');
        return request.idempotencyClaim as string;
      },
    };
  }

  /** Once answered (or abandoned by its client), a twin may run: it will be a replay. */
  function release(request: FastifyRequest) {
    const slot = slots.get(request);
    if (slot === undefined) return;
    // Once per request: a twin may hold the same slot by now.
    slots.delete(request);
    running.delete(slot);
  }

  return { claimKey, prepareWithEffect, storeResponse: answerStorer({ store, abandoner, clock }) };
}

async function idempotencyPlugin(app: FastifyInstance, options: { db: Db; clock: Clock; queryDeadlineMs?: number }) {
  const { db, clock } = options;
  const owner = createIdempotencyOwner(db);
  // The store's calls are batched: each is bounded by the statements' deadline from when it is made.
  const store = createIdempotencyStore(
    db,
    owner.id,
    options.queryDeadlineMs === undefined ? {} : { deadlineMs: options.queryDeadlineMs },
  );
  const abandoner = createAbandoner(store, (error) =>
    app.log.warn({ err: error }, 'idempotency key not abandoned yet; will retry'),
  );
  // Held before the first claim, renewed while the app runs (abandoning what waited for the
  // database alongside), given up when it closes.
  await owner.renew();
  owner.start((error) => app.log.warn({ err: error }, 'idempotency lease renewal failed'), abandoner.flush);
  app.addHook('onClose', () => owner.stop());
  const { claimKey, prepareWithEffect, storeResponse } = createHooks({
    store,
    abandoner,
    clock,
    resolve: resolveOnce((id, recover) => resolveOrphanedKey(db, { id, recover, now: clock.now() })),
  });
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('idempotency', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const mode = route.config?.idempotent;
    if (!mode) return;
    if (mode === true && !route.config?.recoverIdempotent) {
      throw new Error(`${route.url} is idempotent: it must declare recoverIdempotent (ADR 0024)`);
    }
    // After the route's own preHandlers (authentication), so the key is scoped to the customer.
    route.preHandler = [...asArray(route.preHandler), mode === 'with-effect' ? prepareWithEffect : claimKey];
    route.onSend = [...asArray(route.onSend), storeResponse];
  });
}

/**
 * Resolutions of orphaned keys run at most this many at a time in a process: each holds a connection
 * (its transaction, with the key's row lock) while a route's reading of the effect may query through
 * the pool (live prices), so as many at once as the pool has connections left none to read with.
 */
const RESOLVING_AT_ONCE = 4;

/**
 * One resolution of a key at a time in this process; retries of the same key that arrive meanwhile
 * share it (twenty retries of one orphaned key, each waiting with a connection for the one holding
 * its lock, left that one no connection to read with). Resolutions of different keys take turns,
 * RESOLVING_AT_ONCE at a time.
 */
function resolveOnce(
  resolve: (id: string, recover: IdempotencyRecovery) => Promise<Resolution>,
): (id: string, recover: IdempotencyRecovery) => Promise<Resolution> {
  const running = new Map<string, Promise<Resolution>>();
  const inTurn = pLimit(RESOLVING_AT_ONCE);
  return (id, recover) => {
    let resolution = running.get(id);
    if (!resolution) {
      resolution = inTurn(() => resolve(id, recover)).finally(() => running.delete(id));
      running.set(id, resolution);
    }
    return resolution;
  };
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth'] });

// Orders reach the books' one writer from any API replica (ADR 0045). The process that holds the
// writer lock (ADR 0014) records in `order_writer` the URL other replicas reach it on and a token of
// its own; a replica that does not write sends each order and cancel there, over HTTP, with that
// token. When the writer cannot be reached (killed, or its database session ended) the replica tries
// to take the lock itself: the lock goes with the dead writer's session, so within seconds one
// replica becomes the writer, reads the books from the database and serves orders; the others find
// it in `order_writer` and forward to it.
//
// A writer that hangs without dying keeps its lock until its lease runs out (ADR 0067); a replica
// waiting on its answer looks every WRITER_CHECK_MS whether the shard's lock is still that writer's,
// and once it is not, sends the command on to the shard's new writer (or takes the shard itself)
// instead of waiting out the request's timeout.
//
// With market shards (ADR 0046) all of this is per shard: `order_writer` holds one row per shard,
// a command goes to the writer of its market's shard, and a shard is taken over by itself.
//
// Nothing is lost or doubled by a retry: a customer's order always carries an Idempotency-Key, which
// commits with the order (ADR 0013). An order whose answer was lost with a dying writer may be sent
// again to the next one; it finds its key committed and answers 409 `idempotency_request_in_progress`,
// and the customer's retry replays the stored answer.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Agent, fetch, type Response } from 'undici';
import type { Db } from '@rora/db';
import { errorCatalogue, type ErrorCode } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';
import { writerLockKey } from './writer-lock.ts';

/** How long a replica keeps trying while the writer changes hands, before answering 503. */
const HANDOVER_MS = 10_000;
const RETRY_MS = 200;
const REQUEST_TIMEOUT_MS = 15_000;
/** How often a replica waiting on a writer's answer checks the writer still holds the shard. */
const WRITER_CHECK_MS = 1_000;
/** A public read waits this long for a writer before it is refused (503): nothing to take over. */
const READ_WAIT_MS = 3_000;
/**
 * Connections a replica keeps open to one writer; calls beyond them wait for one (kept alive). A
 * replica under a backlog would otherwise open one per call in flight, unbounded, and meet the
 * writer's cap on connections per address (ADR 0065) when TRUST_PROXY does not name the replicas.
 */
export const WRITER_CONNECTIONS = 64;
const writers = new Agent({ connections: WRITER_CONNECTIONS });
export const FORWARD_PATH = '/internal/v1/orders';
/** Public market data, read where the books are written (ADR 0045). */
export const MARKET_DATA_PATH = '/internal/v1/market-data';

interface WriterAddress {
  pid: number;
  url: string;
  token: string;
}

/** A forwarded command, as the writer's internal route takes it. */
export type ForwardedCommand =
  | { op: 'place'; userId: string; body: unknown; idempotency: ForwardedKey | null }
  | { op: 'cancel'; userId: string; orderId: string }
  | { op: 'rate'; body: unknown };

/** An IdempotentRequest with its hash as hex, for JSON. */
export interface ForwardedKey {
  userId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

interface ForwardingLog {
  info?(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface OrderForwarding {
  /** True for the token this process gave out: the only callers its internal route serves. */
  accepts(authorization: string | undefined): boolean;
  /** The URL other replicas reach this process on, once it listens (recorded if it writes). */
  advertise(url: string): Promise<void>;
  /** Told by a shard's sequencer each time this process takes that shard's writer lock. */
  onWriter(shard: number, pid: number): void;
  /**
   * Sends the command to the shard's writer and returns its answer, or 'local' when this process
   * became that writer meanwhile (the caller runs the command itself).
   */
  send(command: ForwardedCommand, shard: number, claimWriter: () => Promise<boolean>): Promise<unknown>;
  /** Asks the shard's writer for public market data (`query` as its market-data route takes it). */
  read(query: unknown, shard: number): Promise<unknown>;
}

export const LOCAL = 'local' as const;

class Unreachable extends Error {}

/** One call to the writer; Unreachable when it did not answer or is not the writer (keys make a retry safe). */
async function post(address: WriterAddress, path: string, command: unknown, replaced: AbortSignal): Promise<unknown> {
  let response: Response;
  let body: { result?: unknown; error?: { code?: string } } | null;
  try {
    response = await fetch(new URL(path, address.url), {
      method: 'POST',
      headers: { authorization: `Writer ${address.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(command),
      signal: AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), replaced]),
      dispatcher: writers,
    });
    body = (await response.json().catch(() => null)) as typeof body;
  } catch (error) {
    throw new Unreachable(replaced.aborted ? 'the shard has another writer now' : (error as Error).message);
  }
  if (response.ok && body && 'result' in body) return body.result;
  const code = body?.error?.code;
  // Not the writer any more (or stopping, or its database away): try again, the key guarding it.
  if (response.status === 503 || !code || !(code in errorCatalogue)) {
    throw new Unreachable(`writer answered ${response.status} ${code ?? ''}`);
  }
  throw new AppError(code as ErrorCode, { message: (body as { error: { message?: string } }).error.message });
}

/** The shard's writer as recorded, if its pid still holds the shard's lock. */
async function writerOf(db: Db, shard: number): Promise<WriterAddress | null> {
  const [classid, objid] = writerLockKey(shard);
  const { rows } = await db.execute<{ pid: number; url: string; token: string }>(sql`
    SELECT w.pid, w.url, w.token FROM order_writer w
     WHERE w.shard = ${shard}::int
       AND EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.pid = w.pid
                     AND l.classid = ${classid} AND l.objid = ${objid} AND l.objsubid = 2)`);
  return rows[0] ?? null;
}

/**
 * Aborted once `target` no longer holds the shard's lock (its lease ran out, or another took over):
 * looked at every WRITER_CHECK_MS while its answer is awaited, so a fast answer costs no query.
 */
async function postWatched(
  db: Db,
  target: WriterAddress,
  request: { path: string; body: unknown; shard: number },
): Promise<unknown> {
  const { path, body, shard } = request;
  const replaced = new AbortController();
  const timer = setInterval(() => {
    writerOf(db, shard)
      .then((now) => now?.pid !== target.pid && replaced.abort())
      .catch(() => undefined);
  }, WRITER_CHECK_MS);
  try {
    return await post(target, path, body, replaced.signal);
  } finally {
    clearInterval(timer);
  }
}

export function createOrderForwarding(deps: { db: Db; log: ForwardingLog }): OrderForwarding {
  const { db, log } = deps;
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Writer ${token}`);
  let ownUrl: string | null = null;
  /** This process's lock session of each shard it writes. */
  const ownPids = new Map<number, number>();
  /** The writer last found for each shard. */
  const known = new Map<number, WriterAddress>();

  async function register(shard: number): Promise<void> {
    const pid = ownPids.get(shard);
    if (ownUrl === null || pid === undefined) return;
    const [classid, objid] = writerLockKey(shard);
    // Only while this pid holds the lock: a writer that lost it meanwhile records nothing.
    await db.execute(sql`
      INSERT INTO order_writer (shard, pid, url, token, since)
      SELECT ${shard}::int, ${pid}, ${ownUrl}, ${token}, now()
       WHERE EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = ${pid}
                       AND classid = ${classid} AND objid = ${objid} AND objsubid = 2)
      ON CONFLICT (shard) DO UPDATE SET pid = excluded.pid, url = excluded.url, token = excluded.token,
                                        since = excluded.since`);
    log.info?.({ url: ownUrl, shard }, 'this process writes a shard of the order books; other replicas forward here');
  }

  /**
   * Posts to the writer; while none answers, tries to become it (orders) or waits (reads), until
   * `waitMs` has passed: then 503. LOCAL when this process took the lock meanwhile.
   */
  async function deliver(
    path: string,
    body: unknown,
    options: { shard: number; claimWriter: () => Promise<boolean>; waitMs: number },
  ): Promise<unknown> {
    const { shard } = options;
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const target = known.get(shard) ?? (await writerOf(db, shard));
      if (target) known.set(shard, target);
      try {
        if (target) return await postWatched(db, target, { path, body, shard });
      } catch (error) {
        if (!(error instanceof Unreachable)) throw error;
        log.warn({ url: target?.url, shard, reason: error.message }, 'order writer unreachable');
        known.delete(shard);
      }
      // No writer, or one that does not answer: its lock is free once its session has ended.
      if (await options.claimWriter()) return LOCAL;
      if (Date.now() > deadline) throw new AppError('market_is_unavailable');
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  return {
    accepts(authorization) {
      const given = Buffer.from(authorization ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async advertise(url) {
      ownUrl = url;
      for (const shard of ownPids.keys()) await register(shard);
    },
    onWriter(shard, pid) {
      ownPids.set(shard, pid);
      known.delete(shard);
      register(shard).catch((error: unknown) =>
        log.warn({ err: (error as Error).message, shard }, 'order writer not recorded'),
      );
    },
    send: (command, shard, claimWriter) => deliver(FORWARD_PATH, command, { shard, claimWriter, waitMs: HANDOVER_MS }),
    read: (query, shard) =>
      deliver(MARKET_DATA_PATH, query, { shard, claimWriter: async () => false, waitMs: READ_WAIT_MS }),
  };
}

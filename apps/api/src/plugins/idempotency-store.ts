// Storage of idempotency keys (table idempotency_keys, migration 0002). A key is claimed by
// INSERT ... ON CONFLICT DO NOTHING, so among concurrent requests exactly one wins the claim.
// Claims, lookups and completions made while earlier ones are being written go out together, one
// statement (and one commit) for many requests (lib/batcher.ts); each claim is still committed before
// its handler runs, and each response is stored before it is sent. A claim records the process that
// made it (idempotency-owner.ts); a lookup says whether that process is gone, so that a key it left in
// flight can be resolved (idempotency-recovery.ts). A claim's id is drawn here, before it is written,
// so a claim whose commit went unacknowledged can still be abandoned (idempotency-abandon.ts), even
// if that commit comes after the abandoning (abandonUnacknowledged).
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import { createBatcher } from '../lib/batcher.ts';
import { ABANDONED_OWNER } from './idempotency-owner.ts';

export interface IdempotencyRequest {
  /** The id the claim's row gets if it wins. */
  id: string;
  userId: string;
  key: string;
  method: string;
  path: string;
  requestHash: Buffer;
  now: Date;
}

export interface StoredResponse {
  status: number;
  contentType: string | null;
  body: Buffer;
}

export type ExistingKey =
  | { state: 'in_flight'; id: string; requestHash: Buffer; ownerGone: boolean }
  | { state: 'completed'; requestHash: Buffer; response: StoredResponse };

// Through a function whose plan is always the index lookup (sql/idempotency_find_keys.sql).
const FIND_KEYS = `SELECT * FROM idempotency_find_keys($1::uuid[], $2::text[])`;

interface FoundKey {
  user_id: string;
  idempotency_key: string;
  request_hash: Buffer;
  response_status: number | null;
  response_content_type: string | null;
  response_body: Buffer | null;
  id: string;
  owner_gone: boolean;
}

/** Who holds a key in flight: this process, or another whose lease has `leaseLeftMs` to run (null: none). */
export interface KeyHolder {
  mine: boolean;
  leaseLeftMs: number | null;
}

export interface IdempotencyStore {
  /** The new row's id when this request won the key, null when the key already exists. */
  claim(request: IdempotencyRequest): Promise<string | null>;
  find(userId: string, key: string): Promise<ExistingKey | null>;
  /** The holder of the key `id`, for a 409's Retry-After; null when the key is gone. Off the hot path. */
  holder(id: string): Promise<KeyHolder | null>;
  complete(id: string, response: StoredResponse, now: Date): Promise<void>;
  /**
   * Gives the keys still in flight among `ids` to ABANDONED_OWNER: the next retry resolves them.
   * `unacknowledged`: claims whose INSERT got no answer, abandoned whether it committed, commits
   * later, or never does (abandonUnacknowledged).
   */
  abandon(ids: string[], unacknowledged?: IdempotencyRequest[]): Promise<void>;
}

interface Completion {
  id: string;
  response: StoredResponse;
  now: Date;
}

const param = (values: unknown[]) => sql`${sql.param(values)}`;

/** The rows of `requests` to insert, each with the owner `ownerId`, as a SELECT. */
function claimRows(requests: IdempotencyRequest[], ownerId: string) {
  return sql`
    SELECT v.*, ${ownerId}::uuid FROM unnest(${param(requests.map((row) => row.id))}::uuid[],
      ${param(requests.map((row) => row.userId))}::uuid[], ${param(requests.map((row) => row.key))}::text[],
      ${param(requests.map((row) => row.method))}::text[], ${param(requests.map((row) => row.path))}::text[],
      ${param(requests.map((row) => row.requestHash))}::bytea[],
      ${param(requests.map((row) => row.now.toISOString()))}::timestamptz[]) AS v(id, user_id)`;
}

/** The first request of each (customer, key) among `requests`, and the later ones. */
function firstPerKey(requests: IdempotencyRequest[]): {
  first: Map<string, IdempotencyRequest>;
  later: IdempotencyRequest[];
} {
  const first = new Map<string, IdempotencyRequest>();
  const later: IdempotencyRequest[] = [];
  for (const request of requests) {
    const slot = `${request.userId}|${request.key}`;
    if (first.has(slot)) later.push(request);
    else first.set(slot, request);
  }
  return { first, later };
}

async function abandon(db: Db, ids: string[]): Promise<void> {
  await db.execute(sql`
    UPDATE idempotency_keys SET owner_id = ${ABANDONED_OWNER}::uuid
     WHERE id = ANY(${param(ids)}::uuid[]) AND response_status IS NULL`);
}

/**
 * Abandons claims whose INSERT got no answer. That INSERT may still be on the server (a COMMIT that
 * a hung server finishes when it wakes, after its connection was closed at its deadline), where an
 * UPDATE by id sent meanwhile finds no row, and the row committed after it stayed with this live
 * process, 409 to every retry for as long as it lives. So the claim is written again, owned by
 * ABANDONED_OWNER, on the key's unique index: while the INSERT is in progress this waits for it, and
 * whichever commits second meets the other's row. The INSERT committed (before or now): its row is
 * given up. It never does: this row stands for it, in flight and without effect, so the retry
 * releases it and runs; an INSERT that lands later still finds the key taken. A key another claim
 * holds is left alone. A customer gone meanwhile has no key to abandon (and would fail the write).
 */
async function abandonUnacknowledged(db: Db, requests: IdempotencyRequest[]): Promise<void> {
  // One row per key in a statement: ON CONFLICT DO UPDATE may not reach the same row twice.
  for (let rest = requests; rest.length > 0;) {
    const { first, later } = firstPerKey(rest);
    await db.execute(sql`
      INSERT INTO idempotency_keys AS k (id, user_id, idempotency_key, request_method, request_path, request_hash,
        created_at, owner_id)
      ${claimRows([...first.values()], ABANDONED_OWNER)} WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = v.user_id)
      ON CONFLICT (user_id, idempotency_key) DO UPDATE SET owner_id = EXCLUDED.owner_id
       WHERE k.id = EXCLUDED.id AND k.response_status IS NULL`);
    rest = later;
  }
}

async function holder(db: Db, options: { id: string; ownerId: string }): Promise<KeyHolder | null> {
  const { rows } = await db.execute<{ mine: boolean | null; lease_left_ms: number | null }>(sql`
    SELECT k.owner_id = ${options.ownerId}::uuid AS mine,
           (SELECT greatest(0, extract(epoch FROM o.expires_at - now()) * 1000)::float8
              FROM idempotency_owners o WHERE o.id = k.owner_id) AS lease_left_ms
      FROM idempotency_keys k WHERE k.id = ${options.id}`);
  const row = rows[0];
  return row ? { mine: row.mine === true, leaseLeftMs: row.lease_left_ms } : null;
}

/**
 * `deadlineMs`: a claim, an answer's storing or a lookup fails as a statement past its deadline this
 * long after it was asked for, even while it waits for a flush (lib/batcher.ts): with PostgreSQL
 * paused, a call queued behind hung flushes waited for theirs and then its own, twice as long.
 */
export function createIdempotencyStore(
  db: Db,
  ownerId: string,
  options: { deadlineMs?: number } = {},
): IdempotencyStore {
  const batching = options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs };
  const claim = createBatcher(async (requests: IdempotencyRequest[]) => {
    // One claim per (customer, key) in a statement: a later duplicate in the same flush loses, as it
    // would have a moment later.
    const { first } = firstPerKey(requests);
    const { rows: claimed } = await db.execute<{ id: string; user_id: string; idempotency_key: string }>(sql`
      INSERT INTO idempotency_keys (id, user_id, idempotency_key, request_method, request_path, request_hash,
        created_at, owner_id)
      ${claimRows([...first.values()], ownerId)}
      ON CONFLICT (user_id, idempotency_key) DO NOTHING
      RETURNING id, user_id, idempotency_key`);
    const won = new Map(claimed.map((row) => [`${row.user_id}|${row.idempotency_key}`, row.id]));
    return requests.map((request) => {
      const slot = `${request.userId}|${request.key}`;
      return first.get(slot) === request ? (won.get(slot) ?? null) : null;
    });
  }, batching);

  const complete = createBatcher(async (completions: Completion[]) => {
    await db.execute(sql`
      UPDATE idempotency_keys k
         SET response_status = v.status, response_content_type = v.content_type, response_body = v.body,
             completed_at = v.completed_at
        FROM unnest(${param(completions.map((item) => item.id))}::uuid[],
                    ${param(completions.map((item) => item.response.status))}::int[],
                    ${param(completions.map((item) => item.response.contentType))}::text[],
                    ${param(completions.map((item) => item.response.body))}::bytea[],
                    ${param(completions.map((item) => item.now.toISOString()))}::timestamptz[])
             AS v(id, status, content_type, body, completed_at)
       WHERE k.id = v.id AND k.response_status IS NULL`);
    return completions.map(() => undefined);
  }, batching);

  const find = createBatcher(async (lookups: Array<{ userId: string; key: string }>) => {
    // On the order path: a named statement, parsed and planned once per connection.
    const { rows } = await db.$client.query<FoundKey>({
      name: 'idempotency_find_keys',
      text: FIND_KEYS,
      values: [lookups.map((item) => item.userId), lookups.map((item) => item.key)],
    });
    const found = new Map(rows.map((row) => [`${row.user_id}|${row.idempotency_key}`, row]));
    return lookups.map(({ userId, key }): ExistingKey | null => {
      const row = found.get(`${userId}|${key}`);
      if (!row) return null;
      if (row.response_status === null) {
        return { state: 'in_flight', id: row.id, requestHash: row.request_hash, ownerGone: row.owner_gone };
      }
      return {
        state: 'completed',
        requestHash: row.request_hash,
        response: {
          status: row.response_status,
          contentType: row.response_content_type,
          body: row.response_body ?? Buffer.alloc(0),
        },
      };
    });
  }, batching);

  return {
    claim,

    find: (userId, key) => find({ userId, key }),

    holder: (id) => holder(db, { id, ownerId }),

    complete: (id, response, now) => complete({ id, response, now }),

    async abandon(ids, unacknowledged = []) {
      if (ids.length > 0) await abandon(db, ids);
      if (unacknowledged.length > 0) await abandonUnacknowledged(db, unacknowledged);
    },
  };
}

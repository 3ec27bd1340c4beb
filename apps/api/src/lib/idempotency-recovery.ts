// Keys that a process left in flight when it died (ADR 0024). The transaction that commits a keyed
// request's effect also records the effect on the key (`bindIdempotentEffect`), holding the key's row
// lock until it commits. A retry that finds the key in flight with its owner's lease lapsed resolves
// it under that lock, so it sees every effect that committed: none, and the key is released (the
// retry runs); one, and its route answers from the effect as it stands, or undoes it (released too).
// A process taken for dead that is in fact alive cannot commit an effect afterwards: its key is no
// longer in flight, so its bind refuses inside the effect's transaction.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';
import { sqlState } from '@rora/ledger';
import { AppError } from './errors.ts';
import { orderedId } from './ordered-id.ts';

/** The JSON content type of every stored answer that the plugin writes itself. */
export const ANSWER_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface OrphanedKey {
  userId: string;
  /** The effect its request committed (`bindIdempotentEffect`). */
  effectId: string;
}

export interface RecoveredAnswer {
  status: number;
  body: unknown;
}

/**
 * A route's reading of what its dead request committed: the answer it would have sent for the effect
 * as it stands, or null when it undid the effect (the key is released and a retry runs again). Runs
 * in the transaction that holds the key's row lock.
 */
export type IdempotencyRecovery = (tx: Tx, key: OrphanedKey) => Promise<RecoveredAnswer | null>;

export type Resolution = 'answered' | 'released' | 'not_orphaned';

/**
 * Records, in the transaction that commits a keyed request's effect, the effect its key produced.
 * Refuses (409) when the key is no longer in flight: its owner was taken for dead and the key was
 * resolved, so this effect must not commit. Without a key (a call from inside Rora) it does nothing.
 */
export async function bindIdempotentEffect(tx: Tx, claimId: string | null, effectId: string): Promise<void> {
  if (claimId === null) return;
  const { rows } = await tx.execute(sql`
    UPDATE idempotency_keys SET effect_id = ${effectId}
     WHERE id = ${claimId} AND response_status IS NULL
     RETURNING id`);
  if (rows.length === 0) throw new AppError('idempotency_request_in_progress');
}

/**
 * How long a resolution waits for the key's row. A key whose owner's lease lapsed may still be held
 * by that owner's transaction (a process paused past its lease, not dead): after this wait the key is
 * taken as still in flight (409 to the retry), and the resolution's turn goes to the next key.
 */
export const KEY_LOCK_WAIT_MS = 2_000;
const LOCK_NOT_AVAILABLE = '55P03';

/** Resolves the key `id` if it is still in flight and its owner's lease has lapsed. */
export async function resolveOrphanedKey(
  db: Db,
  options: { id: string; recover: IdempotencyRecovery; now: Date },
): Promise<Resolution> {
  return resolveLocked(db, options).catch((error: unknown) => {
    if (sqlState(error) === LOCK_NOT_AVAILABLE) return 'not_orphaned';
    throw error;
  });
}

function resolveLocked(db: Db, options: { id: string; recover: IdempotencyRecovery; now: Date }): Promise<Resolution> {
  const { id, recover, now } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('lock_timeout', ${`${KEY_LOCK_WAIT_MS}ms`}, true)`);
    const { rows } = await tx.execute<{ user_id: string; effect_id: string | null }>(sql`
      SELECT k.user_id, k.effect_id FROM idempotency_keys k
       WHERE k.id = ${id} AND k.response_status IS NULL AND k.owner_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM idempotency_owners o WHERE o.id = k.owner_id AND o.expires_at > now())
       FOR UPDATE OF k`);
    const key = rows[0];
    if (!key) return 'not_orphaned';
    // The wait was for the key only: the route's recovery locks as any request does.
    await tx.execute(sql`SET LOCAL lock_timeout TO DEFAULT`);
    const answer = key.effect_id === null ? null : await recover(tx, { userId: key.user_id, effectId: key.effect_id });
    if (answer === null) {
      await tx.execute(sql`DELETE FROM idempotency_keys WHERE id = ${id}`);
      return 'released';
    }
    const body = Buffer.from(JSON.stringify(answer.body));
    await tx.execute(sql`
      UPDATE idempotency_keys
         SET response_status = ${answer.status}, response_content_type = ${ANSWER_CONTENT_TYPE},
             response_body = ${body}::bytea, completed_at = ${now.toISOString()}
       WHERE id = ${id}`);
    return 'answered';
  });
}

/** A keyed request whose answer has not been stored yet. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  requestHash: Buffer;
}

export interface IdempotencyHandle {
  readonly request: IdempotentRequest;
  /** Claims the key now (its own commit) and returns the claim's id; the answer is stored when sent. */
  claim(): Promise<string>;
}

/** A stored answer as idempotency_store_answers() (sql/idempotency_store_answers.sql) takes it. */
export function idempotencyAnswer(request: IdempotentRequest, answer: { status: number; body: string }, at: Date) {
  return {
    id: orderedId(),
    user_id: request.userId,
    key: request.key,
    method: request.method,
    path: request.path,
    request_hash: request.requestHash.toString('hex'),
    status: answer.status,
    content_type: ANSWER_CONTENT_TYPE,
    body: answer.body,
    at: at.toISOString(),
  };
}

// Slides sessions' expiry in batches: the touches of one turn of the event loop share one UPDATE.
// A session is touched at most once a minute, but a server that meets many customers for the first
// time (after a deploy, or with many customers each trading now and then) touches on a large share
// of its requests: one statement each, parsed and planned each time, was the order path's most
// frequent statement after the batch's own in `npm run bench:orders` (100,000 customers).
import type { Db } from '@rora/db';
import { createBatcher } from '../../lib/batcher.ts';

interface Touch {
  sessionId: string;
  seenAt: Date;
  expiresAt: Date;
}

// A revoked session is not touched (revoke sets revoked_at; the touch must not resurrect it). The
// rows are locked in id order first, as the batched read locks those it touches: two statements of
// two processes that touch the same sessions then wait for each other, never in a cycle.
const TOUCH_SESSIONS = `
  WITH locked AS (
    SELECT s.id FROM sessions s WHERE s.id = ANY ($1::uuid[]) ORDER BY s.id FOR NO KEY UPDATE
  )
  UPDATE sessions s
     SET last_seen_at = t.seen_at, expires_at = t.expires_at
    FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS t(id, seen_at, expires_at)
   WHERE s.id = t.id AND s.id IN (SELECT id FROM locked) AND s.revoked_at IS NULL
  RETURNING s.id`;

export class SessionToucher {
  /** The calls of one turn go out together (lib/batcher.ts), as many statements at once as needed. */
  private readonly batched = createBatcher((touches: Touch[]) => this.flush(touches), {
    maxInFlight: Number.POSITIVE_INFINITY,
  });

  constructor(private readonly db: Db) {}

  /** Sets the session's last use and expiry; false if it is revoked (or gone). */
  touch(sessionId: string, seenAt: Date, expiresAt: Date): Promise<boolean> {
    return this.batched({ sessionId, seenAt, expiresAt });
  }

  private async flush(touches: Touch[]): Promise<boolean[]> {
    // The latest of a session's touches of this turn is the one written.
    const last = [...new Map(touches.map((t) => [t.sessionId, t])).values()];
    const { rows } = await this.db.$client.query<{ id: string }>({
      name: 'sessions_touch',
      text: TOUCH_SESSIONS,
      values: [last.map((t) => t.sessionId), last.map((t) => t.seenAt), last.map((t) => t.expiresAt)],
    });
    const touched = new Set(rows.map((row) => row.id));
    return touches.map((t) => touched.has(t.sessionId));
  }
}

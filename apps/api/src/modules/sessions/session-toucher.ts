// Slides sessions' expiry in batches: the touches of one turn of the event loop share one UPDATE.
// A session is touched at most once a minute, but a server that meets many customers for the first
// time (after a deploy, or with many customers each trading now and then) touches on a large share
// of its requests: one statement each, parsed and planned each time, was the order path's most
// frequent statement after the batch's own in `npm run bench:orders` (100,000 customers).
import type { Db } from '@rora/db';

interface Touch {
  sessionId: string;
  seenAt: Date;
  expiresAt: Date;
  resolve: (touched: boolean) => void;
  reject: (error: unknown) => void;
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

/** At most this many sessions per statement; more wait for the next. */
const MAX_BATCH = 500;

export class SessionToucher {
  private waiting = new Map<string, Touch[]>();
  private scheduled = false;

  constructor(private readonly db: Db) {}

  /** Sets the session's last use and expiry; false if it is revoked (or gone). */
  touch(sessionId: string, seenAt: Date, expiresAt: Date): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const touches = this.waiting.get(sessionId);
      if (touches) touches.push({ sessionId, seenAt, expiresAt, resolve, reject });
      else this.waiting.set(sessionId, [{ sessionId, seenAt, expiresAt, resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch: Touch[][] = [];
    for (const [sessionId, touches] of this.waiting) {
      if (batch.length === MAX_BATCH) break;
      batch.push(touches);
      this.waiting.delete(sessionId);
    }
    if (this.waiting.size > 0) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    // The latest of a session's touches of this turn is the one written.
    const last = batch.map((touches) => touches[touches.length - 1]!);
    try {
      const { rows } = await this.db.$client.query<{ id: string }>({
        name: 'sessions_touch',
        text: TOUCH_SESSIONS,
        values: [last.map((t) => t.sessionId), last.map((t) => t.seenAt), last.map((t) => t.expiresAt)],
      });
      const touched = new Set(rows.map((row) => row.id));
      for (const touches of batch) for (const t of touches) t.resolve(touched.has(t.sessionId));
    } catch (error) {
      for (const touches of batch) for (const t of touches) t.reject(error);
    }
  }
}

// Reads sessions from the database in batches: the tokens of every request that missed the cache in
// one turn of the event loop are read by one query. Under load most requests of a busy server come
// in the same turn as others, and a round trip to PostgreSQL costs more than the rows it returns
// (on the order path the session read was the one query every request made on its own).
// The same statement slides the expiry of the live sessions it reads that were last touched over
// `touchAfterMs` ago: a session missing from the cache is usually one not used for a while, whose
// request would otherwise wait for a second round trip to touch it (session-toucher.ts).
import type { Db, schema } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';

type Sessions = typeof schema.sessions;

export type SessionRow = Sessions['$inferSelect'] & { kycStatus: string };

interface Waiting {
  hash: Buffer;
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}

// $2: now; $3: the expiry a touch gives; $4: a session last touched before this is touched. Neither
// a revoked nor an expired session is touched (checked again on the row the UPDATE locks). The rows
// to touch are locked in id order first, as SessionToucher locks them: two processes that read the
// same sessions at once (a customer's page opening on two replicas) then wait, never deadlock.
const SESSIONS_BY_TOKEN_HASH = `
  WITH found AS (
    SELECT s.id, s.user_id, s.token_hash, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, s.ip,
           s.user_agent, u.kyc_status
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ANY ($1::bytea[])
  ), locked AS (
    SELECT s.id FROM sessions s
     WHERE s.id IN (SELECT f.id FROM found f WHERE f.last_seen_at < $4 AND f.revoked_at IS NULL)
     ORDER BY s.id FOR NO KEY UPDATE
  ), touched AS (
    UPDATE sessions s SET last_seen_at = $2, expires_at = $3
     WHERE s.id IN (SELECT id FROM locked) AND s.revoked_at IS NULL AND s.expires_at > $2
    RETURNING s.id, s.last_seen_at, s.expires_at
  )
  SELECT f.id, f.user_id, f.token_hash, f.created_at, coalesce(t.last_seen_at, f.last_seen_at) AS last_seen_at,
         coalesce(t.expires_at, f.expires_at) AS expires_at, f.revoked_at, f.ip, f.user_agent, f.kyc_status
    FROM found f LEFT JOIN touched t ON t.id = f.id`;

interface SessionRecord {
  id: string;
  user_id: string;
  token_hash: Buffer;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  kyc_status: string;
}

const toSessionRow = (row: SessionRecord): SessionRow => ({
  id: row.id,
  userId: row.user_id,
  tokenHash: row.token_hash,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  ip: row.ip,
  userAgent: row.user_agent,
  kycStatus: row.kyc_status,
});

/** At most this many tokens per query; more wait for the next. */
const MAX_BATCH = 500;

export class SessionReader {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly touch: { clock: Clock; ttlMs: number; touchAfterMs: number },
  ) {}

  /** The session row of a token hash (with its customer's KYC status), or undefined. */
  read(hash: Buffer): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ hash, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting.splice(0, MAX_BATCH);
    if (this.waiting.length > 0) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    try {
      // A named statement with one array parameter: parsed and planned once per connection, where
      // a list of parameters as long as the batch made a new statement for each batch size.
      const nowMs = this.touch.clock.now().getTime();
      const { rows } = await this.db.$client.query<SessionRecord>({
        name: 'sessions_read_and_touch',
        text: SESSIONS_BY_TOKEN_HASH,
        values: [
          batch.map((entry) => entry.hash),
          new Date(nowMs),
          new Date(nowMs + this.touch.ttlMs),
          new Date(nowMs - this.touch.touchAfterMs),
        ],
      });
      const byHash = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
      for (const entry of batch) {
        const found = byHash.get(entry.hash.toString('hex'));
        entry.resolve(found ? toSessionRow(found) : undefined);
      }
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

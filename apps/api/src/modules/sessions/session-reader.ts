// Reads sessions from the database in batches: the tokens of every request that missed the cache in
// one turn of the event loop are read by one query. Under load most requests of a busy server come
// in the same turn as others, and a round trip to PostgreSQL costs more than the rows it returns
// (on the order path the session read was the one query every request made on its own).
// The same statement slides the expiry of the live sessions it reads that were last touched over
// `touchAfterMs` ago: a session missing from the cache is usually one not used for a while, whose
// request would otherwise wait for a second round trip to touch it (session-toucher.ts).
import type { Db, schema } from '@rora/db';
import { createBatcher } from '../../lib/batcher.ts';
import type { Clock } from '../../lib/clock.ts';

type Sessions = typeof schema.sessions;

export type SessionRow = Sessions['$inferSelect'] & { kycStatus: string };

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

export class SessionReader {
  /** The reads of one turn go out together (lib/batcher.ts), as many queries at once as needed. */
  private readonly batched = createBatcher((hashes: Buffer[]) => this.flush(hashes), {
    maxInFlight: Number.POSITIVE_INFINITY,
  });

  constructor(
    private readonly db: Db,
    private readonly touch: { clock: Clock; ttlMs: number; touchAfterMs: number },
  ) {}

  /** The session row of a token hash (with its customer's KYC status), or undefined. */
  read(hash: Buffer): Promise<SessionRow | undefined> {
    return this.batched(hash);
  }

  private async flush(hashes: Buffer[]): Promise<Array<SessionRow | undefined>> {
    // A named statement with one array parameter: parsed and planned once per connection, where
    // a list of parameters as long as the batch made a new statement for each batch size.
    const nowMs = this.touch.clock.now().getTime();
    const { rows } = await this.db.$client.query<SessionRecord>({
      name: 'sessions_read_and_touch',
      text: SESSIONS_BY_TOKEN_HASH,
      values: [hashes, new Date(nowMs), new Date(nowMs + this.touch.ttlMs), new Date(nowMs - this.touch.touchAfterMs)],
    });
    const byHash = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
    return hashes.map((hash) => {
      const found = byHash.get(hash.toString('hex'));
      return found ? toSessionRow(found) : undefined;
    });
  }
}

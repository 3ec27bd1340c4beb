// Reads sessions from the database in batches: the tokens of every request that missed the cache in
// one turn of the event loop are read by one query. Under load most requests of a busy server come
// in the same turn as others, and a round trip to PostgreSQL costs more than the rows it returns
// (on the order path the session read was the one query every request made on its own).
import { eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';

const { sessions, users } = schema;

export type SessionRow = typeof sessions.$inferSelect & { kycStatus: string };

interface Waiting {
  hash: Buffer;
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}

/** At most this many tokens per query; more wait for the next. */
const MAX_BATCH = 500;

export class SessionReader {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

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
      const rows = await this.db
        .select({ session: sessions, kycStatus: users.kycStatus })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          inArray(
            sessions.tokenHash,
            batch.map((entry) => entry.hash),
          ),
        );
      const byHash = new Map(rows.map((row) => [row.session.tokenHash.toString('hex'), row]));
      for (const entry of batch) {
        const found = byHash.get(entry.hash.toString('hex'));
        entry.resolve(found ? { ...found.session, kycStatus: found.kycStatus } : undefined);
      }
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

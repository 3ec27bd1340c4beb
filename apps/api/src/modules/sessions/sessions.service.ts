// Sign-in sessions: random 256-bit bearer tokens, stored only as their SHA-256, with a sliding
// expiry. Logout, a password change or a reset revokes them server-side.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';

const { sessions } = schema;
/** Touch the session (and slide its expiry) at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

export interface SessionService {
  create(userId: string, context: { ip?: string; userAgent?: string }): Promise<{ token: string; sessionId: string }>;
  authenticate(token: string): Promise<SessionIdentity | 'expired' | null>;
  revoke(userId: string, sessionId: string): Promise<boolean>;
  revokeAll(userId: string, options?: { except?: string }): Promise<number>;
  listActive(userId: string): Promise<Array<typeof sessions.$inferSelect>>;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function createSessionService(deps: { db: Db; clock: Clock; ttlMs: number }): SessionService {
  const { db, clock, ttlMs } = deps;
  return {
    async create(userId, context) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const [row] = await db
        .insert(sessions)
        .values({
          userId,
          tokenHash: hashToken(token),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
          ip: context.ip ?? null,
          userAgent: context.userAgent?.slice(0, 300) ?? null,
        })
        .returning({ id: sessions.id });
      return { token, sessionId: row!.id };
    },

    async authenticate(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .limit(1);
      if (!row) return null;
      const now = clock.now();
      if (row.revokedAt || row.expiresAt <= now) return 'expired';
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
          .where(and(eq(sessions.id, row.id), isNull(sessions.revokedAt)));
      }
      return { userId: row.userId, sessionId: row.id };
    },

    async revoke(userId, sessionId) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async revokeAll(userId, options = {}) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (options.except) conditions.push(ne(sessions.id, options.except));
      const rows = await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(...conditions))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async listActive(userId) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
        .orderBy(desc(sessions.lastSeenAt));
    },
  };
}

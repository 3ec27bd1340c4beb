// Sign-in sessions: random 256-bit bearer tokens, stored only as their SHA-256, with a sliding
// expiry. Logout, a password change or a reset revokes them server-side. Sessions read from the
// database are remembered for a few seconds (session-cache.ts, ADR 0015); the reads of one turn of the
// event loop share one query (session-reader.ts), which also slides their expiry; cached sessions'
// touches are gathered the same way (session-toucher.ts).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { SESSION_CACHE_MS, SessionCache, type CachedSession } from './session-cache.ts';
import { SessionReader } from './session-reader.ts';
import { SessionToucher } from './session-toucher.ts';

const { sessions } = schema;
/** Touch the session (and slide its expiry) at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;
export interface SessionIdentity {
  userId: string;
  sessionId: string;
  /**
   * The customer's KYC was approved when the session was read (at most SESSION_CACHE_MS ago). Read
   * with the session, so the order path needs no second query; approval is final, so a true here
   * stays true. False means "read it again" where approval matters, not "refused".
   */
  kycApproved?: boolean;
}

/** A revocation to tell the other processes about: one session, or (sessionId null) all of a customer's. */
export interface SessionRevocation {
  userId: string;
  sessionId: string | null;
}

export interface SessionService {
  create(userId: string, context: { ip?: string; userAgent?: string }): Promise<{ token: string; sessionId: string }>;
  authenticate(token: string): Promise<SessionIdentity | 'expired' | null>;
  revoke(userId: string, sessionId: string): Promise<boolean>;
  revokeAll(userId: string, options?: { except?: string }): Promise<number>;
  listActive(userId: string): Promise<Array<typeof sessions.$inferSelect>>;
  /** Forgets cached sessions that another process revoked (its `announce`, over the event bus). */
  forgetRevoked(revocation: SessionRevocation): void;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The session of a token hash, from the cache or the database; null when unknown. */
async function lookup(
  reader: SessionReader,
  cache: SessionCache,
  at: { tokenHash: Buffer; nowMs: number },
): Promise<CachedSession | 'expired' | null> {
  const { tokenHash, nowMs } = at;
  const key = tokenHash.toString('base64');
  const cached = cache.get(key, nowMs);
  if (cached) return cached;
  const mark = cache.mark();
  const row = await reader.read(tokenHash);
  if (!row) return null;
  if (row.revokedAt || row.expiresAt.getTime() <= nowMs) return 'expired';
  const session = {
    userId: row.userId,
    sessionId: row.id,
    lastSeenAt: row.lastSeenAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    cachedUntil: nowMs + SESSION_CACHE_MS,
    kycApproved: row.kycStatus === 'approved',
  };
  cache.keep(key, session, mark);
  return session;
}

/** Slides a session's expiry (at most every TOUCH_INTERVAL_MS); false if it was revoked meanwhile. */
async function slide(
  toucher: SessionToucher,
  session: CachedSession,
  at: { nowMs: number; ttlMs: number },
): Promise<boolean> {
  const expiresAt = at.nowMs + at.ttlMs;
  session.lastSeenAt = at.nowMs;
  if (!(await toucher.touch(session.sessionId, new Date(at.nowMs), new Date(expiresAt)))) return false;
  session.expiresAt = expiresAt;
  return true;
}

export function createSessionService(deps: {
  db: Db;
  clock: Clock;
  ttlMs: number;
  /** Tells every process of a revocation, so none trusts its cached copy of the session. */
  announce?: (revocation: SessionRevocation) => void;
}): SessionService {
  const { db, clock, ttlMs } = deps;
  const cache = new SessionCache();
  const reader = new SessionReader(db, { clock, ttlMs, touchAfterMs: TOUCH_INTERVAL_MS });
  const toucher = new SessionToucher(db);

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
      const tokenHash = hashToken(token);
      const nowMs = clock.now().getTime();
      const session = await lookup(reader, cache, { tokenHash, nowMs });
      if (session === null || session === 'expired') return session;
      if (session.expiresAt <= nowMs) {
        cache.drop(tokenHash.toString('base64'));
        return 'expired';
      }
      if (nowMs - session.lastSeenAt > TOUCH_INTERVAL_MS && !(await slide(toucher, session, { nowMs, ttlMs }))) {
        cache.drop(tokenHash.toString('base64'));
        return 'expired';
      }
      return { userId: session.userId, sessionId: session.sessionId, kycApproved: session.kycApproved };
    },

    async revoke(userId, sessionId) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      cache.forget(userId, sessionId);
      deps.announce?.({ userId, sessionId });
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
      cache.forget(userId);
      deps.announce?.({ userId, sessionId: null });
      return rows.length;
    },

    async listActive(userId) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
        .orderBy(desc(sessions.lastSeenAt));
    },

    forgetRevoked: ({ userId, sessionId }) => cache.forget(userId, sessionId ?? undefined),
  };
}

// Sessions read from the database, remembered for a few seconds (ADR 0015): every authenticated
// request checks its session, and on the order path that read was a tenth of the server's work.
// A revocation through this process (logout, password change) forgets the customer's sessions at
// once; another process's revocation reaches this one within SESSION_CACHE_MS.

/** How long a session read from the database is trusted without reading it again. */
export const SESSION_CACHE_MS = 10_000;

export interface CachedSession {
  userId: string;
  sessionId: string;
  lastSeenAt: number;
  expiresAt: number;
  cachedUntil: number;
  kycApproved: boolean;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private revocations = 0;

  constructor(private readonly limit = 50_000) {}

  /** The session remembered under `key`, if it is still fresh. */
  get(key: string, nowMs: number): CachedSession | undefined {
    const session = this.entries.get(key);
    if (session && session.cachedUntil > nowMs) return session;
    if (session) this.entries.delete(key);
    return undefined;
  }

  /** Taken before a database read, so `keep` can tell whether a revocation ran during it. */
  mark(): number {
    return this.revocations;
  }

  /** Remembers a session read since `mark`, unless a revocation ran meanwhile (it may not show in the read). */
  keep(key: string, session: CachedSession, mark: number): void {
    if (mark !== this.revocations) return;
    // Oldest first: a full cache drops the session read longest ago.
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, session);
  }

  drop(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets one session of a customer, or all of them. */
  forget(userId: string, sessionId?: string): void {
    this.revocations += 1;
    for (const [key, session] of this.entries) {
      if (session.userId === userId && (sessionId === undefined || session.sessionId === sessionId)) {
        this.entries.delete(key);
      }
    }
  }
}

// The batched session read on real PostgreSQL: the reads of one turn share one query, each waiter
// gets its own row (or none), the same query slides the expiry of live sessions not touched for a
// while (never a revoked or expired one), and a failed query fails every read it carried.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { systemClock } from '../../lib/clock.ts';
import { countingDb, failingDb } from '../../testing/counting-db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import { SessionReader } from './session-reader.ts';
import { hashToken } from './sessions.service.ts';

const TTL_MS = 86_400_000;
const TOUCH = { clock: systemClock, ttlMs: TTL_MS, touchAfterMs: 60_000 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('SessionReader', () => {
  it('reads the sessions asked for in one turn with one query, each to its own caller', async () => {
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => createTestUser(t, { kycStatus: 'approved' })));
    const { db, queries } = countingDb(t.database.db);
    const reader = new SessionReader(db, TOUCH);
    const tokens = [...customers.map((customer) => customer.token), 'not-a-session', customers[0]!.token];
    const rows = await Promise.all(tokens.map((token) => reader.read(hashToken(token))));
    expect(rows.map((row) => row?.userId)).toEqual([
      ...customers.map((customer) => customer.userId),
      undefined,
      customers[0]!.userId,
    ]);
    expect(rows[0]).toMatchObject({ kycStatus: 'approved' });
    expect(queries()).toBe(1);
    await reader.read(hashToken(customers[1]!.token));
    expect(queries()).toBe(2);
  });

  it('slides the expiry of live sessions last touched over a minute ago, in the same query', async () => {
    const [stale, fresh, revoked, expired] = await Promise.all([1, 2, 3, 4].map(() => createTestUser(t)));
    const { sessions } = schema;
    const setSession = (userId: string, values: Partial<typeof sessions.$inferInsert>) =>
      t.database.db.update(sessions).set(values).where(eq(sessions.userId, userId));
    const [longAgo, recently] = [new Date(Date.now() - 120_000), new Date(Date.now() - 10_000)];
    const soon = new Date(Date.now() + 3_600_000);
    await setSession(stale!.userId, { lastSeenAt: longAgo, expiresAt: soon });
    await setSession(fresh!.userId, { lastSeenAt: recently, expiresAt: soon });
    await setSession(revoked!.userId, { lastSeenAt: longAgo, expiresAt: soon, revokedAt: recently });
    await setSession(expired!.userId, { lastSeenAt: longAgo, expiresAt: recently });
    const { db, queries } = countingDb(t.database.db);
    const reader = new SessionReader(db, TOUCH);

    const before = Date.now();
    const rows = await Promise.all([stale, fresh, revoked, expired].map((c) => reader.read(hashToken(c!.token))));

    expect(queries()).toBe(1);
    const [touched, untouched, stillRevoked, stillExpired] = rows.map((row) => row!);
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(touched!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + TTL_MS);
    expect([untouched!.lastSeenAt, untouched!.expiresAt]).toEqual([recently, soon]);
    expect([stillRevoked!.lastSeenAt, stillRevoked!.expiresAt]).toEqual([longAgo, soon]);
    expect([stillExpired!.lastSeenAt, stillExpired!.expiresAt]).toEqual([longAgo, recently]);
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.userId, stale!.userId));
    expect(stored!.expiresAt).toEqual(touched!.expiresAt);
  });

  it('fails every read of a batch whose query fails', async () => {
    const failing = failingDb(t.database.db, 'connection terminated');
    const reader = new SessionReader(failing, TOUCH);
    const reads = [1, 2, 3].map((n) => reader.read(hashToken(`token-${n}`)));
    for (const read of reads) await expect(read).rejects.toThrow('connection terminated');
  });
});

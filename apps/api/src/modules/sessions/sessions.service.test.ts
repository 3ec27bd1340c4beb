// Sessions with their short-lived cache (ADR 0015), on real PostgreSQL with a manual clock: a
// revocation through this server refuses the token at once; one made elsewhere (another server, or
// straight in the database) is honoured within SESSION_CACHE_MS; the sliding expiry still slides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sessions = () => t.app.services.sessions;

describe('session authentication with the cache', () => {
  it('refuses a token at once after a logout through this server, though it was cached', async () => {
    const user = await createTestUser(t);
    const identity = await sessions().authenticate(user.token);
    expect(identity).toMatchObject({ userId: user.userId });
    await sessions().revoke(user.userId, (identity as { sessionId: string }).sessionId);
    expect(await sessions().authenticate(user.token)).toBe('expired');
  });

  it('refuses every token of a customer at once after revokeAll, except the one kept', async () => {
    const user = await createTestUser(t);
    const { token: other } = await sessions().create(user.userId, { ip: '127.0.0.1' });
    const kept = (await sessions().authenticate(other)) as { sessionId: string };
    await sessions().authenticate(user.token);
    await sessions().revokeAll(user.userId, { except: kept.sessionId });
    expect(await sessions().authenticate(user.token)).toBe('expired');
    expect(await sessions().authenticate(other)).toMatchObject({ userId: user.userId });
  });

  it("reads the customer's KYC approval with the session", async () => {
    const approved = await createTestUser(t, { kycStatus: 'approved' });
    const waiting = await createTestUser(t, { kycStatus: 'waiting_for_approval' });
    expect(await sessions().authenticate(approved.token)).toMatchObject({ kycApproved: true });
    expect(await sessions().authenticate(waiting.token)).toMatchObject({ kycApproved: false });
  });

  it('honours a revocation made elsewhere within SESSION_CACHE_MS', async () => {
    const user = await createTestUser(t);
    expect(await sessions().authenticate(user.token)).toMatchObject({ userId: user.userId });
    await t.database.pool.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.userId]);
    t.clock.advance(SESSION_CACHE_MS);
    expect(await sessions().authenticate(user.token)).toBe('expired');
  });

  it('still slides the expiry of a session in use', async () => {
    const user = await createTestUser(t);
    await sessions().authenticate(user.token);
    const before = await t.database.pool.query<{ expires_at: Date }>(
      'SELECT expires_at FROM sessions WHERE user_id = $1',
      [user.userId],
    );
    t.clock.advance(5 * 60_000);
    expect(await sessions().authenticate(user.token)).toMatchObject({ userId: user.userId });
    const after = await t.database.pool.query<{ expires_at: Date }>(
      'SELECT expires_at FROM sessions WHERE user_id = $1',
      [user.userId],
    );
    expect(after.rows[0]!.expires_at.getTime() - before.rows[0]!.expires_at.getTime()).toBe(5 * 60_000);
  });
});

describe('SessionCache', () => {
  const session = { userId: 'u', sessionId: 's', lastSeenAt: 0, expiresAt: 10, cachedUntil: 100, kycApproved: false };

  it('does not keep a session read while a revocation ran', () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    cache.forget('someone-else');
    cache.keep('k', session, mark);
    expect(cache.get('k', 0)).toBeUndefined();
    cache.keep('k', session, cache.mark());
    expect(cache.get('k', 0)).toBe(session);
    expect(cache.get('k', 100)).toBeUndefined();
  });

  it('drops the session read longest ago when full', () => {
    const cache = new SessionCache(2);
    for (const key of ['a', 'b', 'c']) cache.keep(key, { ...session, sessionId: key }, cache.mark());
    expect([cache.get('a', 0), cache.get('b', 0)?.sessionId, cache.get('c', 0)?.sessionId]).toEqual([
      undefined,
      'b',
      'c',
    ]);
  });
});

// The batched session touch on real PostgreSQL: the touches of one turn share one UPDATE, each
// caller learns whether its own session was touched, a revoked session is never touched, and a
// failed statement fails every touch it carried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { eq } from 'drizzle-orm';
import { countingDb, failingDb } from '../../testing/counting-db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import { SessionToucher } from './session-toucher.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function sessionOf(userId: string) {
  const [row] = await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
  return row!;
}

describe('SessionToucher', () => {
  it('touches the sessions of one turn with one statement, and tells each caller about its own', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map(() => createTestUser(t)));
    const sessions = await Promise.all(customers.map((customer) => sessionOf(customer.userId)));
    await t.database.db
      .update(schema.sessions)
      .set({ revokedAt: new Date() })
      .where(eq(schema.sessions.id, sessions[3]!.id));
    const { db, queries } = countingDb(t.database.db);
    const toucher = new SessionToucher(db);
    const seen = new Date(Date.UTC(2030, 0, 1, 12));
    const [early, late] = [new Date(Date.UTC(2030, 0, 2)), new Date(Date.UTC(2030, 0, 3))];

    const touched = await Promise.all([
      ...sessions.map((session) => toucher.touch(session.id, seen, early)),
      toucher.touch(sessions[0]!.id, seen, late),
      toucher.touch('00000000-0000-4000-8000-000000000000', seen, early),
    ]);

    expect(touched).toEqual([true, true, true, false, true, false]);
    expect(queries()).toBe(1);
    const after = await Promise.all(customers.map((customer) => sessionOf(customer.userId)));
    expect(after.map((row) => row.expiresAt.toISOString())).toEqual([
      late.toISOString(),
      early.toISOString(),
      early.toISOString(),
      sessions[3]!.expiresAt.toISOString(),
    ]);
    expect(after[1]!.lastSeenAt.toISOString()).toBe(seen.toISOString());
    await toucher.touch(sessions[1]!.id, seen, late);
    expect(queries()).toBe(2);
  });

  it('fails every touch of a batch whose statement fails', async () => {
    const failing = failingDb(t.database.db, 'connection terminated');
    const toucher = new SessionToucher(failing);
    const now = new Date();
    const touches = ['a', 'b', 'a'].map((id) => toucher.touch(id, now, now));
    for (const touch of touches) await expect(touch).rejects.toThrow('connection terminated');
  });
});

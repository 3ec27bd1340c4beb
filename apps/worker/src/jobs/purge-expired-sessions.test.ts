import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { purgeExpiredSessions } from './purge-expired-sessions.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('purge-expired-sessions', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('deletes sessions that ended more than 30 days ago and keeps the rest', async () => {
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: 'purge@example.com', passwordHash: 'x' })
      .returning();
    const session = (label: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: user!.id,
      tokenHash: Buffer.from(label.padEnd(32, '.')),
      createdAt: daysAgo(100),
      lastSeenAt: daysAgo(100),
      expiresAt,
      revokedAt,
      userAgent: label,
    });
    await database.db
      .insert(schema.sessions)
      .values([
        session('expired 31 days ago', daysAgo(31)),
        session('expired 29 days ago', daysAgo(29)),
        session('active', daysAgo(-7)),
        session('revoked 40 days ago', daysAgo(-7), daysAgo(40)),
        session('revoked 10 days ago', daysAgo(-7), daysAgo(10)),
      ]);

    const result = await purgeExpiredSessions.run({ db: database.db, now: () => now, log: silent }, {});

    expect(result).toEqual({ deleted: 2 });
    const left = await database.db.select({ label: schema.sessions.userAgent }).from(schema.sessions);
    expect(left.map((row) => row.label).sort()).toEqual(['active', 'expired 29 days ago', 'revoked 10 days ago']);
  });

  it('is scheduled daily, and running it twice changes nothing more', async () => {
    expect(purgeExpiredSessions.schedule).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(await purgeExpiredSessions.run({ db: database.db, now: () => now, log: silent }, {})).toEqual({
      deleted: 0,
    });
  });
});

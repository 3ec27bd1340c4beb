import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { purgeSignInBackoff } from './purge-sign-in-backoff.ts';

const HOUR = 3_600_000;
const now = new Date('2026-06-01T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('purge-sign-in-backoff', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('deletes streaks with no try for 24 hours and keeps the recent ones, waiting or not', async () => {
    await database.db.insert(schema.signInBackoff).values([
      { email: 'quiet@example.com', failures: 9, retryAt: hoursAgo(25), lastAttemptAt: hoursAgo(25) },
      { email: 'short@example.com', failures: 2, lastAttemptAt: hoursAgo(30) },
      { email: 'waiting@example.com', failures: 16, retryAt: hoursAgo(-0.25), lastAttemptAt: now },
      { email: 'recent@example.com', failures: 3, lastAttemptAt: hoursAgo(23) },
    ]);
    expect(await purgeSignInBackoff.run({ db: database.db, now: () => now, log: silent }, {})).toEqual({
      deleted: 2,
    });
    const left = await database.db.select({ email: schema.signInBackoff.email }).from(schema.signInBackoff);
    expect(left.map((row) => row.email).sort()).toEqual(['recent@example.com', 'waiting@example.com']);
  });
});

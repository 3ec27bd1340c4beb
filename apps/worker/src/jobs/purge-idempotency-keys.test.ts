import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { purgeIdempotencyKeys } from './purge-idempotency-keys.ts';

const HOUR = 3_600_000;
const now = new Date('2026-06-01T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('purge-idempotency-keys', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('deletes keys older than 24 hours, finished or stuck in flight, and keeps recent ones', async () => {
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: 'keys@example.com', passwordHash: 'x' })
      .returning();
    const key = (name: string, createdAt: Date, finished: boolean) => ({
      userId: user!.id,
      idempotencyKey: name,
      requestMethod: 'POST',
      requestPath: '/api/v1/order',
      requestHash: Buffer.alloc(32),
      createdAt,
      ...(finished ? { responseStatus: 201, responseBody: Buffer.from('{}'), completedAt: createdAt } : {}),
    });
    await database.db
      .insert(schema.idempotencyKeys)
      .values([
        key('done 25h ago', hoursAgo(25), true),
        key('stuck 30h ago', hoursAgo(30), false),
        key('done 23h ago', hoursAgo(23), true),
        key('in flight now', now, false),
      ]);

    expect(await purgeIdempotencyKeys.run({ db: database.db, now: () => now, log: silent }, {})).toMatchObject({
      deleted: 2,
    });
    const left = await database.db.select({ key: schema.idempotencyKeys.idempotencyKey }).from(schema.idempotencyKeys);
    expect(left.map((row) => row.key).sort()).toEqual(['done 23h ago', 'in flight now']);
  });

  it('deletes the leases of processes gone for more than an hour, and keeps the others', async () => {
    const lease = (minutesAgo: number) => sql`now() - make_interval(mins => ${minutesAgo})`;
    await database.db.insert(schema.idempotencyOwners).values([
      { id: randomUUID(), expiresAt: lease(61) },
      { id: randomUUID(), expiresAt: lease(59) },
      { id: randomUUID(), expiresAt: lease(-1) },
    ]);
    expect(await purgeIdempotencyKeys.run({ db: database.db, now: () => now, log: silent }, {})).toMatchObject({
      ownersDeleted: 1,
    });
    const [{ left }] = (
      await database.db.execute<{ left: number }>(sql`SELECT count(*)::int AS left FROM idempotency_owners`)
    ).rows as [{ left: number }];
    expect(left).toBe(2);
  });
});

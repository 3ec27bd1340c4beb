// The key lookup on the order path stays an index lookup however small the table was when its
// connection first planned it (sql/idempotency_find_keys.sql): a new deployment starts with no keys,
// and a plan made then used to scan the whole table at every later request.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { createIdempotencyStore } from './idempotency-store.ts';

let database: TestDatabase;
/** One connection, so the lookups share the plan the first one made. */
let single: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  single = connectDatabase(database.url, { max: 1 });
});
afterAll(async () => {
  await single?.close();
  await database?.destroy();
});

/** Sequential scans of idempotency_keys so far, this connection's included. */
async function sequentialScans(): Promise<number> {
  await single.pool.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await single.pool.query<{ scans: string }>(
    `SELECT seq_scan::text AS scans FROM pg_stat_user_tables WHERE relname = 'idempotency_keys'`,
  );
  return Number(rows[0]!.scans);
}

describe('finding stored keys', () => {
  it('uses the index once the table has grown, though first planned on an empty table', async () => {
    await single.pool.query('SET stats_fetch_consistency = none');
    const { rows: users } = await single.pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, kyc_status)
         SELECT 'plan-' || i || '@example.com', 'x', 'approved' FROM generate_series(1, 200) i RETURNING id`,
    );
    const store = createIdempotencyStore(single.db, randomUUID());
    // Planned, and used often enough for a cached plan, while there are no keys at all.
    for (let round = 0; round < 8; round += 1) expect(await store.find(users[0]!.id, `k-${round}`)).toBeNull();

    await single.pool.query(
      `INSERT INTO idempotency_keys (user_id, idempotency_key, request_method, request_path, request_hash)
         SELECT u.id, 'key-' || k, 'POST', '/api/v1/orders', sha256(u.id::text::bytea || k::text::bytea)
           FROM unnest($1::uuid[]) AS u(id), generate_series(1, 50) k`,
      [users.map((user) => user.id)],
    );
    const before = await sequentialScans();
    const found = await store.find(users[7]!.id, 'key-3');
    expect(found).toMatchObject({ state: 'in_flight', ownerGone: false });
    expect(await store.find(users[7]!.id, 'key-none')).toBeNull();
    expect(await sequentialScans()).toBe(before);
  });
});

// A KYC change locks its customer's row (one change at a time), and nothing else: while it holds the
// lock (a submission waiting for the identity provider), rows that only refer to the customer are
// still written. Under FOR UPDATE their foreign-key checks waited for the provider.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import { lockCustomer } from './kyc.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it("writes a row referring to the customer while a KYC change holds the customer's lock", async () => {
  const user = await createTestUser(t);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const change = t.database.db.transaction(async (tx) => {
    expect(await lockCustomer(tx, user.userId)).not.toBeNull();
    locked();
    await released;
  });
  await isLocked;
  const client = await t.database.pool.connect();
  try {
    await client.query("SET lock_timeout = '2s'");
    const written = await client.query(
      `INSERT INTO notifications (id, user_id, kind, message, data, created_at)
       VALUES ($1, $2, 'system', 'while KYC waits', '{}', now())`,
      [randomUUID(), user.userId],
    );
    expect(written.rowCount).toBe(1);
  } finally {
    client.release();
    release();
    await change;
  }
});

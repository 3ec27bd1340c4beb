// A claim that commits after its request was told it failed (ADR 0071): the claim's INSERT passes
// the batcher's deadline (503) while the server still holds it, frozen mid-COMMIT as a hung server
// is (it does not check that its client left, and finishes the COMMIT when it wakes), and this
// process's abandoning of that claim reaches the database first. The retry, on this process or on
// another one, must still resolve the key (the move runs once), never answer 409 for as long as
// this process lives.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import { connectDatabase } from '@rora/db';
import { buildApp, type App } from '../app.ts';
import { loadTestConfig, type TestApp } from '../testing/test-app.ts';
import {
  coldMove as coldMoveOf,
  coldMovesOf,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  postWithKey,
  TEST_PIN,
  type WalletCustomer,
} from '../modules/wallets/testing/wallet-fixtures.ts';

/** The statements' deadline, the pool's and the batcher's alike, as in production (QUERY_DEADLINE_MS). */
const DEADLINE_MS = 2_000;
const HANG_LOCK = 7_100_073;
const env = { QUERY_DEADLINE_MS: String(DEADLINE_MS) };

let t: TestApp;
let alice: WalletCustomer;
let holder: pg.PoolClient | undefined;

beforeAll(async () => {
  t = await createWalletTestApp({ queryDeadlineMs: DEADLINE_MS, env });
  alice = await createWalletCustomer(t);
  await fund(t, alice, 'eth', '4');
  // At the COMMIT of the claim it fires on: waits for HANG_LOCK without checking that its client is
  // still there, so that COMMIT completes when the test lets go, though its connection was closed.
  await t.database.pool.query(`
    CREATE FUNCTION test_hang_deaf() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('client_connection_check_interval', '0', true);
      PERFORM pg_advisory_xact_lock(${HANG_LOCK});
      RETURN NEW;
    END $$`);
  // Every statement that gives keys up, as it ends (an UPDATE that finds no row included).
  await t.database.pool.query(`CREATE TABLE test_abandons (query text NOT NULL)`);
  await t.database.pool.query(`
    CREATE FUNCTION test_note_abandon() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_query() LIKE '%SET owner_id%' THEN INSERT INTO test_abandons VALUES (current_query()); END IF;
      RETURN NULL;
    END $$`);
  await t.database.pool.query(
    `CREATE TRIGGER test_note_abandon AFTER UPDATE ON idempotency_keys FOR EACH STATEMENT
     EXECUTE FUNCTION test_note_abandon()`,
  );
});
afterEach(async () => {
  await letGo();
  await t.database.pool.query('DROP TRIGGER IF EXISTS test_hang ON idempotency_keys');
  await t.database.pool.query('TRUNCATE test_abandons');
  await assertLedgerInvariants(t.database.db);
});
afterAll(() => t.close());

const coldMove = (key: string) => coldMoveOf(t, alice, key);
const moves = () => coldMovesOf(t, alice);
const keyRow = async (key: string) =>
  (
    await t.database.pool.query<{ owner_id: string | null }>(
      'SELECT owner_id FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2',
      [alice.userId, key],
    )
  ).rows[0];

async function letGo(): Promise<void> {
  await holder?.query('ROLLBACK');
  holder?.release();
  holder = undefined;
}

/**
 * A cold move under `key` whose claim's COMMIT hangs past the deadline (503), then commits once let
 * go; in between, another keyed request's claim succeeds, which sends this process's pending
 * abandons, and that abandoning reaches the database while the claim's COMMIT still hangs.
 */
async function claimCommittedAfterItsAbandon(key: string): Promise<void> {
  await t.database.pool.query(
    `CREATE CONSTRAINT TRIGGER test_hang AFTER INSERT ON idempotency_keys DEFERRABLE INITIALLY DEFERRED
     FOR EACH ROW WHEN (NEW.idempotency_key = '${key}') EXECUTE FUNCTION test_hang_deaf()`,
  );
  holder = await t.database.pool.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT pg_advisory_xact_lock($1)', [HANG_LOCK]);
  const first = await coldMove(key);
  expect(first.statusCode, first.body).toBe(503);
  const other = await coldMove(randomUUID());
  expect(other.statusCode, other.body).toBe(200);
  await until(abandonReachedDatabase);
  expect(await keyRow(key)).toBeUndefined();
  await letGo();
  await until(async () => (await keyRow(key)) !== undefined);
}

/** An abandoning was written, or waits in the database for a row another transaction is inserting. */
async function abandonReachedDatabase(): Promise<boolean> {
  const { rows } = await t.database.pool.query<{ reached: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM test_abandons)
        OR EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
                     AND wait_event = 'transactionid' AND query LIKE '%owner_id%') AS reached`);
  return rows[0]!.reached;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await check()); tries += 1) {
    if (tries >= 200) throw new Error(`not reached: ${check.name}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a claim that commits after its request answered 503 and its abandoning was written', () => {
  it('is resolved by the retry on this process: the move runs once', async () => {
    const before = await moves();
    const key = randomUUID();
    await claimCommittedAfterItsAbandon(key);
    const retry = await coldMove(key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const again = await coldMove(key);
    expect([again.statusCode, again.body]).toEqual([200, retry.body]);
    // The other key's move, and this one's once.
    expect(await moves()).toBe(before + 2);
  });

  it('is given up in the database, so a retry on another process resolves it too', async () => {
    const before = await moves();
    const key = randomUUID();
    await claimCommittedAfterItsAbandon(key);
    const replica = await startReplica();
    try {
      const retry = await whileInProgress(() => coldMoveOn(replica.app, key));
      expect(retry.statusCode, retry.body).toBe(200);
      expect((await coldMove(key)).body).toBe(retry.body);
      expect(await moves()).toBe(before + 2);
    } finally {
      await replica.close();
    }
  });
});

/** Sends `request` again while it answers 409, for 3 s, as a client told `Retry-After: 1` would. */
async function whileInProgress(request: () => ReturnType<typeof coldMove>) {
  const started = performance.now();
  for (;;) {
    const response = await request();
    if (response.statusCode !== 409 || performance.now() - started > 3_000) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Another API process on the same database, with the same deadline. */
async function startReplica(): Promise<{ app: App; close(): Promise<void> }> {
  const database = connectDatabase(t.database.url, { max: 4, queryDeadlineMs: DEADLINE_MS });
  const app = await buildApp({ config: loadTestConfig(env), database, clock: t.clock });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function coldMoveOn(app: App, key: string) {
  return postWithKey(
    { ...t, app },
    {
      user: alice,
      url: '/coldwallet',
      body: { type: 'create', assetSymbol: 'ETH', quantity: '0.5', pin: TEST_PIN },
      key,
    },
  );
}

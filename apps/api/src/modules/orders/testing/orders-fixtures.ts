// Test helpers for the markets: the real app on a fresh database, approved and funded customers,
// POST /order through the real route, and the checks every money test ends with: the ledger's
// invariants, every order's hold against its fills, and every book in memory against the database.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { schema, type Db } from '@rora/db';
import { assertLedgerInvariants, encodeLedgerOps } from '@rora/ledger';
import { balancesIn, fundCustomer } from '@rora/ledger/testing';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import type { App } from '../../../app.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { auditBook } from '../book-audit.ts';

export async function createMarketsTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return createTestApp({ ...options, env: { MARKET_MAKER: 'off', ...options.env } });
}

/** Registers the hooks that build the markets app before the file's first test and close it after its last. */
export function setUpMarketsTestApp(ready: (t: TestApp) => void, options: TestAppOptions = {}): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createMarketsTestApp(options);
    ready(t);
  });
  afterAll(async () => t?.close());
}

/** A log that drops what it is given, for the order runners a test starts beside the app's. */
export const SILENT_LOG = { warn: () => undefined, error: () => undefined };

/** Asks `condition` every 10 ms until it holds, for up to 5 s; `what` names it in the timeout error. */
export async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting: ${what}`);
}

/** A signed-in customer with approved KYC and the given whole amounts deposited. */
export async function approvedCustomer(
  t: TestApp,
  funds: Partial<Record<AssetSymbol, string>> = {},
): Promise<TestUser> {
  const user = await createTestUser(t);
  await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, user.userId));
  for (const [asset, amount] of Object.entries(funds) as Array<[AssetSymbol, string]>) {
    await fundCustomer(t.database.db, { owner: user.userId, asset, amount: parseAmount(amount, assetScale(asset)) });
  }
  return user;
}

export function placeOrder(t: TestApp, user: TestUser, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

export function get(t: TestApp, user: TestUser | null, url: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user?.headers ?? {} });
}

/** available / held of a customer in one asset, as decimal-free bigints. */
export async function balanceOf(t: TestApp, user: TestUser, asset: AssetSymbol) {
  const { available, held } = await balancesIn(t.database.db, user.userId, asset);
  return { available, held };
}

export const units = (amount: string, asset: AssetSymbol) => parseAmount(amount, assetScale(asset));

/**
 * Withdraws `amount` USDT of the customer's available balance through the ledger, on `client` inside
 * the transaction it has open: the balance goes elsewhere while an order batch waits on its lock.
 */
export async function withdrawOn(client: pg.PoolClient, userId: string, amount: string): Promise<void> {
  const ops = encodeLedgerOps([
    {
      op: 'transfer',
      id: randomUUID(),
      asset: 'USDT',
      debit: { owner: userId, kind: 'available' },
      credit: { system: 'external_world' },
      amount: units(amount, 'USDT'),
      code: 'withdrawal',
    },
  ]);
  await client.query('SELECT ledger_apply_or_raise($1::jsonb)', [ops]);
}

/**
 * Orders agree with the ledger and their fills: an open order's hold still holds exactly what it has
 * not spent, a closed order's hold is settled, and an order's fills add up to what it says it filled.
 */
export async function assertOrdersConsistent(t: TestApp): Promise<void> {
  const { db } = t.database;
  await assertOrderRecords(db);
  for (const runner of t.app.services.markets.orders.runners.all()) {
    const audit = await auditBook(db, runner);
    expect(audit.differences, `${audit.symbol} book in memory vs database`).toEqual([]);
  }
}

/** The order records of a database against its ledger, and the ledger's own invariants. */
export async function assertOrderRecords(db: Db): Promise<void> {
  const holds = await db.execute<{ id: string; status: string }>(sql`
    SELECT o.id, o.status FROM orders o LEFT JOIN ledger_holds h ON h.id = o.id
     WHERE h.id IS NULL
        OR (o.status IN ('pending', 'open', 'partially_filled') AND (h.status <> 'pending'
            OR h.amount - h.posted_amount - h.voided_amount
               <> o.hold_amount - CASE WHEN o.side = 'buy' THEN o.filled_notional ELSE o.filled_quantity END))
        OR (o.status IN ('filled', 'cancelled', 'rejected') AND h.status = 'pending')`);
  expect(holds.rows, 'orders whose hold disagrees').toEqual([]);
  const fills = await db.execute<{ id: string }>(sql`
    SELECT o.id FROM orders o LEFT JOIN LATERAL (
      SELECT coalesce(sum(f.quantity), 0) AS quantity, coalesce(sum(f.notional), 0) AS notional,
             coalesce(sum(CASE WHEN f.taker_order_id = o.id THEN f.taker_fee ELSE f.maker_fee END), 0) AS fee
        FROM order_fills f WHERE f.taker_order_id = o.id OR f.maker_order_id = o.id) s ON true
     WHERE s.quantity <> o.filled_quantity OR s.notional <> o.filled_notional OR s.fee <> o.fee_paid`);
  expect(fills.rows, 'orders whose fills do not add up').toEqual([]);
  await assertLedgerInvariants(db);
}

/** How many orders the customer `userId` has in the database. */
export async function orderCount(t: TestApp, userId: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

/** The backend holding shard 0's order-writer lock (writer-lock.ts), or null when none does. */
export async function writerPid(t: TestApp): Promise<number | null> {
  const { rows } = await t.database.pool.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = 2 AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows[0]?.pid ?? null;
}

/** Ends the writer lock's session as a kill -9 of its server would, and waits until it holds the lock no more. */
export async function endWriterSession(t: TestApp, pid: number): Promise<void> {
  await t.database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
  await until(async () => (await writerPid(t)) !== pid, 'the ended session to lose the writer lock');
}

/** The last committed batch of shard 0's order chain. */
export async function lastBatch(t: TestApp): Promise<bigint> {
  const { rows } = await t.database.pool.query<{ last_batch: string }>(
    'SELECT last_batch::text FROM order_chain WHERE shard = 0',
  );
  return BigInt(rows[0]!.last_batch);
}

/** orders_commit_batch's records of a batch that writes nothing. */
export const EMPTY_BATCH_RECORDS = JSON.stringify({ created: [], updated: [], fills: [], candles: [], keys: [] });

/** Commits an empty batch numbered `batch` straight through orders_commit_batch, for the writer `pid`. */
export function commitEmptyBatch(t: TestApp, batch: bigint, pid: number | null): Promise<unknown> {
  return t.database.pool.query(`SELECT orders_commit_batch($1::text, '[]', $2, $3::int8, gen_random_uuid())`, [
    EMPTY_BATCH_RECORDS,
    pid,
    batch.toString(),
  ]);
}

/** How many order batches wait for a lock in the database now. */
export async function batchesWaitingNow(t: TestApp): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%orders_commit_batch%'`,
  );
  return rows[0]!.n;
}

/** Waits until `count` order batches wait for a row lock in the database (a test holds it). */
export async function batchesWaiting(t: TestApp, count = 1): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    if ((await batchesWaitingNow(t)) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} order batches waited for a lock`);
}

/** Serves the app on a free loopback port and tells the other replicas to forward its shards' orders there. */
export async function listenAndAdvertise(app: App): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  await app.services.markets.orders.forwarding.advertise(`http://127.0.0.1:${port}`);
}

// PostgreSQL refusing new sessions for a while (ALLOW_CONNECTIONS off for maintenance, or every slot
// taken: "sorry, too many clients already"), or taking no writes (a failover's read-only server), after
// it ended the app's own: each request is answered 503 with Retry-After, never 500, and its
// Idempotency-Key is left free, so the same order sent again afterwards is placed, once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { approvedCustomer, orderCount } from '../orders/testing/orders-fixtures.ts';
import { createWalletTestApp } from '../wallets/testing/wallet-fixtures.ts';

let t: TestApp;
let baseUrl: string;
let buyer: TestUser;

beforeAll(async () => {
  t = await createWalletTestApp({ env: { MARKET_MAKER: 'off' } });
  baseUrl = `http://127.0.0.1:${await t.listen()}`;
  buyer = await approvedCustomer(t, { USDT: '10000' });
});
afterAll(async () => t.close());

async function placeOrder(key: string, user: TestUser = buyer) {
  const side = user === buyer ? 'buy' : 'sell';
  const response = await fetch(`${baseUrl}/api/v1/order`, {
    method: 'POST',
    headers: { ...user.headers, 'idempotency-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 'BTC/USDT', side, orderType: 'limit', price: '90000', amount: '0.01' }),
  });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), code: body.error?.code };
}

/**
 * A session on the server's maintenance database (a session may not turn away its own database), and
 * the name of the app's database.
 */
async function maintenanceSession(): Promise<{ admin: pg.Client; name: string }> {
  const url = new URL(t.database.url);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  return { admin, name };
}

/** How many orders `user` has in the database. */
const ordersOf = (user: TestUser) => orderCount(t, user.userId);

/** Turns new sessions of the app's database away, then ends every session it has. */
async function refuseSessions(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
  await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
}

describe('the database refusing new sessions', () => {
  it('answers 503 with Retry-After meanwhile, and the same order sent again afterwards is placed once', async () => {
    const { admin, name } = await maintenanceSession();
    const key = randomUUID();
    try {
      await refuseSessions(admin, name);
      const during = await Promise.all([placeOrder(key), placeOrder(randomUUID()), placeOrder(randomUUID())]);
      expect(during.map((answer) => `${answer.status} ${answer.code}`)).toEqual(
        during.map(() => '503 service_unavailable'),
      );
      expect(during.every((answer) => Number(answer.retryAfter) > 0)).toBe(true);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }

    const again = await placeOrder(key);
    expect(again.status).toBe(201);
    expect(await ordersOf(buyer)).toBe(1);
    await assertLedgerInvariants(t.database.db);
  });

  it('answers 503 while every new session is read-only (a failover), and recovers without a restart', async () => {
    const { admin, name } = await maintenanceSession();
    const seller = await approvedCustomer(t, { BTC: '1' });
    const key = randomUUID();
    const sell = () => placeOrder(key, seller);
    try {
      await admin.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const during = await Promise.all([sell(), sell(), placeOrder(randomUUID(), seller)]);
      expect(during.filter((answer) => answer.status !== 503 && answer.status !== 409)).toEqual([]);
      const refused = during.filter((answer) => answer.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((answer) => Number(answer.retryAfter) > 0)).toBe(true);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" RESET default_transaction_read_only`);
      await admin.end();
    }

    // The pool's read-only sessions are dropped as they fail, so the retries get through by themselves.
    const answers = [];
    for (let tries = 0; tries < 50; tries += 1) {
      const answer = await sell();
      answers.push(answer.status);
      if (answer.status === 201) break;
    }
    expect(answers.filter((status) => status !== 503 && status !== 201)).toEqual([]);
    expect(answers.at(-1)).toBe(201);
    expect(await ordersOf(seller)).toBe(1);
    await assertLedgerInvariants(t.database.db);
  });
});

// PostgreSQL ending the app's sessions under load (pg_terminate_backend, as a failover or an operator
// does): the process lives on, every request is answered 2xx or 503 with Retry-After (never a 500 or
// a reset connection), and afterwards orders, sends and the health check work again by themselves,
// with the books equal to the database and the ledger's invariants holding.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { approvedCustomer, assertOrdersConsistent } from '../orders/testing/orders-fixtures.ts';
import {
  TEST_PIN,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';

const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
// Every request of a round after the first meets an ended session, so a few rounds show it. The
// time of this fixed work grows with a busy machine: twelve rounds took 4.3 s quiet and 22.6 s with
// both cores taken, near the test's 30 s; six take 3.1-3.6 s quiet.
const ROUNDS = 6;

let t: TestApp;
let baseUrl: string;
let sender: WalletCustomer;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await createWalletTestApp({ env: { MARKET_MAKER: 'off' } });
  baseUrl = `http://127.0.0.1:${await t.listen()}`;
  sender = await createWalletCustomer(t);
  await fund(t, sender, 'btc', '1');
  buyer = await approvedCustomer(t, { USDT: '1000000' });
  seller = await approvedCustomer(t, { BTC: '100' });
});
/** The sessions' killer still running: a test that failed or timed out stops it before the app closes. */
let killing: { stop(): void; ended: Promise<number> } | null = null;
afterAll(async () => {
  killing?.stop();
  await killing?.ended.catch(() => undefined);
  await t.close();
});

interface Answer {
  what: string;
  status: number | 'reset';
  retryAfter: string | null;
  body: string;
}

async function request(what: string, path: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}/api/v1${path}`, init);
    return {
      what,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  } catch (error) {
    return { what, status: 'reset', retryAfter: null, body: String((error as Error).cause ?? error) };
  }
}

function post(user: TestUser, path: string, body: object): Promise<Answer> {
  const headers = { ...user.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' };
  return request(`POST ${path}`, path, { method: 'POST', headers, body: JSON.stringify(body) });
}

const order = (user: TestUser, side: 'buy' | 'sell', index: number) =>
  post(user, '/order', { symbol: 'BTC/USDT', side, price: `${60_000 + (index % 5) * 10}`, amount: '0.001' });

const sendBtc = () =>
  post(sender, '/wallet/sendTransaction', {
    walletId: sender.wallet('btc').id,
    address: EXTERNAL_BTC,
    amount: '0.001',
    pin: TEST_PIN,
    priority: 'fast',
  });

/** One round of the workload: orders on both sides, a send, reads and the health check, together. */
function round(index: number): Array<Promise<Answer>> {
  return [
    order(buyer, 'buy', index),
    order(seller, 'sell', index),
    sendBtc(),
    request('GET /wallet', '/wallet', { headers: sender.headers }),
    request('GET /order', '/order', { headers: buyer.headers }),
    request('GET /health', '/health'),
  ];
}

/** Ends every session of the app's database but its own, every `everyMs`, until `until` settles. */
function terminateBackends(until: Promise<unknown>, everyMs: number): Promise<number> {
  let done = false;
  void until.finally(() => (done = true));
  const ended = killSessions(everyMs, () => done);
  killing = { stop: () => (done = true), ended };
  return ended;
}

async function killSessions(everyMs: number, done: () => boolean): Promise<number> {
  const killer = new pg.Client({ connectionString: t.database.url });
  // Dropping the database at the end ends this session too, as any failure's teardown may.
  killer.on('error', () => undefined);
  await killer.connect();
  let ended = 0;
  try {
    while (!done()) {
      const { rows } = await killer.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      ended += rows[0]!.n;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  } finally {
    await killer.end();
  }
  return ended;
}

describe('the database ending the app’s sessions under load', () => {
  it('answers 2xx or 503 with Retry-After meanwhile, then works again by itself', async () => {
    const answers: Answer[] = [];
    const workload = (async () => {
      for (let index = 0; index < ROUNDS; index += 1) answers.push(...(await Promise.all(round(index))));
    })();
    const ended = await terminateBackends(workload, 40);
    await workload;

    expect(ended).toBeGreaterThan(0);
    const wrong = answers.filter(
      (answer) => answer.status === 'reset' || (answer.status >= 300 && answer.status !== 503),
    );
    expect(wrong.map((answer) => `${answer.what} ${answer.status} ${answer.body.slice(0, 200)}`)).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.filter((answer) => !(Number(answer.retryAfter) > 0)).map((answer) => answer.what)).toEqual([]);

    // Afterwards, with nobody ending sessions: everything works again without a restart.
    const after = await Promise.all(round(ROUNDS));
    const expected = (what: string) => (what === 'POST /order' ? 201 : 200);
    expect(after.map((answer) => `${answer.what} ${answer.status}`)).toEqual(
      after.map((answer) => `${answer.what} ${expected(answer.what)}`),
    );
    // No client was lost to a broken connection: only the order writer's lock keeps one lent once the
    // background work in flight (the chains' passes, which record balances) has given its own back.
    const { pool } = t.database;
    const lent = () => pool.totalCount - pool.idleCount;
    for (let waited = 0; lent() > 1 && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(lent()).toBeLessThanOrEqual(1);
    await assertOrdersConsistent(t);
    await assertLedgerInvariants(t.database.db);
  });
});

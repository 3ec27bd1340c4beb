// Sends under real concurrency on real PostgreSQL (TESTING.md): 50 requests released together over
// HTTP against a balance that covers exactly one send. Different Idempotency-Keys: exactly one goes
// through, the others are refused with a clear 422. One key: one effect, and every other answer is
// the stored response or 409 in progress. The ledger invariants hold afterwards.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  TEST_PIN,
  balanceOf,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';
import { releaseTogether, type RawRequest } from './testing/release-together.ts';

const N = 50;
const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createWalletTestApp();
  port = await t.listen();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(() => t.close());

/** A customer with 1 BTC: one send of 0.6 BTC (plus its fee) fits, two do not. */
async function customerWithOneSendOfFunds(): Promise<WalletCustomer> {
  const customer = await createWalletCustomer(t);
  await fund(t, customer, 'btc', '1');
  return customer;
}

function sendRequest(customer: WalletCustomer, key: string, address = EXTERNAL_BTC, amount = '0.6'): RawRequest {
  return {
    method: 'POST',
    path: '/api/v1/wallet/sendTransaction',
    headers: { ...customer.headers, 'idempotency-key': key },
    body: { walletId: customer.wallet('btc').id, address, amount, pin: TEST_PIN },
  };
}

async function effects(customer: WalletCustomer): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM wallet_sends WHERE user_id = ${customer.userId} AND approved_at IS NOT NULL`,
  );
  return rows[0]!.n;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe(`${N} sends released together`, () => {
  it('with different keys, against a balance that covers one: one succeeds, the rest get 422', async () => {
    const alice = await customerWithOneSendOfFunds();
    const responses = await releaseTogether(
      port,
      Array.from({ length: N }, () => sendRequest(alice, randomUUID())),
    );
    expect(tally(responses.map((response) => response.status))).toEqual({ 200: 1, 422: N - 1 });
    for (const response of responses.filter((r) => r.status === 422)) {
      expect(JSON.parse(response.body).error.code).toBe('available_balance_must_cover_amount_and_fee');
    }
    expect(await effects(alice)).toBe(1);
    const wallet = await balanceOf(t, alice, 'btc');
    expect(wallet.held.startsWith('0.6')).toBe(true);
  });

  it('with different keys to another Rora customer: one internal transfer, the rest 422', async () => {
    const alice = await customerWithOneSendOfFunds();
    const bob = await createWalletCustomer(t);
    const to = bob.wallet('btc').address;
    const responses = await releaseTogether(
      port,
      Array.from({ length: N }, () => sendRequest(alice, randomUUID(), to)),
    );
    expect(tally(responses.map((response) => response.status))).toEqual({ 200: 1, 422: N - 1 });
    expect((await balanceOf(t, bob, 'btc')).balance).toBe('0.6');
    expect((await balanceOf(t, alice, 'btc')).balance).toBe('0.4');
  });

  it('with one key: one effect; the others get the stored response or 409', async () => {
    const alice = await customerWithOneSendOfFunds();
    const key = randomUUID();
    const responses = await releaseTogether(
      port,
      Array.from({ length: N }, () => sendRequest(alice, key)),
    );
    const counts = tally(responses.map((response) => response.status));
    expect(Object.keys(counts).sort()).toEqual(expect.arrayContaining(['200']));
    expect((counts[200] ?? 0) + (counts[409] ?? 0)).toBe(N);
    const bodies = new Set(responses.filter((response) => response.status === 200).map((response) => response.body));
    expect(bodies.size).toBe(1);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(JSON.parse(response.body).error.code).toBe('idempotency_request_in_progress');
    }
    expect(await effects(alice)).toBe(1);
  });

  it('that the balance covers all go through: right PINs sent together never lock the customer', async () => {
    const alice = await customerWithOneSendOfFunds();
    const responses = await releaseTogether(
      port,
      Array.from({ length: N }, () => sendRequest(alice, randomUUID(), EXTERNAL_BTC, '0.001')),
    );
    expect(tally(responses.map((response) => response.status))).toEqual({ 200: N });
    expect(await effects(alice)).toBe(N);
  });
});

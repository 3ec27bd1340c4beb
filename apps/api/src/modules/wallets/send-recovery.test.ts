// Recovery of an internal send that a crash left between its approval and its posting: the request
// dies after the approval committed, so the send stays `held` with `approved_at` set and its hold
// pending. The reconcile posts it (the customer approved it), once, even when two reconciles race,
// and the ledger invariants hold with no hold left open.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  TEST_PIN,
  balanceOf,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  post,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';

let t: TestApp;
let alice: WalletCustomer;
let bob: WalletCustomer;

beforeAll(async () => {
  t = await createWalletTestApp();
  [alice, bob] = [await createWalletCustomer(t), await createWalletCustomer(t)];
  await fund(t, alice, 'btc', '1');
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(() => t.close());

/** The process dies after the approval commits: the posting transaction never commits. */
async function crashBeforePosting<T>(run: () => Promise<T>): Promise<T> {
  const { db } = t.database;
  await db.execute(
    sql.raw(`
    CREATE FUNCTION test_crash_before_posting() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'process killed before the posting committed'; END $$;
    CREATE TRIGGER test_crash_before_posting BEFORE UPDATE ON wallet_sends
      FOR EACH ROW WHEN (NEW.status = 'posted') EXECUTE FUNCTION test_crash_before_posting();`),
  );
  try {
    return await run();
  } finally {
    await db.execute(
      sql.raw(`
      DROP TRIGGER test_crash_before_posting ON wallet_sends;
      DROP FUNCTION test_crash_before_posting();`),
    );
  }
}

async function sendRow(id: string) {
  const { rows } = await t.database.db.execute<{ status: string; approved: boolean }>(
    sql`SELECT status, approved_at IS NOT NULL AS approved FROM wallet_sends WHERE id = ${id}`,
  );
  return rows[0];
}

async function receivedNotifications(customer: WalletCustomer): Promise<number> {
  const page = await t.app.services.notifications.list(customer.userId, { page: 1, limit: 100 });
  return page.items.filter((item) => item.kind === 'wallet_internal_received').length;
}

async function crashedInternalSend(amount: string): Promise<string> {
  t.clock.advance(1_000);
  const body = { walletId: alice.wallet('btc').id, address: bob.wallet('btc').address, amount, pin: TEST_PIN };
  const response = await crashBeforePosting(() => post(t, alice, '/wallet/sendTransaction', body));
  expect(response.statusCode).toBe(500);
  const { rows } = await t.database.db.execute<{ id: string }>(
    sql`SELECT id FROM wallet_sends WHERE user_id = ${alice.userId} ORDER BY created_at DESC LIMIT 1`,
  );
  const id = rows[0]!.id;
  expect(await sendRow(id)).toEqual({ status: 'held', approved: true });
  return id;
}

describe('an approved internal send left held by a crash', () => {
  it('is posted by the reconcile: the recipient is credited and the hold is closed', async () => {
    const id = await crashedInternalSend('0.1');
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0.1');

    await t.app.services.wallets.handlers.reconcile('btc');

    expect(await sendRow(id)).toEqual({ status: 'posted', approved: true });
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0');
    expect((await balanceOf(t, alice, 'btc')).balance).toBe('0.9');
    expect((await balanceOf(t, bob, 'btc')).balance).toBe('0.1');
  });

  it('is posted once when two reconciles run together, and once more is a no-op', async () => {
    const before = await receivedNotifications(bob);
    const id = await crashedInternalSend('0.2');

    const reconcile = () => t.app.services.wallets.handlers.reconcile('btc');
    await Promise.all([reconcile(), reconcile()]);
    await reconcile();

    expect(await sendRow(id)).toEqual({ status: 'posted', approved: true });
    expect((await balanceOf(t, bob, 'btc')).balance).toBe('0.3');
    expect((await balanceOf(t, alice, 'btc')).balance).toBe('0.7');
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0');
    expect(await receivedNotifications(bob)).toBe(before + 1);
  });
});

// Recovery of sends a crash left half done. The request dies after the approval committed: the send
// stays `held` with `approved_at` set and its hold pending; the reconcile posts it (the customer
// approved it), once, even when two reconciles race. The request dies before answering: its
// Idempotency-Key stays in flight, and the retry gets the send as it stands, or (died before the
// approval was recorded) the hold is voided and the retry runs the send again. The ledger invariants
// hold after each test, with no hold left open.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLedger } from '@rora/ledger';
import { parseAmount } from '@rora/money';
import { loseAnswer } from '../../testing/idempotency.ts';
import { createSendSteps } from './send-steps.ts';
import { createSendsRepository } from './sends.repository.ts';
import { APPROVAL_WINDOW_MS } from './settlement.service.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { TEST_PIN, balanceOf, post, postWithKey, type WalletCustomer } from './testing/wallet-fixtures.ts';
import { setUpWalletSuite } from './testing/wallet-suite.ts';

let t: TestApp;
let alice: WalletCustomer;
let bob: WalletCustomer;
setUpWalletSuite({ network: 'btc', amount: '1' }, (suite) => ({ t, alice, bob } = suite));

/** The process dies before the step `when` commits (after the approval: 'NEW.status = ''posted'''). */
async function crashBefore<T>(when: string, run: () => Promise<T>): Promise<T> {
  const { db } = t.database;
  await db.execute(
    sql.raw(`
    CREATE FUNCTION test_crash() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'process killed before this step committed'; END $$;
    CREATE TRIGGER test_crash BEFORE UPDATE ON wallet_sends
      FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION test_crash();`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER test_crash ON wallet_sends; DROP FUNCTION test_crash();`));
  }
}

const AFTER_APPROVAL = `NEW.status = 'posted'`;
const BEFORE_APPROVAL = `NEW.approved_at IS NOT NULL AND OLD.approved_at IS NULL`;

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

/** The body of Alice's send of `amount` BTC to Bob's wallet: an internal send. */
const toBob = (amount: string) => ({
  walletId: alice.wallet('btc').id,
  address: bob.wallet('btc').address,
  amount,
  pin: TEST_PIN,
});

/**
 * Alice sends `amount` BTC to Bob and the process dies before the step `when` commits: the answer
 * and the send's id.
 */
async function crashedSend(amount: string, when: string) {
  t.clock.advance(1_000);
  const response = await crashBefore(when, () => post(t, alice, '/wallet/sendTransaction', toBob(amount)));
  const { rows } = await t.database.db.execute<{ id: string }>(
    sql`SELECT id FROM wallet_sends WHERE user_id = ${alice.userId} ORDER BY created_at DESC LIMIT 1`,
  );
  return { response, id: rows[0]!.id };
}

async function crashedInternalSend(amount: string): Promise<string> {
  const { response, id } = await crashedSend(amount, AFTER_APPROVAL);
  expect(response.statusCode).toBe(500);
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

describe('a send whose request died before its approval was recorded', () => {
  it('is voided by the reconcile once the approval window has passed, never before', async () => {
    const { response, id } = await crashedSend('0.02', BEFORE_APPROVAL);
    expect(response.statusCode).toBe(500);
    await t.app.services.wallets.handlers.reconcile('btc');
    expect(await sendRow(id)).toEqual({ status: 'held', approved: false });

    t.clock.advance(APPROVAL_WINDOW_MS + 1_000);
    await t.app.services.wallets.handlers.reconcile('btc');
    expect(await sendRow(id)).toEqual({ status: 'voided', approved: false });
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0');
  });
});

describe('the void of a hold whose approval never came', () => {
  it('leaves alone a send whose approval was recorded after the reconcile read it', async () => {
    const { id } = await crashedSend('0.03', BEFORE_APPROVAL);
    const sends = createSendsRepository(t.database.db);
    const steps = createSendSteps({
      db: t.database.db,
      clock: t.clock,
      ledger: createLedger(),
      registry: t.app.services.chains,
      sends,
      notifier: t.app.services.wallets.notifier,
      log: { warn: () => undefined },
    });
    // The reconcile read the send unapproved; the request records its approval just after.
    expect(await sends.approve(id, t.clock.now())).not.toBeNull();
    await steps.void({ id }, 'approval_not_received', { from: ['held'], notify: false, unapproved: true });
    expect(await sendRow(id)).toEqual({ status: 'held', approved: true });

    await t.app.services.wallets.handlers.reconcile('btc');
    expect(await sendRow(id)).toEqual({ status: 'posted', approved: true });
  });
});

describe('a send whose request died before answering, retried with its Idempotency-Key', () => {
  const url = '/wallet/sendTransaction';
  const sendsOf = async (customer: WalletCustomer) =>
    (
      await t.database.db.execute<{ status: string }>(
        sql`SELECT status FROM wallet_sends WHERE user_id = ${customer.userId} ORDER BY created_at`,
      )
    ).rows.map((row) => row.status);

  it('answers the approved send (posted by the reconcile), and sends nothing twice', async () => {
    const key = randomUUID();
    const before = await sendsOf(alice);
    const first = await crashBefore(AFTER_APPROVAL, () =>
      postWithKey(t, { user: alice, url, body: toBob('0.05'), key }),
    );
    expect(first.statusCode).toBe(500);
    await loseAnswer(t, alice.userId, key);
    await t.app.services.wallets.handlers.reconcile('btc');

    const retry = await postWithKey(t, { user: alice, url, body: toBob('0.05'), key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toMatchObject({ type: 'internal_send', status: 'completed', amount: '0.05' });
    expect(await sendsOf(alice)).toEqual([...before, 'posted']);
    expect((await postWithKey(t, { user: alice, url, body: toBob('0.05'), key })).body).toBe(retry.body);
  });

  it('voids the hold of a send never approved, and runs the retry as a new send', async () => {
    const key = randomUUID();
    const before = await sendsOf(alice);
    const available = (await balanceOf(t, alice, 'btc')).balance;
    const first = await crashBefore(BEFORE_APPROVAL, () =>
      postWithKey(t, { user: alice, url, body: toBob('0.01'), key }),
    );
    expect(first.statusCode).toBe(500);
    await loseAnswer(t, alice.userId, key);
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0.01');

    const retry = await postWithKey(t, { user: alice, url, body: toBob('0.01'), key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().data).toMatchObject({ status: 'completed', amount: '0.01' });
    expect(await sendsOf(alice)).toEqual([...before, 'voided', 'posted']);
    const after = await balanceOf(t, alice, 'btc');
    expect(after.held).toBe('0');
    expect(parseAmount(available, 8) - parseAmount(after.balance, 8)).toBe(1_000_000n);
  });

  it('releases the key of a send voided before its approval, and runs the retry as a new send', async () => {
    const key = randomUUID();
    const before = await sendsOf(alice);
    await crashBefore(BEFORE_APPROVAL, () => postWithKey(t, { user: alice, url, body: toBob('0.01'), key }));
    await loseAnswer(t, alice.userId, key);
    // Voided unapproved before the retry came (the reconcile, or its request's PIN check that lost
    // the database): the send is not in the customer's history, so there is no answer to give from it.
    const { rows } = await t.database.db.execute<{ id: string }>(
      sql`SELECT effect_id AS id FROM idempotency_keys WHERE user_id = ${alice.userId} AND idempotency_key = ${key}`,
    );
    t.clock.advance(APPROVAL_WINDOW_MS + 1_000);
    await t.app.services.wallets.handlers.reconcile('btc');
    expect(await sendRow(rows[0]!.id)).toEqual({ status: 'voided', approved: false });

    const retry = await postWithKey(t, { user: alice, url, body: toBob('0.01'), key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'completed', amount: '0.01' });
    expect(await sendsOf(alice)).toEqual([...before, 'voided', 'posted']);
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0');
  });
});

// Sends beyond the hot wallet's coins wait for an operator instead of failing (ADR 0044), on the devnet
// and real PostgreSQL: two sends race for a hot wallet that covers one; the other waits, held and shown
// as `hot_wallet_short` to its customer, with one operator alert; once the hot wallet is refilled,
// racing reconciles send it exactly once, and it is posted. Ledger invariants hold after each test.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletTransaction, WalletTransactions } from '@rora/contracts';
import { DEVNET_HOT_WALLET_FUNDING } from '@rora/chains';
import type { TestApp } from '../../testing/test-app.ts';
import {
  TEST_PIN,
  call,
  createWalletCustomer,
  fund,
  mine,
  post,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';
import { setUpWalletSuite } from './testing/wallet-suite.ts';

/** Whole BTC in the devnet's hot wallet at genesis. */
const HOT = DEVNET_HOT_WALLET_FUNDING.btc / 100_000_000n;
const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let t: TestApp;
setUpWalletSuite({ network: 'btc', amount: '1' }, (suite) => ({ t } = suite));

function send(customer: WalletCustomer, amount: string) {
  const body = { walletId: customer.wallet('btc').id, address: EXTERNAL_BTC, amount, pin: TEST_PIN, priority: 'fast' };
  return post(t, customer, '/wallet/sendTransaction', body);
}

async function alerts(sendId: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM operator_alerts WHERE kind = 'hot_wallet_short' AND subject_id = ${sendId}`,
  );
  return rows[0]!.n;
}

describe('a send the hot wallet cannot cover', () => {
  it('waits, visibly, for a refill, then goes out by itself once', async () => {
    // The devnet's Bitcoin hot wallet holds HOT BTC (200): one send of 6/10 of it fits, two do not.
    const [whale, orca] = [await createWalletCustomer(t), await createWalletCustomer(t)];
    await fund(t, whale, 'btc', `${(HOT * 7n) / 10n}`);
    await fund(t, orca, 'btc', `${(HOT * 7n) / 10n}`);
    t.clock.advance(1_000);
    const answers = await Promise.all([send(whale, `${(HOT * 6n) / 10n}`), send(orca, `${(HOT * 6n) / 10n}`)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const sent = answers.map((answer) => answer.json().data as WalletTransaction);
    const waiting = sent.filter((item) => item.stage === 'held');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: 'pending', waitingReason: 'hot_wallet_short', txid: null });
    expect(sent.filter((item) => item.stage === 'broadcast')).toHaveLength(1);
    const waiter = waiting[0]!.walletId === whale.wallet('btc').id ? whale : orca;
    const listed = (await call(t, waiter, `GET /wallet/${waiter.wallet('btc').id}`)).json().data as WalletTransactions;
    expect(listed.items[0]).toMatchObject({ id: waiting[0]!.id, stage: 'held', waitingReason: 'hot_wallet_short' });
    expect(await alerts(waiting[0]!.id)).toBe(1);

    // Still short: the reconcile leaves it waiting and raises no second alert.
    await t.app.services.wallets.handlers.reconcile('btc');
    expect(await alerts(waiting[0]!.id)).toBe(1);

    // An operator refills the hot wallet; racing reconciles broadcast the waiting send once.
    const devnet = t.app.services.chains.devnet;
    devnet.fundAddress({ network: 'btc', address: devnet.signer.addressFor('btc'), amount: (HOT / 2n) * 100_000_000n });
    await mine(t, 'btc');
    await Promise.all(Array.from({ length: 5 }, () => t.app.services.wallets.settlement.reconcile('btc')));
    const { rows } = await t.database.db.execute<{ status: string; waiting_reason: string | null; txid: string }>(
      sql`SELECT status, waiting_reason, txid FROM wallet_sends WHERE id = ${waiting[0]!.id}`,
    );
    expect(rows[0]).toMatchObject({ status: 'broadcast', waiting_reason: null });
    await mine(t, 'btc', 2);
    const done = (await call(t, waiter, `GET /wallet/${waiter.wallet('btc').id}`)).json().data as WalletTransactions;
    expect(done.items[0]).toMatchObject({ id: waiting[0]!.id, stage: 'posted', waitingReason: null });
    const { rows: txids } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(DISTINCT txid)::int AS n FROM wallet_sends WHERE id IN (${sent[0]!.id}, ${sent[1]!.id})`,
    );
    expect(txids[0]!.n).toBe(2);
  });
});

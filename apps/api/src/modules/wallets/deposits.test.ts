// Deposits end to end on the devnet and real PostgreSQL: seen in the mempool as pending (and the
// customer is told), confirming block by block, credited once at the network's confirmations, never
// twice however often (or however concurrently) the confirmation is reported.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletTransactions } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  balanceOf,
  call,
  createWalletCustomer,
  createWalletTestApp,
  mine,
  sendDeposit,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';

let t: TestApp;
let alice: WalletCustomer;

beforeAll(async () => {
  t = await createWalletTestApp();
  alice = await createWalletCustomer(t);
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(() => t.close());

async function transactions(customer: WalletCustomer, network: Parameters<WalletCustomer['wallet']>[0]) {
  const response = await call(t, customer, `GET /wallet/${customer.wallet(network).id}`);
  return response.json().data as WalletTransactions;
}

async function notificationKinds(customer: WalletCustomer): Promise<string[]> {
  const list = await t.app.services.notifications.list(customer.userId, { page: 1, limit: 100 });
  return list.items.map((item) => item.kind);
}

async function creditsOf(txid: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'deposit' AND metadata->>'txid' = ${txid}`,
  );
  return rows[0]!.n;
}

describe('deposits', () => {
  it('is pending from the mempool, confirming per block, and credited at the confirmations', async () => {
    const sent = await sendDeposit(t, alice, 'btc', '0.5');
    let list = await transactions(alice, 'btc');
    expect(list.items[0]).toMatchObject({
      txid: sent.txid,
      type: 'deposit',
      status: 'pending',
      stage: 'mempool',
      amount: '0.5',
      confirmations: 0,
      requiredConfirmations: 2,
    });
    expect(list.items[0]!.explorerUrl).toBe(`https://mempool.space/tx/${sent.txid}`);
    expect(list.wallet.balance).toBe('0');
    expect(await notificationKinds(alice)).toEqual(['wallet_deposit_pending']);

    await mine(t, 'btc');
    list = await transactions(alice, 'btc');
    expect(list.items[0]).toMatchObject({ status: 'pending', stage: 'confirming', confirmations: 1 });
    expect(list.wallet.balance).toBe('0');

    await mine(t, 'btc');
    list = await transactions(alice, 'btc');
    expect(list.items[0]).toMatchObject({ status: 'completed', stage: 'credited', confirmations: 2 });
    expect(list.items[0]!.completedAt).not.toBeNull();
    expect(list.wallet.balance).toBe('0.5');
    expect((await notificationKinds(alice)).sort()).toEqual(['wallet_deposit_credited', 'wallet_deposit_pending']);
    expect(await creditsOf(sent.txid)).toBe(1);
  });

  it('credits a deposit confirmed twice once, even when the reports race', async () => {
    const sent = await sendDeposit(t, alice, 'ltc', '3');
    const adapter = t.app.services.chains.adapter('ltc');
    t.app.services.chains.devnet.mineBlocks('ltc', 4);
    const confirmed = await adapter.getTransaction(sent.txid);
    expect(confirmed?.status).toBe('confirmed');
    // The watcher handles the mined blocks while ten more reports of the confirmation arrive at once.
    const { deposits } = t.app.services.wallets;
    await Promise.all(Array.from({ length: 10 }, () => deposits.record(confirmed!)));
    await t.app.services.chainWatcher.idle();
    await deposits.record(confirmed!);
    await t.app.services.wallets.handlers.reconcile('ltc');
    expect(await creditsOf(sent.txid)).toBe(1);
    expect((await balanceOf(t, alice, 'ltc')).balance).toBe('3');
    const kinds = await notificationKinds(alice);
    expect(kinds.filter((kind) => kind === 'wallet_deposit_credited')).toHaveLength(2);
  });

  it('credits an ERC-20 token to the token wallet at the customer Ethereum address', async () => {
    await sendDeposit(t, alice, 'usdt-erc20', '250.5');
    await mine(t, 'usdt-erc20', 12);
    expect((await balanceOf(t, alice, 'usdt-erc20')).balance).toBe('250.5');
    expect((await balanceOf(t, alice, 'eth')).balance).toBe('0');
  });

  it('routes XRP by destination tag and ignores a tag that is no one', async () => {
    const bob = await createWalletCustomer(t);
    await sendDeposit(t, bob, 'xrp', '40');
    t.app.services.chains.devnet.fundAddress({
      network: 'xrp',
      address: bob.wallet('xrp').address,
      amount: 5_000_000n,
      destinationTag: 4_000_000_000,
    });
    await mine(t, 'xrp');
    expect((await balanceOf(t, bob, 'xrp')).balance).toBe('40');
    expect((await transactions(bob, 'xrp')).total).toBe(1);
    expect((await balanceOf(t, alice, 'xrp')).balance).toBe('0');
  });

  it('marks a deposit that fails on chain as failed, and never credits it', async () => {
    // The devnet fails amounts ending in 666; a failed Bitcoin transaction is dropped from the mempool.
    await sendDeposit(t, alice, 'btc', '0.00000666');
    await mine(t, 'btc', 2);
    const list = await transactions(alice, 'btc');
    expect(list.items[0]).toMatchObject({ amount: '0.00000666', status: 'failed', stage: 'failed' });
    expect(list.items[0]!.failureReason).toBe('simulated_failure_marker_amount');
    expect(list.wallet.balance).toBe('0.5');
    expect(await notificationKinds(alice)).toContain('wallet_deposit_failed');
  });

  it('catches up from the chain when events were missed (reconcile)', async () => {
    const carol = await createWalletCustomer(t);
    const sent = await sendDeposit(t, carol, 'bsc', '1.25');
    t.app.services.chainWatcher.close();
    t.app.services.chains.devnet.mineBlocks('bsc', 15);
    expect((await balanceOf(t, carol, 'bsc')).balance).toBe('0');
    await t.app.services.wallets.handlers.reconcile('bsc');
    expect((await balanceOf(t, carol, 'bsc')).balance).toBe('1.25');
    expect(await creditsOf(sent.txid)).toBe(1);
  });
});

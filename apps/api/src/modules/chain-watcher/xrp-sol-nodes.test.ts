// XRP and Solana read through their JSON-RPC (CHAINS_XRP=rpc, CHAINS_SOL=rpc, ADR 0040), through the
// real app and PostgreSQL, against stand-in nodes on local ports that answer the documented shapes:
// a deposit is found by the scanner and credited once (an XRP payment by its tag, a Solana transfer
// by its pool address); a send is signed, submitted, and posted once the chain has it final.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FakeRippled, FakeSolana, solanaTestKey, xrpTestAccount } from '@rora/chains/testing';
import { assertLedgerInvariants } from '@rora/ledger';
import { balancesIn } from '@rora/ledger/testing';
import type { TestApp } from '../../testing/test-app.ts';
import {
  TEST_PIN,
  createWalletCustomer,
  createWalletTestApp,
  post,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';

const PORTS = { from: 4800, to: 4819 };
const { seed: HOT_SEED, address: HOT_XRP } = xrpTestAccount(21);
const OUTSIDE_XRP = xrpTestAccount(22).address;
const HOT_SOL = solanaTestKey(31);
const POOL = [32, 33, 34, 35].map((byte) => solanaTestKey(byte).address);
const OUTSIDE_SOL = solanaTestKey(40).address;

describe('XRP and Solana through their JSON-RPC', () => {
  let rippled: FakeRippled;
  let solana: FakeSolana;
  let t: TestApp;
  let alice: WalletCustomer;
  let bob: WalletCustomer;

  const scan = (network: 'xrp' | 'sol') => t.app.services.depositScanner.scan(network);
  const balance = async (userId: string, asset: string) => (await balancesIn(t.database.db, userId, asset)).available;
  const deposits = async (txid: string) =>
    (
      await t.database.db.execute<{ status: string; user_id: string; amount: string }>(
        sql`SELECT status, user_id, amount::text FROM chain_deposits WHERE txid = ${txid}`,
      )
    ).rows;

  beforeAll(async () => {
    rippled = await new FakeRippled().start(PORTS);
    solana = await new FakeSolana().start(PORTS);
    rippled.fund(HOT_XRP, 500_000_000n);
    solana.balances.set(HOT_SOL.address, 20_000_000_000n);
    solana.balances.set(OUTSIDE_SOL, 50_000_000_000n);
    t = await createWalletTestApp({
      env: {
        CHAINS_XRP: 'rpc',
        CHAINS_XRP_RPC_URL: rippled.server.url,
        CHAINS_XRP_HOT_KEY: HOT_SEED,
        CHAINS_XRP_OMNIBUS_ADDRESS: HOT_XRP,
        CHAINS_SOL: 'rpc',
        CHAINS_SOL_RPC_URL: solana.server.url,
        CHAINS_SOL_HOT_KEY: HOT_SOL.secret,
        CHAINS_SOL_ADDRESSES: POOL.join(','),
      },
    });
    alice = await createWalletCustomer(t);
    bob = await createWalletCustomer(t);
    await scan('xrp'); // the cursors start at the tips
    await scan('sol');
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t?.close();
    await rippled?.server.close();
    await solana?.server.close();
  });

  it('hands out the shared XRP address with a tag per customer, and pool addresses on Solana', () => {
    expect(alice.wallet('xrp')).toMatchObject({ address: HOT_XRP, destinationTag: expect.any(Number) });
    expect(bob.wallet('xrp').destinationTag).not.toBe(alice.wallet('xrp').destinationTag);
    expect(POOL).toContain(alice.wallet('sol').address);
  });

  it('credits an XRP payment to the customer its tag names, once, and nobody for a payment without a tag', async () => {
    const payment = { TransactionType: 'Payment', Account: OUTSIDE_XRP, Destination: HOT_XRP, Fee: '12' };
    const tagged = rippled.include(
      { ...payment, Amount: '7000000', DestinationTag: alice.wallet('xrp').destinationTag, Sequence: 1 },
      { TransactionIndex: 0, TransactionResult: 'tesSUCCESS', delivered_amount: '7000000' },
    );
    const untagged = rippled.include(
      { ...payment, Amount: '3000000', Sequence: 2 },
      { TransactionIndex: 1, TransactionResult: 'tesSUCCESS', delivered_amount: '3000000' },
    );
    rippled.closeLedger();
    expect((await scan('xrp')).blocks).toBe(1);
    expect(await deposits(tagged)).toEqual([{ status: 'credited', user_id: alice.userId, amount: '7000000' }]);
    expect(await deposits(untagged)).toEqual([]);
    rippled.closeLedger();
    await Promise.all([scan('xrp'), scan('xrp')]);
    expect(await balance(alice.userId, 'XRP')).toBe(7_000_000n);
    expect(await balance(bob.userId, 'XRP')).toBe(0n);
  });

  it('credits a Solana transfer to a pool address once, 32 slots after its block', async () => {
    const txid = solana.transfer(OUTSIDE_SOL, alice.wallet('sol').address, 2_500_000_000n);
    solana.produce();
    solana.produce({ skipped: true });
    await scan('sol');
    expect(await deposits(txid)).toEqual([expect.objectContaining({ status: 'confirming', user_id: alice.userId })]);
    for (let slot = 0; slot < 30; slot += 1) solana.produce();
    await scan('sol');
    expect(await deposits(txid)).toEqual([expect.objectContaining({ status: 'credited' })]);
    solana.produce();
    await Promise.all([scan('sol'), scan('sol')]);
    expect(await balance(alice.userId, 'SOL')).toBe(2_500_000_000n);
  });

  it('sends XRP to an outside account: submitted once, posted when validated', async () => {
    const body = {
      walletId: alice.wallet('xrp').id,
      address: OUTSIDE_XRP,
      amount: '2',
      pin: TEST_PIN,
      priority: 'normal',
    };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    const id = (response.json().data as { id: string }).id;
    const row = async () =>
      (
        await t.database.db.execute<{ status: string; txid: string | null }>(
          sql`SELECT status, txid FROM wallet_sends WHERE id = ${id}`,
        )
      ).rows[0];
    expect(await row()).toMatchObject({ status: 'broadcast' });
    expect(rippled.server.requests.filter((request) => request.method === 'submit')).toHaveLength(1);
    rippled.closeLedger();
    await scan('xrp');
    expect(await row()).toMatchObject({ status: 'posted' });
    expect(rippled.accounts.get(OUTSIDE_XRP)?.balance).toBe(2_000_000n);
  });

  it('voids an XRP send whose transaction expired unseen, and gives the customer the amount back', async () => {
    const before = await balance(alice.userId, 'XRP');
    rippled.dropSubmissions = true;
    const body = {
      walletId: alice.wallet('xrp').id,
      address: OUTSIDE_XRP,
      amount: '1',
      pin: TEST_PIN,
      priority: 'normal',
    };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    const id = (response.json().data as { id: string }).id;
    const status = async () =>
      (await t.database.db.execute<{ status: string }>(sql`SELECT status FROM wallet_sends WHERE id = ${id}`)).rows[0]
        ?.status;
    expect(await balance(alice.userId, 'XRP')).toBeLessThan(before);
    for (let ledger = 0; ledger < 20; ledger += 1) rippled.closeLedger();
    await scan('xrp');
    expect(await status()).toBe('broadcast');
    rippled.closeLedger();
    await scan('xrp');
    expect(await status()).toBe('voided');
    expect(await balance(alice.userId, 'XRP')).toBe(before);
    rippled.dropSubmissions = false;
  });

  it('signs a held XRP send again once its stored transaction expired unsent, and posts the new one', async () => {
    rippled.submitResult = 'telINSUF_FEE_P';
    const body = {
      walletId: alice.wallet('xrp').id,
      address: OUTSIDE_XRP,
      amount: '1',
      pin: TEST_PIN,
      priority: 'normal',
    };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    const id = (response.json().data as { id: string }).id;
    const row = async () =>
      (
        await t.database.db.execute<{ status: string; txid: string | null }>(
          sql`SELECT status, txid FROM wallet_sends WHERE id = ${id}`,
        )
      ).rows[0];
    const stored = async () =>
      (
        await t.database.db.execute<{ txid: string; valid_until: string }>(
          sql`SELECT txid, valid_until::text FROM chain_broadcasts WHERE network = 'xrp' AND id = ${id}`,
        )
      ).rows;
    expect(await row()).toMatchObject({ status: 'held', txid: null });
    const [first] = await stored();
    rippled.submitResult = undefined;
    for (let ledger = 0; ledger <= 20; ledger += 1) rippled.closeLedger();
    await scan('xrp'); // the reconcile broadcasts the held send: its stored transaction expired, so a new one
    const [second] = await stored();
    expect(second?.txid).not.toBe(first?.txid);
    expect(Number(second?.valid_until)).toBe(rippled.validated + 20);
    expect(await row()).toMatchObject({ status: 'broadcast', txid: second?.txid });
    rippled.closeLedger();
    await scan('xrp');
    expect(await row()).toMatchObject({ status: 'posted' });
  });

  it('sends SOL: one signed transfer, its fee from the node, posted once finalized', async () => {
    const outsideBefore = solana.balances.get(OUTSIDE_SOL) ?? 0n;
    const body = {
      walletId: alice.wallet('sol').id,
      address: OUTSIDE_SOL,
      amount: '0.5',
      pin: TEST_PIN,
      priority: 'fast',
    };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    const id = (response.json().data as { id: string }).id;
    const row = async () =>
      (
        await t.database.db.execute<{ status: string; network_fee: string | null }>(
          sql`SELECT status, network_fee::text FROM wallet_sends WHERE id = ${id}`,
        )
      ).rows[0];
    expect(await row()).toMatchObject({ status: 'broadcast', network_fee: '5000' });
    expect(solana.server.requests.filter((request) => request.method === 'sendTransaction')).toHaveLength(1);
    solana.finalityLag = 1;
    solana.produce();
    await scan('sol');
    expect((await row())?.status).toBe('broadcast');
    solana.finalityLag = 0;
    await scan('sol');
    expect((await row())?.status).toBe('posted');
    expect(solana.balances.get(OUTSIDE_SOL)).toBe(outsideBefore + 500_000_000n);
  });
});

// The devnet in a cluster (ADR 0082), on the real app and real PostgreSQL: two apps on one database,
// one owning the devnet and one reading it. A deposit address created on the reader is watched by
// the owner, whose deposits to it are credited once, even those mined before the owner knew of it;
// and when the owner stops, the reader takes the devnet over, rebuilt from the tables.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAIN_IDS, DevnetRunElsewhereError, type ChainId, type NetworkId } from '@rora/chains';
import type { WalletTransaction } from '@rora/contracts';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { assertLedgerInvariants } from '@rora/ledger';
import { parseAmount } from '@rora/money';
import { buildApp, type App } from '../../app.ts';
import { ManualClock } from '../../lib/clock.ts';
import { loadTestConfig, type TestApp } from '../../testing/test-app.ts';
import { seedAssetCatalogue } from '../prices/index.ts';
import { HELD_SEND_GRACE_MS, HELD_SEND_POLL_MS } from './index.ts';
import {
  balanceOf,
  createWalletCustomer,
  fund,
  mine,
  sendBtcOut,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';

let database: TestDatabase;
const clock = new ManualClock(new Date());
const config = loadTestConfig({ TREASURY_SWEEPS: 'off' });
const apps: App[] = [];

/** An app on the shared database, opened as the devnet's owner or reader. */
async function openApp(role: 'owner' | 'reader'): Promise<TestApp> {
  const app = await buildApp({ config, database, clock });
  apps.push(app);
  expect(await app.services.chains.open()).toBe(role);
  // Ready: its start's watchAll has run, before any customer below exists.
  await app.ready();
  return { app, database, clock, listen: () => Promise.reject(new Error('not served')), close: () => app.close() };
}

async function sendStatus(id: string) {
  const { rows } = await database.db.execute<{ status: string }>(sql`SELECT status FROM wallet_sends WHERE id = ${id}`);
  return rows[0]?.status;
}

async function depositsOf(customer: WalletCustomer, network: NetworkId) {
  const { rows } = await database.db.execute<{ txid: string; status: string }>(
    sql`SELECT txid, status FROM chain_deposits WHERE wallet_id = ${customer.wallet(network).id}`,
  );
  return rows;
}

/** A deposit from outside, sent through the owner's devnet to the customer's address. */
async function deposit(owner: TestApp, customer: WalletCustomer, network: NetworkId, amount: string) {
  const wallet = customer.wallet(network);
  const sent = owner.app.services.chains.devnet.fundAddress({
    network,
    address: wallet.address,
    amount: parseAmount(amount, wallet.network.decimals),
  });
  await owner.app.services.chains.devnet.flush();
  return sent;
}

/** Each chain's height as the tables hold it (devnet_chains), and as an app's devnet holds it. */
async function tableHeights() {
  const { rows } = await database.db.execute<{ chain: ChainId; height: string }>(
    sql`SELECT chain, height::text FROM devnet_chains`,
  );
  return Object.fromEntries(rows.map((row) => [row.chain, Number(row.height)]));
}
const heightsOf = (t: TestApp) =>
  Object.fromEntries(CHAIN_IDS.map((chain) => [chain, t.app.services.chains.devnet.chain(chain).height]));

/** Ends the session holding the devnet lock, as a database restart or a cut connection would. */
async function terminateLockBackend() {
  await database.db.execute(
    sql`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = 96
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
}

const faucetOn = (t: TestApp, email: string, asset: string, amount: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/dev/faucet', payload: { email, asset, amount } });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedAssetCatalogue(database);
});
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  await assertLedgerInvariants(database.db);
});
afterAll(async () => {
  await database.destroy();
});

describe('a deposit address created on a process that does not own the devnet', () => {
  it('is watched by the owner, which credits a deposit already mined before it knew of it, once', async () => {
    const owner = await openApp('owner');
    const reader = await openApp('reader');
    const dana = await createWalletCustomer(reader);
    const sent = await deposit(owner, dana, 'btc', '0.4');
    await mine(owner, 'btc', 8);
    // The owner has not read the address yet: the deposit is final on the chain and unknown here.
    expect(await depositsOf(dana, 'btc')).toEqual([]);

    await owner.app.services.wallets.addresses.refresh();
    await owner.app.services.chains.devnet.flush();
    await owner.app.services.chainWatcher.idle();
    expect(await depositsOf(dana, 'btc')).toEqual([{ txid: sent.txid, status: 'credited' }]);
    expect((await balanceOf(owner, dana, 'btc')).balance).toBe('0.4');

    // Read again (the refresh reads back a little), and more blocks: still credited once.
    await owner.app.services.wallets.addresses.refresh();
    await mine(owner, 'btc', 2);
    expect(await depositsOf(dana, 'btc')).toEqual([{ txid: sent.txid, status: 'credited' }]);
    expect((await balanceOf(reader, dana, 'btc')).balance).toBe('0.4');
  });

  it('is followed by the owner, whose faucet deposit to it is seen, mined and credited once', async () => {
    const owner = await openApp('owner');
    const reader = await openApp('reader');
    owner.app.services.wallets.addresses.follow(20);
    const emil = await createWalletCustomer(reader);
    const faucet = await owner.app.inject({
      method: 'POST',
      url: '/api/v1/dev/faucet',
      payload: { email: emil.email, asset: 'LTC', amount: '2' },
    });
    expect(faucet.statusCode, faucet.body).toBe(200);
    await expect
      .poll(async () => {
        await owner.app.services.chainWatcher.idle();
        return (await depositsOf(emil, 'ltc')).map((row) => row.status);
      })
      .toEqual(['pending']);
    await mine(owner, 'ltc', emil.wallet('ltc').network.confirmations);
    expect((await depositsOf(emil, 'ltc')).map((row) => row.status)).toEqual(['credited']);
    expect((await balanceOf(reader, emil, 'ltc')).balance).toBe('2');
  });
});

describe('a process that reads the devnet, when its owner stops', () => {
  it('takes the devnet over rebuilt from the tables, credits its deposits and broadcasts held sends', async () => {
    const owner = await openApp('owner');
    const fay = await createWalletCustomer(owner);
    await fund(owner, fay, 'btc', '1');
    // The reader's copy holds blocks and transactions: a takeover must replace it, not add to it.
    const reader = await openApp('reader');
    const asked = await sendBtcOut(reader, fay, '0.1');
    expect(asked.statusCode, asked.body).toBe(200);
    const sendId = (asked.json().data as WalletTransaction).id;
    expect(await sendStatus(sendId)).toBe('held');
    // The owner goes on after the reader read the tables: the reader's copy is stale.
    const early = await deposit(owner, fay, 'ltc', '1.5');
    await mine(owner, 'ltc', 3);
    const heights = { btc: owner.app.services.chains.devnet.chain('btc').height, ltc: 0 };
    heights.ltc = owner.app.services.chains.devnet.chain('ltc').height;
    expect(reader.app.services.chains.devnet.chain('ltc').height).toBeLessThan(heights.ltc);
    const ownerApp = apps.shift() as App;
    await ownerApp.close();

    // Two tries 1.5 s apart see the lock free before the reader takes it (devnetLockIsFree).
    await expect.poll(() => reader.app.services.chains.broadcastsHere('btc'), { timeout: 10_000 }).toBe(true);
    const devnet = reader.app.services.chains.devnet;
    expect({ btc: devnet.chain('btc').height, ltc: devnet.chain('ltc').height }).toEqual(heights);
    expect((await reader.app.services.chains.adapter('ltc').getTransaction(early.txid))?.confirmations).toBe(3);

    // It runs the devnet now: its faucet answers, and what it mines is written and credited.
    const faucet = await reader.app.inject({
      method: 'POST',
      url: '/api/v1/dev/faucet',
      payload: { email: fay.email, asset: 'LTC', amount: '0.5' },
    });
    expect(faucet.statusCode, faucet.body).toBe(200);
    await mine(reader, 'ltc', 6);
    expect((await depositsOf(fay, 'ltc')).map((row) => row.status)).toEqual(['credited', 'credited']);
    expect((await balanceOf(reader, fay, 'ltc')).balance).toBe('2');
    // The held send is broadcast by its reconcile and settled.
    await reader.app.services.wallets.handlers.reconcile('btc');
    expect(await sendStatus(sendId)).toBe('broadcast');
    await mine(reader, 'btc', 2);
    expect(await sendStatus(sendId)).toBe('posted');
    const { rows } = await database.db.execute<{ height: string }>(
      sql`SELECT height::text FROM devnet_chains WHERE chain = 'ltc'`,
    );
    expect(Number(rows[0]?.height)).toBe(heights.ltc + 6);
  });
});

describe('a fee estimate on a process that reads the devnet', () => {
  it("follows the owner's fee market within a second, equal to the owner's", async () => {
    const owner = await openApp('owner');
    const reader = await openApp('reader');
    const estimate = (t: TestApp) =>
      t.app.services.chains.adapter('eth').estimateFee({ amount: 1n, priority: 'normal' });
    const first = await estimate(owner);
    expect(await estimate(reader)).toEqual(first);
    // Blocks full of other people's transactions move the owner's fee market.
    owner.app.services.chains.devnet.mineBlocks('eth', 40);
    await owner.app.services.chains.devnet.flush();
    const moved = await estimate(owner);
    expect(moved.feeRate).not.toBe(first.feeRate);
    // Within the second, the reader may still quote what it read; after it, the owner's figure.
    clock.advance(1_000);
    expect(await estimate(reader)).toEqual(moved);
    const quote = await reader.app.services.chains.adapter('eth').estimateFee({ amount: 5n, priority: 'fast' });
    expect(quote).toEqual(await owner.app.services.chains.adapter('eth').estimateFee({ amount: 5n, priority: 'fast' }));
  });
});

describe('an owner displaced while its lock connection was lost (ADR 0083)', () => {
  it('steps down to read the devnet as written, loses nothing to the ledger, and takes it over again', async () => {
    const owner = await openApp('owner');
    const gus = await createWalletCustomer(owner);
    await fund(owner, gus, 'btc', '1');
    const reader = await openApp('reader');
    const ownerChains = owner.app.services.chains;

    // The owner's lock connection is cut and it writes nothing for a while: the reader takes the lock.
    await terminateLockBackend();
    await expect.poll(() => reader.app.services.chains.broadcastsHere('btc'), { timeout: 10_000 }).toBe(true);
    const written = await tableHeights();
    expect(ownerChains.broadcastsHere('btc')).toBe(true);

    // The old owner goes on in memory: its timers mine, a faucet deposit and a send are asked of it.
    const broadcasts = vi.spyOn(ownerChains.devnet.adapter('btc'), 'broadcast');
    ownerChains.start();
    expect(ownerChains.devnet.running).toBe(true);
    const faucet = faucetOn(owner, gus.email, 'LTC', '3');
    const asked = sendBtcOut(owner, gus, '0.2');
    // Its next write finds the lock held by the reader (after DEVNET_LOCK_WAIT_MS): it steps down.
    await expect.poll(() => ownerChains.broadcastsHere('btc'), { timeout: 15_000 }).toBe(false);
    expect(ownerChains.devnet.running).toBe(false);
    // What waited on its unwritten batches failed as a reader's answers do: the faucet 409, the send held.
    const refused = await faucet;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('devnet_is_run_by_another_process');
    const sent = await asked;
    expect(sent.statusCode, sent.body).toBe(200);
    const sendId = (sent.json().data as WalletTransaction).id;
    expect(await sendStatus(sendId)).toBe('held');
    // It was broadcast in the old owner's memory alone, and that broadcast failed with its batch.
    expect(broadcasts).toHaveBeenCalledTimes(1);
    await expect(broadcasts.mock.results[0]?.value).rejects.toBeInstanceOf(DevnetRunElsewhereError);

    // Its devnet is the tables' again (the blocks it mined alone are gone), and it mines no more.
    await expect.poll(() => heightsOf(owner), { timeout: 5_000 }).toEqual(written);
    expect(await tableHeights()).toEqual(written);
    expect(heightsOf(reader)).toEqual(written);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(heightsOf(owner)).toEqual(written);
    const again = await faucetOn(owner, gus.email, 'LTC', '1');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('devnet_is_run_by_another_process');
    const mined = await owner.app.inject({
      method: 'POST',
      url: '/api/v1/dev/mine',
      payload: { network: 'sol', blocks: 1 },
    });
    expect(mined.statusCode, mined.body).toBe(409);
    expect(mined.json().error.code).toBe('devnet_is_run_by_another_process');

    // Nothing of its memory reached the ledger: no LTC deposit; the send is broadcast by the new owner.
    expect(await depositsOf(gus, 'ltc')).toEqual([]);
    await reader.app.services.wallets.handlers.reconcile('btc');
    expect(await sendStatus(sendId)).toBe('broadcast');
    await mine(reader, 'btc', 2);
    await owner.app.services.chainWatcher.idle();
    expect(await sendStatus(sendId)).toBe('posted');

    // When the new owner stops, the old one takes the devnet over again, rebuilt from the tables.
    const newOwner = apps.pop() as App;
    await newOwner.close();
    await expect.poll(() => ownerChains.broadcastsHere('ltc'), { timeout: 10_000 }).toBe(true);
    expect(heightsOf(owner)).toEqual(await tableHeights());
    ownerChains.stop();
    const faucetAgain = await faucetOn(owner, gus.email, 'LTC', '0.5');
    expect(faucetAgain.statusCode, faucetAgain.body).toBe(200);
    await mine(owner, 'ltc', 6);
    expect((await depositsOf(gus, 'ltc')).map((row) => row.status)).toEqual(['credited']);
    expect((await balanceOf(owner, gus, 'ltc')).balance).toBe('0.5');
  }, 60_000);
});

describe('a send held on a process that does not run the devnet', () => {
  it('is broadcast by the owner within a couple of seconds, not at its next reconcile', async () => {
    const owner = await openApp('owner');
    const hana = await createWalletCustomer(owner);
    await fund(owner, hana, 'btc', '1');
    const reader = await openApp('reader');
    owner.app.services.wallets.heldSends.follow(HELD_SEND_POLL_MS);
    const asked = await sendBtcOut(reader, hana, '0.1');
    expect(asked.statusCode, asked.body).toBe(200);
    const sendId = (asked.json().data as WalletTransaction).id;
    // Approved a moment ago (the clock stands still): left to its own request, so that no broadcast is
    // notified before the request's own steps. Two looks pass, and it is still held.
    await new Promise((resolve) => setTimeout(resolve, 2.5 * HELD_SEND_POLL_MS));
    expect(await sendStatus(sendId)).toBe('held');
    clock.advance(HELD_SEND_GRACE_MS + 1);
    // No block is mined meanwhile, so no reconcile runs (one runs every ten blocks): only the owner's
    // look for held sends can broadcast it. How soon is not timed here (a busy machine would make a
    // bound flaky); ADR 0083 gives the figure measured.
    await expect.poll(() => sendStatus(sendId), { timeout: 20_000, interval: 50 }).toBe('broadcast');
    await mine(owner, 'btc', 2);
    expect(await sendStatus(sendId)).toBe('posted');
  });
});

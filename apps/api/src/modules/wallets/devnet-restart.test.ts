// The devnet's chain state in PostgreSQL (ADR 0048), on the real app and real PostgreSQL: a second
// app on the same database, opened after the first one stopped (or died mid-block), finds the chains
// as they were; a deposit seen before the restart is credited once after it, a send broadcast before
// it is mined and settled once after it, and the ledger invariants hold throughout.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { ChainId, NetworkId } from '@rora/chains';
import type { WalletTransaction } from '@rora/contracts';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { assertLedgerInvariants } from '@rora/ledger';
import { buildApp } from '../../app.ts';
import { ManualClock } from '../../lib/clock.ts';
import { loadTestConfig, type TestApp } from '../../testing/test-app.ts';
import { seedAssetCatalogue } from '../prices/index.ts';
import {
  EXTERNAL_BTC,
  balanceOf,
  createWalletCustomer,
  fund,
  mine,
  sendBtcOut,
  sendDeposit,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';

const CHAINS: readonly ChainId[] = ['btc', 'ltc', 'eth', 'bsc', 'xrp', 'sol'];

let database: TestDatabase;
const clock = new ManualClock(new Date());
const config = loadTestConfig({ TREASURY_SWEEPS: 'off' });
let running: TestApp | undefined;

/** The app on the shared database, its devnet restored from PostgreSQL and written there. */
async function startApp(): Promise<TestApp> {
  const app = await buildApp({ config, database, clock });
  expect(await app.services.chains.open()).toBe('owner');
  running = {
    app,
    database,
    clock,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return (app.server.address() as AddressInfo).port;
    },
    close: () => app.close(),
  };
  return running;
}

async function stopApp(): Promise<void> {
  await running?.close();
  running = undefined;
}

/** What the chains hold that the customer and the books depend on. */
async function chainView(t: TestApp, addresses: Partial<Record<NetworkId, string[]>>) {
  const devnet = t.app.services.chains.devnet;
  const heights = Object.fromEntries(CHAINS.map((chain) => [chain, devnet.chain(chain).height]));
  const balances: Record<string, string> = {};
  for (const [network, list] of Object.entries(addresses) as [NetworkId, string[]][]) {
    const hot = devnet.signer.addressFor(network);
    for (const address of [hot, ...list])
      balances[`${network}:${address}`] = String(devnet.balanceOf(network, address));
  }
  return { heights, balances };
}

async function depositRows(txid: string) {
  const { rows } = await database.db.execute<{ status: string; n: number }>(
    sql`SELECT status, (count(*) OVER ())::int AS n FROM chain_deposits WHERE txid = ${txid}`,
  );
  return rows;
}

async function sendRow(id: string) {
  const { rows } = await database.db.execute<{ status: string; txid: string }>(
    sql`SELECT status, txid FROM wallet_sends WHERE id = ${id}`,
  );
  return rows[0];
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedAssetCatalogue(database);
});
afterEach(async () => {
  await stopApp();
  await assertLedgerInvariants(database.db);
});
afterAll(async () => {
  await stopApp();
  await database.destroy();
});

describe('the devnet across a restart', () => {
  let alice: WalletCustomer;

  it('comes back as it was, and credits a deposit and settles a send made before the restart once', async () => {
    let t = await startApp();
    alice = await createWalletCustomer(t);
    await fund(t, alice, 'btc', '1');
    const pendingDeposit = await sendDeposit(t, alice, 'eth', '2');
    await mine(t, 'eth', 1);
    const response = await sendBtcOut(t, alice, '0.25');
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json().data as WalletTransaction;
    const watched = { btc: [alice.wallet('btc').address, EXTERNAL_BTC], eth: [alice.wallet('eth').address] };
    const before = await chainView(t, watched);
    const sentBefore = await t.app.services.chains.adapter('btc').getTransaction(sent.txid!);
    const walletBefore = await balanceOf(t, alice, 'btc');
    await stopApp();

    t = await startApp();
    expect(await chainView(t, watched)).toEqual(before);
    expect(await t.app.services.chains.adapter('btc').getTransaction(sent.txid!)).toEqual(sentBefore);
    expect(await balanceOf(t, alice, 'btc')).toEqual(walletBefore);

    await mine(t, 'eth', 12);
    expect(await depositRows(pendingDeposit.txid)).toEqual([{ status: 'credited', n: 1 }]);
    expect((await balanceOf(t, alice, 'eth')).balance).toBe('2');
    await mine(t, 'btc', 2);
    expect(await sendRow(sent.id)).toEqual({ status: 'posted', txid: sent.txid });
    const btc = await balanceOf(t, alice, 'btc');
    expect(btc.held).toBe('0');
    expect(t.app.services.chains.devnet.balanceOf('btc', EXTERNAL_BTC)).toBe(25_000_000n);
  });

  it('mines again, after a death mid-block, the block it never wrote, and credits its deposit once', async () => {
    let t = await startApp();
    const deposit = await sendDeposit(t, alice, 'ltc', '3');
    const height = t.app.services.chains.devnet.chain('ltc').height;
    // The database refuses the devnet's writes, and the process dies: the blocks were mined in memory
    // and never written.
    await database.db.execute(sql`
      CREATE FUNCTION test_refuse_devnet_block() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the database is gone'; END $$`);
    await database.db.execute(sql`
      CREATE TRIGGER test_refuse_devnet_block BEFORE INSERT ON devnet_blocks
        FOR EACH ROW EXECUTE FUNCTION test_refuse_devnet_block()`);
    t.app.services.chains.devnet.mineBlocks('ltc', 4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await depositRows(deposit.txid)).toEqual([{ status: 'pending', n: 1 }]);
    await stopApp();
    await database.db.execute(sql`DROP TRIGGER test_refuse_devnet_block ON devnet_blocks`);
    await database.db.execute(sql`DROP FUNCTION test_refuse_devnet_block()`);

    t = await startApp();
    expect(t.app.services.chains.devnet.chain('ltc').height).toBe(height);
    expect((await t.app.services.chains.adapter('ltc').getTransaction(deposit.txid))?.status).toBe('pending');
    await mine(t, 'ltc', 4);
    expect(await depositRows(deposit.txid)).toEqual([{ status: 'credited', n: 1 }]);
    expect((await balanceOf(t, alice, 'ltc')).balance).toBe('3');
  });

  it('takes the devnet lock again after its connection was ended, and goes on writing without a restart', async () => {
    const t = await startApp();
    const deposit = await sendDeposit(t, alice, 'btc', '0.5');
    await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = 96
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    // The next block's write fails on the dead connection, takes the lock again and is written.
    await mine(t, 'btc', 4);
    expect(await depositRows(deposit.txid)).toEqual([{ status: 'credited', n: 1 }]);
    const { rows } = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = 96 AND granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('lets one process run the devnet: a second one on the database reads it and does not mine', async () => {
    const owner = await startApp();
    const reader = await buildApp({ config, database, clock });
    try {
      expect(await reader.services.chains.open()).toBe('reader');
      expect(reader.services.chains.devnet.chain('ltc').height).toBe(
        owner.app.services.chains.devnet.chain('ltc').height,
      );
      reader.services.chains.start();
      expect(reader.services.chains.devnet.running).toBe(false);

      // A send asked of the reader is held there, and the owner's reconcile broadcasts and settles it.
      const bob = await createWalletCustomer(owner);
      await fund(owner, bob, 'btc', '1');
      const paidBefore = owner.app.services.chains.devnet.balanceOf('btc', EXTERNAL_BTC);
      const onReader = { ...owner, app: reader };
      const asked = await sendBtcOut(onReader, bob, '0.1');
      expect(asked.statusCode, asked.body).toBe(200);
      const sendId = (asked.json().data as WalletTransaction).id;
      expect((await sendRow(sendId))?.status).toBe('held');
      expect(reader.services.chains.devnet.balanceOf('btc', EXTERNAL_BTC)).toBe(paidBefore);
      await owner.app.services.wallets.handlers.reconcile('btc');
      expect((await sendRow(sendId))?.status).toBe('broadcast');
      await mine(owner, 'btc', 2);
      expect((await sendRow(sendId))?.status).toBe('posted');
      expect(owner.app.services.chains.devnet.balanceOf('btc', EXTERNAL_BTC)).toBe(paidBefore + 10_000_000n);

      owner.app.services.chains.start();
      expect(owner.app.services.chains.devnet.running).toBe(true);
    } finally {
      await reader.close();
    }
  });

  it('refuses a faucet deposit or a block asked of a process that only reads the devnet', async () => {
    const owner = await startApp();
    const reader = await buildApp({ config, database, clock });
    try {
      expect(await reader.services.chains.open()).toBe('reader');
      const carol = await createWalletCustomer(owner);
      const ltcHeight = reader.services.chains.devnet.chain('ltc').height;
      // Its copy would hold the deposit in memory alone: never written, mined or credited, while
      // the reader's watcher had already recorded it as a pending deposit for good.
      const faucet = await reader.inject({
        method: 'POST',
        url: '/api/v1/dev/faucet',
        payload: { email: carol.email, asset: 'LTC', amount: '1' },
      });
      expect(faucet.statusCode, faucet.body).toBe(409);
      expect(faucet.json().error.code).toBe('devnet_is_run_by_another_process');
      const mined = await reader.inject({
        method: 'POST',
        url: '/api/v1/dev/mine',
        payload: { network: 'ltc', blocks: 3 },
      });
      expect(mined.statusCode, mined.body).toBe(409);
      expect(mined.json().error.code).toBe('devnet_is_run_by_another_process');
      expect(reader.services.chains.devnet.chain('ltc').height).toBe(ltcHeight);
      const { rows } = await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM chain_deposits WHERE user_id = ${carol.userId}`,
      );
      expect(rows[0]?.n).toBe(0);

      // The process that runs the devnet still answers both.
      const onOwner = await owner.app.inject({
        method: 'POST',
        url: '/api/v1/dev/faucet',
        payload: { email: carol.email, asset: 'LTC', amount: '1' },
      });
      expect(onOwner.statusCode, onOwner.body).toBe(200);
    } finally {
      await reader.close();
    }
  });
});

// Deposits on a real litecoind in regtest, through the real app and PostgreSQL: found by the deposit
// scanner, credited once at 4 confirmations; a reorganisation before the credit takes the deposit
// back to pending (and it counts again when mined again); one after the credit holds the amount and
// raises an operator alert, once. The ledger invariants hold after each test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { regtestAvailable, startRegtestNode, type RegtestNode } from '@rora/chains/testing';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { call, createWalletCustomer, type WalletCustomer } from '../wallets/testing/wallet-fixtures.ts';
import { createChainCursorsRepository } from './chain-cursors.repository.ts';
import { createDepositScanner, type ScannedChainHandlers } from './deposit-scanner.ts';
import { balances, createRegtestApp, depositRow, mineEmpty, scan } from './testing/regtest-app.ts';

class Crash extends Error {}

/** A scanner that dies at one step of block `height`, as a killed process would (its state is the database). */
function crashingScanner(t: TestApp, height: number, at: 'before recording' | 'before the cursor moves') {
  const cursors = createChainCursorsRepository(t.database.db);
  const handlers: ScannedChainHandlers = t.app.services.wallets.scanned;
  return createDepositScanner({
    networks: t.app.services.chains.scanned,
    clock: t.clock,
    log: { error: () => undefined },
    cursors: {
      ...cursors,
      advance: (chain, from, block, now) =>
        at === 'before the cursor moves' && block.height === height
          ? Promise.reject(new Crash())
          : cursors.advance(chain, from, block, now),
    },
    handlers: {
      ...handlers,
      block: (network, block) =>
        at === 'before recording' && block.height === height
          ? Promise.reject(new Crash())
          : handlers.block(network, block),
    },
  });
}

describe.skipIf(!regtestAvailable('litecoin-deposits'))('Litecoin deposits on regtest', () => {
  let node: RegtestNode;
  let t: TestApp;
  let alice: WalletCustomer;

  beforeAll(async () => {
    node = await startRegtestNode();
  });
  afterAll(async () => node?.stop());

  beforeAll(async () => {
    t = await createRegtestApp(node);
    alice = await createWalletCustomer(t);
    await scan(t); // the cursor starts at the node's tip
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(async () => t?.close());

  it('hands out regtest addresses from the configured key', () => {
    expect(alice.wallet('ltc').address).toMatch(/^rltc1q/);
  });

  it('refuses the devnet faucet and mining on a network read through a node', async () => {
    const mined = await call(t, null, 'POST /dev/mine', { network: 'ltc', blocks: 1 });
    expect(mined.statusCode).toBe(422);
    expect(mined.json().error.code).toBe('network_is_unknown');
    const btc = await call(t, null, 'POST /dev/mine', { network: 'btc', blocks: 1 });
    expect(btc.statusCode, btc.body).toBe(200);
  });

  it('credits a deposit once, after its fourth confirmation', async () => {
    const txid = await node.miner.send(alice.wallet('ltc').address, '2.5');
    await node.mine(1);
    expect((await scan(t)).blocks).toBe(1);
    expect(await depositRow(t, txid)).toEqual([expect.objectContaining({ status: 'confirming', confirmations: 1 })]);
    await node.mine(2);
    await scan(t);
    expect((await balances(t, alice.userId)).available).toBe(0n);
    await node.mine(1);
    await scan(t);
    expect(await depositRow(t, txid)).toEqual([expect.objectContaining({ status: 'credited', confirmations: 4 })]);
    expect((await balances(t, alice.userId)).available).toBe(250_000_000n);
    // More blocks and passes (and a pass racing another) change nothing.
    await node.mine(3);
    await Promise.all([
      scan(t),
      scan(t),
      t.app.services.wallets.scanned.confirm('ltc', await node.rpc.call('getblockcount')),
    ]);
    expect((await balances(t, alice.userId)).available).toBe(250_000_000n);
    const { rows } = await t.database.db.execute<{ count: string }>(
      sql`SELECT count(*)::text FROM ledger_transfers WHERE code = 'deposit' AND metadata->>'txid' = ${txid}`,
    );
    expect(rows[0]?.count).toBe('1');
  });

  it('takes a deposit whose block a reorganisation removed back to pending, never crediting it', async () => {
    const before = (await balances(t, alice.userId)).available;
    const txid = await node.miner.send(alice.wallet('ltc').address, '0.75');
    const [block] = await node.mine(2);
    await scan(t);
    expect(await depositRow(t, txid)).toEqual([expect.objectContaining({ status: 'confirming', confirmations: 2 })]);
    // The deposit's block leaves the chain, which is now shorter than the scanner's cursor.
    await node.rpc.call('invalidateblock', [block]);
    const pass = await scan(t);
    expect(pass.reorganizations).toBe(1);
    const unconfirmed = expect.objectContaining({ status: 'pending', confirmations: 0, block_hash: null });
    expect(await depositRow(t, txid)).toEqual([unconfirmed]);
    // A longer branch without the transaction: still not confirmed.
    await mineEmpty(node, 4);
    expect((await scan(t)).reorganizations).toBe(0);
    expect(await depositRow(t, txid)).toEqual([unconfirmed]);
    expect((await balances(t, alice.userId)).available).toBe(before);
    // Mined again in the new branch: counted from its new block, and credited there once.
    await node.mine(4);
    await scan(t);
    expect(await depositRow(t, txid)).toEqual([expect.objectContaining({ status: 'credited', confirmations: 4 })]);
    expect((await balances(t, alice.userId)).available).toBe(before + 75_000_000n);
  });

  it('holds a credited deposit whose block left the chain, and raises one operator alert', async () => {
    const before = await balances(t, alice.userId);
    const txid = await node.miner.send(alice.wallet('ltc').address, '1.2');
    const [block] = await node.mine(4);
    await scan(t);
    expect(await depositRow(t, txid)).toEqual([expect.objectContaining({ status: 'credited' })]);
    await node.rpc.call('invalidateblock', [block]);
    // The winning branch leaves the transaction out (abandoning it in the payer's wallet, where allowed).
    await node.rpc.call('abandontransaction', [txid], 'miner').catch(() => undefined);
    await mineEmpty(node, 5);
    await scan(t);
    const after = await balances(t, alice.userId);
    expect(after.held - before.held).toBe(120_000_000n);
    expect(after.available).toBe(before.available);
    const alerts = async () =>
      (
        await t.database.db.execute<{ kind: string; held: string; shortfall: string }>(
          sql`SELECT kind, details->>'held' AS held, details->>'shortfall' AS shortfall FROM operator_alerts`,
        )
      ).rows;
    expect(await alerts()).toEqual([{ kind: 'deposit_reorganized_after_credit', held: '120000000', shortfall: '0' }]);
    await node.mine(1);
    await scan(t);
    expect(await alerts()).toHaveLength(1);
    expect((await balances(t, alice.userId)).held).toBe(after.held);
  });

  it('resumes after a crash between blocks: no deposit missed, none credited twice', async () => {
    const before = (await balances(t, alice.userId)).available;
    const start = await node.rpc.call<number>('getblockcount');
    const txids: string[] = [];
    for (const amount of ['0.1', '0.2', '0.3', '0.4']) {
      txids.push(await node.miner.send(alice.wallet('ltc').address, amount));
      await node.mine(1);
    }
    await node.mine(3);
    // Dies after recording block start+2's deposit, before its cursor moves; then before recording start+3.
    await expect(crashingScanner(t, start + 2, 'before the cursor moves').scan('ltc')).rejects.toThrow(Crash);
    await expect(crashingScanner(t, start + 3, 'before recording').scan('ltc')).rejects.toThrow(Crash);
    expect((await depositRow(t, txids[3] as string)).length).toBe(0);
    // The restarted process's scanner: resumes from the cursor.
    const pass = await scan(t);
    expect(pass.height).toBe(start + 7);
    for (const txid of txids)
      expect(await depositRow(t, txid)).toEqual([expect.objectContaining({ status: 'credited' })]);
    expect((await balances(t, alice.userId)).available - before).toBe(100_000_000n);
    const { rows } = await t.database.db.execute<{ count: string }>(
      sql`SELECT count(*)::text FROM ledger_transfers WHERE code = 'deposit' AND metadata->>'txid' IN ${txids}`,
    );
    expect(rows[0]?.count).toBe('4');
  });
});

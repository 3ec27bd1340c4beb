// Sends on a real litecoind in regtest, through the real app and PostgreSQL: a withdrawal is built,
// signed, broadcast and mined, the network fee the node charged is recorded, and it is posted after
// its confirmations. A broadcast lost between signing and the node's answer (before the node saw it,
// or after) is retried with the same signed bytes: one transaction, one txid. Ledger invariants hold.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { coinsToMinor } from '@rora/chains';
import { regtestAvailable, startRegtestNode, type RegtestNode } from '@rora/chains/testing';
import type { WalletTransaction } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { TEST_PIN, createWalletCustomer, post, type WalletCustomer } from '../wallets/testing/wallet-fixtures.ts';
import { balances, ltcAdapter, scan } from './testing/regtest-app.ts';
import { regtestEnv } from './testing/regtest-app.ts';
import { createWalletTestApp } from '../wallets/testing/wallet-fixtures.ts';
import { startRpcProxy, type RpcProxy } from './testing/rpc-proxy.ts';

describe.skipIf(!regtestAvailable('litecoin-sends'))('Litecoin sends on regtest', () => {
  let node: RegtestNode;
  let proxy: RpcProxy;
  let t: TestApp;
  let alice: WalletCustomer;

  beforeAll(async () => {
    node = await startRegtestNode();
    proxy = await startRpcProxy(node.url);
    t = await createWalletTestApp({ env: { ...regtestEnv(node), CHAINS_LTC_RPC_URL: proxy.url } });
    alice = await createWalletCustomer(t);
    await scan(t);
    await node.miner.send(alice.wallet('ltc').address, '3');
    await node.mine(4);
    await scan(t);
    // The hot wallet: watched first, then funded with two coins.
    const adapter = ltcAdapter(t);
    await adapter.prepare();
    await node.miner.send(adapter.hotWalletAddress(), '4');
    await node.miner.send(adapter.hotWalletAddress(), '4');
    await node.mine(1);
    await scan(t);
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await node?.stop();
  });

  const sendRow = async (id: string) =>
    (
      await t.database.db.execute<{ status: string; txid: string | null; fee: string; network_fee: string | null }>(
        sql`SELECT status, txid, fee::text, network_fee::text FROM wallet_sends WHERE id = ${id}`,
      )
    ).rows[0];

  const send = async (amount: string) => {
    const to = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const body = { walletId: alice.wallet('ltc').id, address: to, amount, pin: TEST_PIN, priority: 'normal' };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    return { to, sent: response.json().data as WalletTransaction };
  };

  it('broadcasts a send, records the fee the node charged, and posts it after 4 confirmations', async () => {
    const before = await balances(t, alice.userId);
    const { to, sent } = await send('1');
    const row = await sendRow(sent.id);
    expect(row).toMatchObject({ status: 'broadcast' });
    // Signed by the signer's service in this process (CHAINS_LTC_HOT_KEY, ADR 0041), and recorded.
    const signed = await t.database.db.execute<{ txid: string }>(
      sql`SELECT txid FROM signer.signatures WHERE id = ${sent.id}`,
    );
    expect(signed.rows).toEqual([{ txid: row?.txid }]);
    const entry = await node.rpc.call<{ fees: { base: number } }>('getmempoolentry', [row?.txid]);
    expect(row?.network_fee).toBe(String(coinsToMinor(entry.fees.base)));
    await node.mine(3);
    await scan(t);
    expect((await sendRow(sent.id))?.status).toBe('broadcast');
    await node.mine(1);
    await scan(t);
    expect((await sendRow(sent.id))?.status).toBe('posted');
    const after = await balances(t, alice.userId);
    expect(before.available - after.available).toBe(100_000_000n + BigInt(row?.fee ?? 0));
    expect(after.held).toBe(before.held);
    const received = await node.rpc.call<{ amount: number; details: { address: string }[] }>(
      'gettransaction',
      [row?.txid],
      'miner',
    );
    expect(coinsToMinor(received.amount)).toBe(100_000_000n);
    expect(received.details[0]?.address).toBe(to);
  });

  for (const mode of ['before', 'after'] as const) {
    it(`sends the same transaction again when a broadcast is lost ${mode} the node saw it`, async () => {
      proxy.loseNext('sendrawtransaction', mode);
      const { sent } = await send('0.1');
      expect((await sendRow(sent.id))?.status).toBe('held');
      const stored = await t.database.db.execute<{ txid: string }>(
        sql`SELECT txid FROM chain_broadcasts WHERE id = ${sent.id}`,
      );
      expect(stored.rows).toHaveLength(1);
      const txid = stored.rows[0]?.txid;
      // The next pass retries the held send under its id: the stored bytes, the same txid.
      await scan(t);
      expect(await sendRow(sent.id)).toMatchObject({ status: 'broadcast', txid });
      expect(await node.rpc.call<string[]>('getrawmempool')).toContain(txid);
      await node.mine(4);
      await scan(t);
      expect((await sendRow(sent.id))?.status).toBe('posted');
    });
  }
});

// A node that fails, through the real app, PostgreSQL and a real litecoind in regtest behind a proxy
// that can drop or garble every call (ADR 0044): GET /health shows Litecoin degraded with the reason
// and still answers 200, the rest of the product keeps serving, a send made meanwhile waits (held,
// nothing signed) and goes out by itself after the first good pass. Ledger invariants hold.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { regtestAvailable, startRegtestNode, type RegtestNode } from '@rora/chains/testing';
import type { WalletTransaction } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { TEST_PIN, call, createWalletCustomer, post, type WalletCustomer } from '../wallets/testing/wallet-fixtures.ts';
import { createWalletTestApp } from '../wallets/testing/wallet-fixtures.ts';
import { ltcAdapter, regtestEnv, scan } from './testing/regtest-app.ts';
import { startRpcProxy, type RpcProxy } from './testing/rpc-proxy.ts';

describe.skipIf(!regtestAvailable('chain-health'))('a degraded Litecoin node', () => {
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
    const adapter = ltcAdapter(t);
    await adapter.prepare();
    await node.miner.send(adapter.hotWalletAddress(), '4');
    await node.mine(1);
    await scan(t);
  });
  afterEach(async () => {
    proxy.failAll(null);
    await assertLedgerInvariants(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await node?.stop();
  });

  const litecoin = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; chains: { chain: string; state: string; reason: string }[] };
    expect(body.status).toBe('ok');
    return body.chains.find((chain) => chain.chain === 'ltc');
  };

  it('is ok while the node answers, with the height read and the tip', async () => {
    const tip = await node.rpc.call<number>('getblockcount');
    expect(await litecoin()).toMatchObject({ source: 'node', state: 'ok', reason: null, height: tip, tip });
  });

  it.each([
    ['unreachable', 'node_unreachable'],
    ['malformed', 'node_answer_malformed'],
  ] as const)('shows %s as %s; a send waits, then goes out by itself', async (mode, reason) => {
    proxy.failAll(mode);
    await expect(scan(t)).rejects.toThrow();
    expect(await litecoin()).toMatchObject({ state: 'degraded', reason });
    // The product keeps serving: the wallets answer, the other chains are ok.
    expect((await call(t, alice, 'GET /wallet')).statusCode).toBe(200);
    const to = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const body = { walletId: alice.wallet('ltc').id, address: to, amount: '0.1', pin: TEST_PIN, priority: 'normal' };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json().data as WalletTransaction;
    expect(sent).toMatchObject({ status: 'pending', stage: 'held', waitingReason: 'chain_degraded' });
    const signed = await t.database.db.execute(sql`SELECT 1 FROM chain_broadcasts WHERE id = ${sent.id}`);
    expect(signed.rows).toHaveLength(0);

    proxy.failAll(null);
    await scan(t);
    expect(await litecoin()).toMatchObject({ state: 'ok', reason: null });
    const { rows } = await t.database.db.execute<{ status: string; txid: string }>(
      sql`SELECT status, txid FROM wallet_sends WHERE id = ${sent.id}`,
    );
    expect(rows[0]?.status).toBe('broadcast');
    expect(await node.rpc.call<string[]>('getrawmempool')).toContain(rows[0]?.txid);
    await node.mine(4);
    await scan(t);
  });
});

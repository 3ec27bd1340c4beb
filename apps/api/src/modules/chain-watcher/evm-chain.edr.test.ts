// Ethereum and an ERC-20 on a real EVM node (Hardhat's EDR) through the real app and PostgreSQL:
// deposits of ETH and USDT found by the deposit scanner and credited once at 12 confirmations; a
// reorganisation (evm_snapshot / evm_revert) before the credit takes a deposit back to pending, one
// after it holds the amount and raises one operator alert; a withdrawal signed, broadcast and mined,
// the gas it paid recorded; 50 withdrawals racing from two processes' adapters get distinct nonces
// from PostgreSQL, and each is paid once. The ledger invariants hold after each test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEVNET_DEPOSIT_CONFIGS, NETWORKS, createEvmRpcAdapters } from '@rora/chains';
import { EDR_CHAIN_ID, EDR_HOT_KEY, edrAvailable, startEdrNode, type EdrNode } from '@rora/chains/testing';
import type { WalletTransaction } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { systemClock } from '../../lib/clock.ts';
import {
  TEST_PIN,
  createWalletCustomer,
  createWalletTestApp,
  post,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';
import { createBroadcastStore } from './broadcasts.repository.ts';
import { startRpcProxy, type RpcProxy } from './testing/rpc-proxy.ts';
import { available, depositsOf, edrEnv, evmAdapter, scanEth } from './testing/edr-app.ts';

const ETH = 10n ** 18n;
const RECIPIENT = '0x2222222222222222222222222222222222222222';

describe.skipIf(!edrAvailable('evm-chain'))('Ethereum and an ERC-20 on an EDR node', () => {
  let node: EdrNode;
  let t: TestApp;
  let alice: WalletCustomer;
  let usdt: string;
  let proxy: RpcProxy;

  beforeAll(async () => {
    node = await startEdrNode();
    proxy = await startRpcProxy(node.url);
    usdt = await node.deployToken('USDT', 6, 10n ** 15n);
    t = await createWalletTestApp({ env: { ...edrEnv(node, usdt), CHAINS_ETH_RPC_URL: proxy.url } });
    alice = await createWalletCustomer(t);
    await scanEth(t); // the cursor starts at the node's tip
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await node?.stop();
  });

  const alerts = async () =>
    (
      await t.database.db.execute<{ kind: string; held: string }>(
        sql`SELECT kind, details->>'held' AS held FROM operator_alerts ORDER BY raised_at`,
      )
    ).rows;

  it('shows the customer the token contract this node uses, not mainnet’s', async () => {
    expect(alice.wallet('usdt-erc20').network.tokenContract).toBe(usdt);
    expect(alice.wallet('eth').network.tokenContract).toBeNull();
    // No BUSD contract is configured for this chain, so BUSD stays on the devnet, which plays
    // mainnet: it shows mainnet's contract.
    expect(alice.wallet('busd-erc20').network.tokenContract).toBe(NETWORKS['busd-erc20'].token?.contract);
  });

  it('credits ETH and USDT deposits once, after their 12th confirmation', async () => {
    expect(alice.wallet('usdt-erc20').address).toBe(alice.wallet('eth').address);
    const paid = await node.send({ to: alice.wallet('eth').address, value: 3n * ETH });
    const tokens = await node.sendToken(usdt, alice.wallet('usdt-erc20').address, 250_000_000n);
    expect((await scanEth(t)).blocks).toBe(2);
    expect(await depositsOf(t, paid)).toEqual([expect.objectContaining({ network: 'eth', status: 'confirming' })]);
    await node.mine(9);
    await scanEth(t);
    expect((await available(t, alice.userId, 'ETH')).available).toBe(0n);
    expect(await depositsOf(t, paid)).toEqual([expect.objectContaining({ status: 'confirming', confirmations: 11 })]);
    await node.mine(1);
    await Promise.all([scanEth(t), scanEth(t)]);
    expect(await depositsOf(t, paid)).toEqual([expect.objectContaining({ status: 'credited', confirmations: 12 })]);
    expect((await available(t, alice.userId, 'ETH')).available).toBe(3n * ETH);
    expect((await available(t, alice.userId, 'USDT')).available).toBe(0n);
    await node.mine(1);
    await scanEth(t);
    expect(await depositsOf(t, tokens)).toEqual([
      expect.objectContaining({ network: 'usdt-erc20', status: 'credited' }),
    ]);
    expect((await available(t, alice.userId, 'USDT')).available).toBe(250_000_000n);
    await node.mine(3);
    await scanEth(t);
    const { rows } = await t.database.db.execute<{ count: string }>(
      sql`SELECT count(*)::text FROM ledger_transfers WHERE code = 'deposit' AND metadata->>'txid' IN ${[paid, tokens]}`,
    );
    expect(rows[0]?.count).toBe('2');
  });

  it('drops a deposit whose block a reorganisation removed before its credit', async () => {
    const before = await available(t, alice.userId, 'ETH');
    const snapshot = await node.snapshot();
    const paid = await node.send({ to: alice.wallet('eth').address, value: ETH });
    await node.mine(3);
    await scanEth(t);
    expect(await depositsOf(t, paid)).toEqual([expect.objectContaining({ status: 'confirming', confirmations: 4 })]);
    await node.revert(snapshot);
    await node.mine(20);
    expect((await scanEth(t)).reorganizations).toBe(1);
    expect(await depositsOf(t, paid)).toEqual([expect.objectContaining({ status: 'pending', confirmations: 0 })]);
    expect(await available(t, alice.userId, 'ETH')).toEqual(before);
    expect(await alerts()).toEqual([]);
  });

  it('holds a credited deposit whose block left the chain, and raises one operator alert', async () => {
    const before = await available(t, alice.userId, 'ETH');
    const snapshot = await node.snapshot();
    const paid = await node.send({ to: alice.wallet('eth').address, value: ETH / 2n });
    await node.mine(11);
    await scanEth(t);
    expect(await depositsOf(t, paid)).toEqual([expect.objectContaining({ status: 'credited' })]);
    await node.revert(snapshot);
    await node.mine(13);
    expect((await scanEth(t)).reorganizations).toBe(1);
    const after = await available(t, alice.userId, 'ETH');
    expect(after.held - before.held).toBe(ETH / 2n);
    expect(after.available).toBe(before.available);
    expect(await alerts()).toEqual([{ kind: 'deposit_reorganized_after_credit', held: String(ETH / 2n) }]);
    await node.mine(1);
    await scanEth(t);
    expect(await alerts()).toHaveLength(1);
  });

  it('pays a withdrawal and records the gas its transaction paid', async () => {
    const hot = evmAdapter(t).hotWalletAddress();
    await node.setBalance(hot, 10n * ETH);
    const before = await available(t, alice.userId, 'ETH');
    const body = {
      walletId: alice.wallet('eth').id,
      address: RECIPIENT,
      amount: '0.25',
      pin: TEST_PIN,
      priority: 'normal',
    };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json().data as WalletTransaction;
    const row = async () =>
      (
        await t.database.db.execute<{ status: string; txid: string; fee: string; network_fee: string }>(
          sql`SELECT status, txid, fee::text, network_fee::text FROM wallet_sends WHERE id = ${sent.id}`,
        )
      ).rows[0];
    const broadcast = await row();
    expect(broadcast?.status).toBe('broadcast');
    // The hot key in the API signs through the signer's service in this process: the same record.
    const signed = await t.database.db.execute<{ txid: string }>(
      sql`SELECT txid FROM signer.signatures WHERE network = 'eth' AND id = ${sent.id}`,
    );
    expect(signed.rows).toEqual([{ txid: broadcast?.txid }]);
    await node.mine(11);
    await scanEth(t);
    const posted = await row();
    expect(posted?.status).toBe('posted');
    const receipt = await node.call<{ gasUsed: string; effectiveGasPrice: string }>('eth_getTransactionReceipt', [
      posted?.txid,
    ]);
    const paid = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
    expect(posted?.network_fee).toBe(String(paid));
    expect(BigInt(broadcast?.network_fee ?? 0)).toBeGreaterThanOrEqual(paid);
    expect(BigInt(await node.call<string>('eth_getBalance', [RECIPIENT, 'latest']))).toBe(ETH / 4n);
    const after = await available(t, alice.userId, 'ETH');
    expect(before.available - after.available).toBe(ETH / 4n + BigInt(posted?.fee ?? 0));
    expect(after.held).toBe(before.held);
  });

  for (const mode of ['before', 'after'] as const) {
    it(`sends the same transaction again when a broadcast is lost ${mode} the node saw it`, async () => {
      proxy.loseNext('eth_sendRawTransaction', mode);
      const body = {
        walletId: alice.wallet('eth').id,
        address: RECIPIENT,
        amount: '0.01',
        pin: TEST_PIN,
        priority: 'fast',
      };
      const response = await post(t, alice, '/wallet/sendTransaction', body);
      expect(response.statusCode, response.body).toBe(200);
      const id = (response.json().data as WalletTransaction).id;
      const send = async () =>
        (
          await t.database.db.execute<{ status: string; txid: string | null }>(
            sql`SELECT status, txid FROM wallet_sends WHERE id = ${id}`,
          )
        ).rows[0];
      expect((await send())?.status).toBe('held');
      const stored = await t.database.db.execute<{ txid: string }>(
        sql`SELECT txid FROM chain_broadcasts WHERE id = ${id}`,
      );
      const txid = stored.rows[0]?.txid;
      expect(txid).toMatch(/^0x[0-9a-f]{64}$/);
      // The next pass retries the held send under its id: the stored bytes, the same hash.
      await scanEth(t);
      expect(await send()).toEqual({ status: 'broadcast', txid });
      await node.mine(12);
      await scanEth(t);
      expect((await send())?.status).toBe('posted');
      const hot = evmAdapter(t).hotWalletAddress();
      const { rows } = await t.database.db.execute<{ count: string }>(
        sql`SELECT count(*)::text FROM chain_broadcasts WHERE nonce_scope = ${`eth:${hot.toLowerCase()}`}`,
      );
      expect(Number(BigInt(await node.call<string>('eth_getTransactionCount', [hot, 'latest'])))).toBe(
        Number(rows[0]?.count),
      );
    });
  }

  it('gives 50 withdrawals racing in two processes distinct nonces, each paid once', async () => {
    const build = () =>
      createEvmRpcAdapters({
        chain: 'eth',
        chainId: EDR_CHAIN_ID,
        rpc: { url: node.url },
        deposit: DEVNET_DEPOSIT_CONFIGS.eth!,
        hotKey: EDR_HOT_KEY,
        tokens: { 'usdt-erc20': usdt },
        store: createBroadcastStore(t.database.db, systemClock),
      });
    const processes = [build(), build()];
    const hot = evmAdapter(t).hotWalletAddress();
    await node.setBalance(hot, 10n * ETH);
    await node.sendToken(usdt, hot, 1_000_000n);
    const nonceOf = async (tag: string) =>
      Number(BigInt(await node.call<string>('eth_getTransactionCount', [hot, tag])));
    const start = await nonceOf('latest');
    const before = BigInt(await node.call<string>('eth_getBalance', [RECIPIENT, 'latest']));
    const requests = Array.from({ length: 50 }, (_, index) => ({
      network: index % 10 === 0 ? ('usdt-erc20' as const) : ('eth' as const),
      request: { id: `race-${index}`, to: RECIPIENT, amount: 1_000n + BigInt(index), priority: 'fast' as const },
    }));
    // Each request twice, once in each process: a retry racing the first try.
    const results = await Promise.all(
      [...requests, ...requests].map(({ network, request }, index) =>
        processes[index % 2]!.get(network)!.broadcast(request),
      ),
    );
    const txids = new Set(results.map((result) => result.txid));
    expect(txids.size).toBe(50);
    const { rows } = await t.database.db.execute<{ nonce: string }>(
      sql`SELECT nonce::text FROM chain_broadcasts WHERE id LIKE 'race-%' ORDER BY chain_broadcasts.nonce`,
    );
    expect(rows.map((row) => Number(row.nonce))).toEqual(Array.from({ length: 50 }, (_, index) => start + index));
    expect(await nonceOf('latest')).toBe(start + 50);
    const native = requests.filter((entry) => entry.network === 'eth');
    const sum = native.reduce((total, entry) => total + entry.request.amount, 0n);
    expect(BigInt(await node.call<string>('eth_getBalance', [RECIPIENT, 'latest'])) - before).toBe(sum);
  });
});

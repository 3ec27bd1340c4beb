// The Litecoin RPC adapter against a real litecoind in regtest: deposits read from blocks, withdrawals
// built, signed, broadcast and mined with their real fee, exactly once per id, and racing withdrawals
// that never spend one coin twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChainError } from '../errors.ts';
import { createUtxoRpcAdapter, type UtxoRpcAdapter } from './index.ts';
import { coinsToMinor, isNodeError } from './rpc-client.ts';
import { regtestAvailable, startRegtestNode, type RegtestNode } from './testing/regtest-node.ts';
import { REGTEST_HOT_KEY, REGTEST_LTC_XPUB } from './testing/regtest-keys.ts';

describe.skipIf(!regtestAvailable('rpc-adapter'))('Litecoin RPC adapter on regtest', () => {
  let node: RegtestNode;
  let adapter: UtxoRpcAdapter;

  beforeAll(async () => {
    node = await startRegtestNode();
    adapter = createUtxoRpcAdapter({
      chain: 'ltc',
      kind: 'regtest',
      rpc: { url: node.url },
      xpub: REGTEST_LTC_XPUB,
      hotKey: REGTEST_HOT_KEY,
    });
    await adapter.prepare();
    const hot = await fundHotWallet(node, adapter, ['5', '5', '5', '5']);
    expect(hot.startsWith('rltc1q')).toBe(true);
  });
  afterAll(async () => node?.stop());

  it('derives regtest deposit addresses and finds a deposit in its block', async () => {
    const deposit = adapter.deriveAddress(7);
    expect(deposit.address).toMatch(/^rltc1q/);
    expect(deposit.path).toBe("m/84'/2'/0'/0/7");
    const txid = await node.miner.send(deposit.address, '1.23456789');
    const [hash] = await node.mine(1);
    const height = await adapter.getBlockHeight();
    const block = await adapter.scanner.block(height);
    expect(block?.hash).toBe(hash);
    const output = block?.outputs.find((candidate) => candidate.txid === txid && candidate.address === deposit.address);
    expect(output?.amount).toBe(123_456_789n);
    adapter.watchAddress(deposit.address);
    const listed = await adapter.listIncomingTransfers({ fromHeight: height });
    expect(listed).toEqual([
      expect.objectContaining({ txid, amount: 123_456_789n, status: 'confirming', confirmations: 1 }),
    ]);
  });

  it('broadcasts a signed withdrawal once, and the node charges the fee it recorded', async () => {
    const to = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const request = { id: 'withdrawal-1', to, amount: 100_000_000n, priority: 'normal' as const };
    const result = await adapter.broadcast(request);
    const entry = await node.rpc.call<{ fees: { base: number }; vsize: number }>('getmempoolentry', [result.txid]);
    expect(coinsToMinor(entry.fees.base)).toBe(result.fee);
    // The fallback rate (regtest has no estimate) over the size the adapter reserved before signing,
    // which counts each signature at its longest: a shorter one (a DER integer without its padding
    // byte) leaves the signed transaction up to a vbyte smaller than what was paid for.
    expect(result.fee).toBeGreaterThanOrEqual(BigInt(entry.vsize) * 10n);
    expect(result.fee).toBeLessThanOrEqual(BigInt(entry.vsize + 1) * 10n);
    expect(await adapter.broadcast(request)).toEqual(result);
    await expect(adapter.broadcast({ ...request, amount: 2n })).rejects.toMatchObject({
      code: 'broadcast_id_reused_with_different_request',
    });
    expect((await adapter.getTransaction(result.txid))?.status).toBe('pending');
    await node.mine(4);
    const mined = await adapter.getTransaction(result.txid);
    expect(mined).toMatchObject({ status: 'confirmed', confirmations: 4, amount: 100_000_000n, to, fee: result.fee });
    expect(mined?.withdrawalId).toBe('withdrawal-1');
    const received = await node.rpc.call<{ amount: number }>('gettransaction', [result.txid], 'miner');
    expect(coinsToMinor(received.amount)).toBe(100_000_000n);
  });

  it('gives racing withdrawals distinct coins: every one is accepted and mined', async () => {
    const to = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        adapter.broadcast({ id: `race-${index}`, to, amount: 10_000_000n + BigInt(index), priority: 'fast' }),
      ),
    );
    expect(new Set(results.map((result) => result.txid)).size).toBe(12);
    const mempool = await node.rpc.call<string[]>('getrawmempool');
    for (const result of results) expect(mempool).toContain(result.txid);
    await node.mine(4);
    for (const result of results) expect((await adapter.getTransaction(result.txid))?.status).toBe('confirmed');
  });

  it('refuses a withdrawal the hot wallet cannot cover, before anything is signed', async () => {
    const to = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const error = await adapter
      .broadcast({ id: 'too-much', to, amount: 1_000_000_000_000n, priority: 'slow' })
      .catch((e: unknown) => e);
    expect(isChainError(error) && error.code).toBe('hot_wallet_balance_is_insufficient');
    const refused = await adapter
      .broadcast({ id: 'mainnet', to: 'ltc1qg82jvvmtvw8dqvfcwq6e5x9w4ad6wr2vddxy5c', amount: 1n, priority: 'slow' })
      .catch((e: unknown) => e);
    expect(isChainError(refused) && refused.code).toBe('address_is_not_valid_for_network');
  });

  it('reads the balance at any address from the UTXO set: deposit, watch-only cold, empty', async () => {
    const deposit = adapter.deriveAddress(42).address;
    const cold = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const empty = adapter.deriveAddress(43).address;
    await node.miner.send(deposit, '0.5');
    await node.miner.send(deposit, '0.25');
    await node.miner.send(cold, '1.5');
    await node.mine(1);
    const balances = await adapter.balancesOf([deposit, cold, empty]);
    expect([...balances]).toEqual([
      [deposit, 75_000_000n],
      [cold, 150_000_000n],
      [empty, 0n],
    ]);
    const unspent = await node.rpc.call<{ amount: number }[]>(
      'listunspent',
      [0, 9_999_999, [adapter.hotWalletAddress()]],
      'rora-hot',
    );
    const hot = (await adapter.balancesOf([adapter.hotWalletAddress()])).get(adapter.hotWalletAddress());
    expect(hot).toBe(unspent.reduce((total, coin) => total + coinsToMinor(coin.amount), 0n));
  });

  it('reports an unreachable node as a NodeError, never as a refusal by the chain', async () => {
    const offline = createUtxoRpcAdapter({
      chain: 'ltc',
      kind: 'regtest',
      rpc: { url: 'http://u:p@127.0.0.1:9', timeoutMs: 2_000 },
      xpub: REGTEST_LTC_XPUB,
      hotKey: REGTEST_HOT_KEY,
    });
    const error = await offline.getBlockHeight().catch((e: unknown) => e);
    expect(isNodeError(error) && error.kind).toBe('unreachable');
    expect(isChainError(error)).toBe(false);
  });
});

/** Sends coins from the miner to the hot wallet and mines them in; returns the hot wallet address. */
export async function fundHotWallet(
  node: RegtestNode,
  adapter: UtxoRpcAdapter,
  coins: readonly string[],
): Promise<string> {
  const hot = adapter.hotWalletAddress();
  for (const amount of coins) await node.miner.send(hot, amount);
  await node.mine(1);
  return hot;
}

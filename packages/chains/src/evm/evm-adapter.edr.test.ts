// The EVM adapter against a real EVM node (Hardhat's EDR, in this process, over HTTP JSON-RPC): ETH
// and an OpenZeppelin ERC-20 deployed here; deposits read from blocks and Transfer events; withdrawals
// signed, broadcast and mined with their real gas; once per id; racing withdrawals with distinct
// nonces; and blocks rewritten by snapshot/revert seen as a different chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_DEPOSIT_CONFIGS } from '../devnet/dev-keys.ts';
import { isChainError } from '../errors.ts';
import { isNodeError } from '../utxo/rpc-client.ts';
import { createEvmRpcAdapters, type EvmRpcAdapter } from './index.ts';
import { memoryNonceStore, type NoncedBroadcast, type NonceStore } from './nonce-store.ts';
import { EDR_CHAIN_ID, EDR_HOT_KEY, edrAvailable, startEdrNode, type EdrNode } from './testing/edr-node.ts';

const ETH = 10n ** 18n;
const RECIPIENT = '0x1111111111111111111111111111111111111111';

describe.skipIf(!edrAvailable('evm-adapter'))('EVM adapter on an EDR node', () => {
  let node: EdrNode;
  let store: NonceStore;
  let eth: EvmRpcAdapter;
  let usdt: EvmRpcAdapter;
  let token: string;

  const balance = async (address: string) => BigInt(await node.call<string>('eth_getBalance', [address, 'latest']));

  beforeAll(async () => {
    node = await startEdrNode();
    token = await node.deployToken('USDT', 6, 10n ** 15n);
    store = memoryNonceStore();
    const adapters = createEvmRpcAdapters({
      chain: 'eth',
      chainId: EDR_CHAIN_ID,
      rpc: { url: node.url },
      deposit: DEVNET_DEPOSIT_CONFIGS.eth!,
      hotKey: EDR_HOT_KEY,
      tokens: { 'usdt-erc20': token },
      store,
    });
    eth = adapters.get('eth')!;
    usdt = adapters.get('usdt-erc20')!;
    await node.setBalance(eth.hotWalletAddress(), 100n * ETH);
    await node.sendToken(token, eth.hotWalletAddress(), 1_000_000_000n);
  });
  afterAll(async () => node?.stop());

  it('finds native and token deposits in their block', async () => {
    const deposit = eth.deriveAddress(3);
    expect(usdt.deriveAddress(3).address).toBe(deposit.address);
    const paid = await node.send({ to: deposit.address, value: 2n * ETH });
    const tokens = await node.sendToken(token, deposit.address, 12_345_678n);
    const height = await eth.getBlockHeight();
    const block = await eth.scanner.block(height);
    expect(block?.outputs).toEqual([
      expect.objectContaining({ network: 'usdt-erc20', txid: tokens, address: deposit.address, amount: 12_345_678n }),
    ]);
    const earlier = await eth.scanner.block(height - 1);
    expect(earlier?.outputs).toEqual([
      expect.objectContaining({
        network: 'eth',
        txid: paid,
        outputIndex: 0,
        address: deposit.address,
        amount: 2n * ETH,
      }),
    ]);
    expect(block?.previousHash).toBe(earlier?.hash);
    usdt.watchAddress(deposit.address);
    const listed = await usdt.listIncomingTransfers({ fromHeight: height - 1 });
    expect(listed).toEqual([expect.objectContaining({ txid: tokens, amount: 12_345_678n, confirmations: 1 })]);
  });

  it('pays a withdrawal once and reports the gas it paid', async () => {
    const hot = eth.hotWalletAddress();
    const before = await balance(hot);
    const request = { id: 'w-1', to: RECIPIENT, amount: ETH / 10n, priority: 'normal' as const };
    const result = await eth.broadcast(request);
    expect(await eth.broadcast(request)).toEqual(result);
    await expect(eth.broadcast({ ...request, amount: 1n })).rejects.toMatchObject({
      code: 'broadcast_id_reused_with_different_request',
    });
    await node.mine(11);
    const mined = await eth.getTransaction(result.txid);
    const receipt = await node.call<{ gasUsed: string; effectiveGasPrice: string }>('eth_getTransactionReceipt', [
      result.txid,
    ]);
    const paid = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
    expect(mined).toMatchObject({ status: 'confirmed', confirmations: 12, amount: ETH / 10n, fee: paid });
    expect(mined?.withdrawalId).toBe('w-1');
    expect(paid).toBeLessThanOrEqual(result.fee);
    expect(before - (await balance(hot))).toBe(ETH / 10n + paid);
    expect(await balance(RECIPIENT)).toBe(ETH / 10n);
  });

  it('pays a token withdrawal, its gas in ETH', async () => {
    const result = await usdt.broadcast({ id: 't-1', to: RECIPIENT, amount: 5_000_000n, priority: 'fast' });
    const mined = await usdt.getTransaction(result.txid);
    expect(mined).toMatchObject({ status: 'confirming', to: RECIPIENT, amount: 5_000_000n, feeAsset: 'ETH' });
    expect(mined?.fee).toBeGreaterThan(0n);
    const word = await node.call<string>('eth_call', [
      { to: token, data: `0x70a08231${RECIPIENT.slice(2).padStart(64, '0')}` },
      'latest',
    ]);
    expect(BigInt(word)).toBe(5_000_000n);
  });

  it('refuses what the hot wallet cannot pay, and bad addresses, before signing', async () => {
    const error = await usdt
      .broadcast({ id: 't-big', to: RECIPIENT, amount: 10n ** 12n, priority: 'slow' })
      .catch((e: unknown) => e);
    expect(isChainError(error) && error.code).toBe('hot_wallet_balance_is_insufficient');
    const typo = await eth
      .broadcast({ id: 'typo', to: '0x52908400098527886E0F7030069857D2E4169Ee7', amount: 1n, priority: 'slow' })
      .catch((e: unknown) => e);
    expect(isChainError(typo) && typo.code).toBe('address_checksum_is_invalid');
    expect(await store.find('usdt-erc20', 't-big')).toBeNull();
  });

  it('gives 50 racing withdrawals distinct nonces, and every one is mined', async () => {
    const hot = eth.hotWalletAddress();
    const start = Number(BigInt(await node.call<string>('eth_getTransactionCount', [hot, 'latest'])));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 5 === 0 ? usdt : eth).broadcast({
          id: `race-${index}`,
          to: RECIPIENT,
          amount: 1_000n + BigInt(index),
          priority: 'normal',
        }),
      ),
    );
    expect(new Set(results.map((result) => result.txid)).size).toBe(50);
    const nonces = await Promise.all(
      results.map(async (_, index) => {
        const stored = (await store.find(index % 5 === 0 ? 'usdt-erc20' : 'eth', `race-${index}`)) as NoncedBroadcast;
        return stored.nonce;
      }),
    );
    expect([...nonces].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => start + index));
    const after = Number(BigInt(await node.call<string>('eth_getTransactionCount', [hot, 'latest'])));
    expect(after).toBe(start + 50);
    for (const result of results) expect((await eth.getTransaction(result.txid))?.status).not.toBe('pending');
  });

  it('offers a legacy gas price when configured so, and refuses a node on another chain', async () => {
    const options = {
      chain: 'eth' as const,
      rpc: { url: node.url },
      deposit: DEVNET_DEPOSIT_CONFIGS.eth!,
      hotKey: EDR_HOT_KEY,
      store,
    };
    const legacy = createEvmRpcAdapters({ ...options, chainId: EDR_CHAIN_ID, legacyFees: true }).get('eth')!;
    const result = await legacy.broadcast({ id: 'legacy-1', to: RECIPIENT, amount: 5n, priority: 'slow' });
    const tx = await node.call<{ type: string; gas: string; gasPrice: string; maxFeePerGas?: string }>(
      'eth_getTransactionByHash',
      [result.txid],
    );
    expect(tx.type).toBe('0x0');
    expect(tx.maxFeePerGas).toBeUndefined();
    expect(result.fee).toBe(BigInt(tx.gasPrice) * BigInt(tx.gas));
    expect(BigInt(tx.gas)).toBeLessThan(22_000n);
    const wrong = createEvmRpcAdapters({ ...options, chainId: 1 }).get('eth')!;
    const error = await wrong
      .broadcast({ id: 'wrong-chain', to: RECIPIENT, amount: 5n, priority: 'slow' })
      .catch((e: unknown) => e);
    expect(isNodeError(error) && error.message).toMatch(/on chain 31337, not 1/);
    expect(await store.find('eth', 'wrong-chain')).toBeNull();
  });

  it('sees a block rewritten by snapshot and revert as another chain', async () => {
    const snapshot = await node.snapshot();
    const height = await eth.getBlockHeight();
    await node.send({ to: eth.deriveAddress(9).address, value: ETH });
    const first = await eth.scanner.blockHash(height + 1);
    await node.revert(snapshot);
    expect(await eth.scanner.blockHash(height + 1)).toBeNull();
    await node.mine(2);
    const second = await eth.scanner.blockHash(height + 1);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect((await eth.scanner.block(height + 1))?.outputs).toEqual([]);
  });

  it('reports an unreachable node as a NodeError, never as a refusal by the chain', async () => {
    const offline = createEvmRpcAdapters({
      chain: 'eth',
      chainId: EDR_CHAIN_ID,
      rpc: { url: 'http://127.0.0.1:9', timeoutMs: 2_000 },
      deposit: DEVNET_DEPOSIT_CONFIGS.eth!,
      hotKey: EDR_HOT_KEY,
    }).get('eth')!;
    const error = await offline.getBlockHeight().catch((e: unknown) => e);
    expect(isNodeError(error) && error.kind).toBe('unreachable');
    expect(isChainError(error)).toBe(false);
  });
});

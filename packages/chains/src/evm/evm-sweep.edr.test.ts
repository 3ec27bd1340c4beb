// Sweeps of EVM deposit addresses on a real EVM node (Hardhat's EDR): ETH swept once final, whole but
// for its gas, leaving nothing; an ERC-20 address first refused for want of gas, topped up from the
// hot wallet (a payment the scanner does not take for a deposit), then swept; balances at any address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_DEPOSIT_CONFIGS } from '../devnet/dev-keys.ts';
import { createEvmRpcAdapters, type EvmRpcAdapter } from './index.ts';
import { memoryNonceStore } from './nonce-store.ts';
import { EDR_CHAIN_ID, EDR_HOT_KEY, edrAvailable, startEdrNode, type EdrNode } from './testing/edr-node.ts';
import { sweepingEvmSigner } from './testing/deposit-keys.ts';

const ETH = 10n ** 18n;

describe.skipIf(!edrAvailable('evm-sweep'))('EVM sweeps on an EDR node', () => {
  let node: EdrNode;
  let eth: EvmRpcAdapter;
  let usdt: EvmRpcAdapter;
  let token: string;

  const balance = async (address: string) => BigInt(await node.call<string>('eth_getBalance', [address, 'latest']));

  beforeAll(async () => {
    node = await startEdrNode();
    token = await node.deployToken('USDT', 6, 10n ** 15n);
    const adapters = createEvmRpcAdapters({
      chain: 'eth',
      chainId: EDR_CHAIN_ID,
      rpc: { url: node.url },
      deposit: DEVNET_DEPOSIT_CONFIGS.eth!,
      hotKey: sweepingEvmSigner({
        chainId: EDR_CHAIN_ID,
        privateKey: EDR_HOT_KEY,
        networks: [{ network: 'eth' }, { network: 'usdt-erc20', contract: token }],
      }),
      tokens: { 'usdt-erc20': token },
      store: memoryNonceStore(),
    });
    eth = adapters.get('eth')!;
    usdt = adapters.get('usdt-erc20')!;
    await node.setBalance(eth.hotWalletAddress(), 100n * ETH);
  });
  afterAll(async () => node?.stop());

  it('sweeps an ETH deposit address whole, less its gas, once per id', async () => {
    const from = eth.deriveAddress(4).address;
    const hot = eth.hotWalletAddress();
    await node.send({ to: from, value: 2n * ETH });
    expect([...(await eth.balancesOf([from]))]).toEqual([[from, 2n * ETH]]);
    const request = { id: 'sweep-eth-4', from, index: 4, priority: 'slow' as const };
    // Confirming (1 of 12): not final, not swept.
    await expect(eth.sweep({ ...request, id: 'too-early' })).rejects.toMatchObject({
      code: 'sweep_amount_does_not_cover_fee',
    });
    await node.mine(11);
    const hotBefore = await balance(hot);
    const result = await eth.sweep(request);
    expect(result.amount + result.fee).toBe(2n * ETH);
    expect(await eth.sweep(request)).toEqual(result);
    await node.mine(12);
    expect(await balance(from)).toBe(0n);
    expect(await balance(hot)).toBe(hotBefore + result.amount);
    expect(await eth.getTransaction(result.txid)).toMatchObject({ status: 'confirmed', to: hot, fee: result.fee });
  });

  it('refuses an address that is not the deposit address of the index', async () => {
    const from = eth.deriveAddress(6).address;
    await expect(eth.sweep({ id: 'sweep-eth-6', from, index: 7, priority: 'slow' })).rejects.toMatchObject({
      code: 'sweep_source_is_not_a_deposit_address',
    });
  });

  it('tops a token address up with gas first, then sweeps its tokens to the hot wallet', async () => {
    const from = usdt.deriveAddress(5).address;
    const hot = usdt.hotWalletAddress();
    await node.sendToken(token, from, 5_000_000n);
    await node.mine(11);
    expect([...(await usdt.balancesOf([from, hot]))]).toEqual([
      [from, 5_000_000n],
      [hot, 0n],
    ]);
    const request = { id: 'sweep-usdt-5', from, index: 5, priority: 'slow' as const };
    await expect(usdt.sweep(request)).rejects.toMatchObject({ code: 'sweep_needs_gas' });
    const gas = (await usdt.estimateFee({ amount: 1n, priority: 'slow' })).fee;
    await eth.broadcast({ id: 'gas-top-up-5', to: from, amount: gas, priority: 'normal' });
    const topUpBlock = await eth.scanner.block(await eth.getBlockHeight());
    expect(topUpBlock?.outputs.filter((output) => output.address === from)).toEqual([]);
    const result = await usdt.sweep(request);
    expect(result.amount).toBe(5_000_000n);
    await node.mine(12);
    expect([...(await usdt.balancesOf([from, hot]))]).toEqual([
      [from, 0n],
      [hot, 5_000_000n],
    ]);
    const mined = await usdt.getTransaction(result.txid);
    expect(mined).toMatchObject({ status: 'confirmed', to: hot, amount: 5_000_000n });
    expect(await balance(from)).toBe(gas - (mined?.fee ?? 0n));
  });
});

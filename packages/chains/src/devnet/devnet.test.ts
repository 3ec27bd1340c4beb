import { describe, expect, it, vi } from 'vitest';
import type { ChainEvent, ChainTransaction } from '../adapter.ts';
import { CHAIN_IDS, CHAINS, NETWORK_IDS, NETWORKS, type ChainId, type NetworkId } from '../networks.ts';
import { validateAddress } from '../validate.ts';
import { DEVNET_CHAIN_PARAMS } from './defaults.ts';
import { createDevnet, type DevnetOptions } from './devnet.ts';
import type { Scheduler } from './time.ts';

const clock = { now: () => new Date('2026-01-01T00:00:00Z') };
/** No background traffic: blocks hold only what the test sends. */
const QUIET = Object.fromEntries(CHAIN_IDS.map((id) => [id, { trafficPerBlock: 0 }])) as DevnetOptions['chains'];

function quietDevnet(options: DevnetOptions = {}) {
  return createDevnet({ clock, chains: QUIET, ...options });
}

function transfers(events: ChainEvent[]): ChainTransaction[] {
  return events.flatMap((event) => (event.type === 'transfer' ? [event.transaction] : []));
}

describe('devnet deposits', () => {
  it.each(NETWORK_IDS)('%s: a deposit is pending, then confirming, then confirmed after N blocks', async (id) => {
    const devnet = quietDevnet();
    const adapter = devnet.adapter(id);
    const required = NETWORKS[id].confirmations;
    const deposit = adapter.deriveAddress(3);
    expect(validateAddress(id, deposit.address).ok).toBe(true);
    adapter.watchAddress(deposit.address);
    const events: ChainEvent[] = [];
    adapter.subscribe((event) => events.push(event));
    // On XRP the omnibus deposit address is also the hot wallet, so count what the deposit adds.
    const before = devnet.balanceOf(id, deposit.address);
    const sent = devnet.fundAddress({ network: id, address: deposit.address, amount: 1234n, ...tagOf(deposit) });
    expect(sent).toMatchObject({ status: 'pending', confirmations: 0, requiredConfirmations: required, amount: 1234n });
    devnet.mineBlocks(id, required - 1);
    const early = await adapter.getTransaction(sent.txid);
    expect(early?.status).toBe(required === 1 ? 'pending' : 'confirming');
    expect(devnet.balanceOf(id, deposit.address) - before).toBe(required === 1 ? 0n : 1234n);
    devnet.mineBlock(id);
    expect(await adapter.getTransaction(sent.txid)).toMatchObject({
      status: 'confirmed',
      confirmations: required,
      blockHeight: 1,
    });
    devnet.mineBlocks(id, 3);
    const seen = transfers(events);
    expect(seen.map((tx) => tx.confirmations)).toEqual(Array.from({ length: required + 1 }, (_, i) => i));
    expect(seen.at(-1)?.status).toBe('confirmed');
    expect(seen.every((tx) => tx.txid === sent.txid && tx.to === deposit.address)).toBe(true);
    expect(events.filter((event) => event.type === 'block')).toHaveLength(required + 3);
    expect(devnet.balanceOf(id, deposit.address) - before).toBe(1234n);
  });

  it('reports only watched addresses of its own network as incoming', () => {
    const devnet = quietDevnet();
    const eth = devnet.adapter('eth');
    const usdt = devnet.adapter('usdt-erc20');
    const address = eth.deriveAddress(0).address;
    eth.watchAddress(address);
    const ethEvents: ChainEvent[] = [];
    const usdtEvents: ChainEvent[] = [];
    eth.subscribe((event) => ethEvents.push(event));
    const unsubscribe = usdt.subscribe((event) => usdtEvents.push(event));
    devnet.fundAddress({ network: 'usdt-erc20', address, amount: 5_000_000n });
    devnet.fundAddress({ network: 'eth', address: eth.deriveAddress(1).address, amount: 1n });
    expect(transfers(ethEvents)).toEqual([]);
    expect(transfers(usdtEvents)).toEqual([]);
    // Watched late, the address hears of its earlier deposit once, then of the new one.
    usdt.watchAddress(address);
    usdt.watchAddress(address);
    devnet.fundAddress({ network: 'usdt-erc20', address, amount: 7n });
    expect(transfers(usdtEvents).map((tx) => tx.amount)).toEqual([5_000_000n, 7n]);
    expect(transfers(ethEvents)).toEqual([]);
    unsubscribe();
    devnet.mineBlock('eth');
    expect(usdtEvents.filter((event) => event.type === 'block')).toHaveLength(0);
  });

  it('reports a deposit final before its address was watched once the address is watched (ADR 0082)', () => {
    const devnet = quietDevnet();
    const btc = devnet.adapter('btc');
    const address = btc.deriveAddress(5).address;
    const events: ChainEvent[] = [];
    btc.subscribe((event) => events.push(event));
    const sent = devnet.fundAddress({ network: 'btc', address, amount: 40n });
    devnet.mineBlocks('btc', NETWORKS.btc.confirmations + 2);
    expect(transfers(events)).toEqual([]);
    btc.watchAddress(address);
    expect(transfers(events)).toMatchObject([{ txid: sent.txid, status: 'confirmed', amount: 40n }]);
    // Watched again (every process reads the addresses back), it is not reported again.
    btc.watchAddress(address);
    devnet.mineBlock('btc');
    expect(transfers(events)).toHaveLength(1);
  });

  it("estimates, as a copy following its owner's market, from what the source read, at most a second old", async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const copy = createDevnet({ clock: { now: () => new Date(now) }, chains: QUIET });
    const gwei = 1_000_000_000n;
    let base = 40n * gwei;
    const reads: ChainId[] = [];
    copy.followMarket(async (chain) => {
      reads.push(chain);
      return { baseMilli: base * 1000n, waiting: [] };
    });
    const normal = async () => (await copy.adapter('eth').estimateFee({ amount: 1n, priority: 'normal' })).feeRate;
    expect(await normal()).toBe(44n * gwei);
    base = 60n * gwei;
    now += 999;
    expect(await normal()).toBe(44n * gwei);
    now += 1;
    expect(await normal()).toBe(66n * gwei);
    expect(reads).toEqual(['eth', 'eth']);
    // Waiting transactions that outbid the base are counted as in the owner's mempool.
    const waiting = Array.from({ length: 90 }, (_, seq) => ({ rate: 100n * gwei, seq }));
    copy.followMarket(async () => ({ baseMilli: base * 1000n, waiting }));
    expect(await normal()).toBe(100n * gwei + 1n);
  });

  it('lists incoming transfers by block range for a restart to catch up', async () => {
    const devnet = quietDevnet();
    const btc = devnet.adapter('btc');
    const watched = btc.deriveAddress(0).address;
    btc.watchAddress(watched);
    devnet.fundAddress({ network: 'btc', address: watched, amount: 10n });
    devnet.mineBlock('btc');
    devnet.fundAddress({ network: 'btc', address: btc.deriveAddress(1).address, amount: 20n });
    devnet.fundAddress({ network: 'btc', address: watched, amount: 30n });
    devnet.mineBlock('btc');
    const all = await btc.listIncomingTransfers({ fromHeight: 0 });
    expect(all.map((tx) => [tx.amount, tx.blockHeight, tx.confirmations])).toEqual([
      [10n, 1, 2],
      [30n, 2, 1],
    ]);
    expect((await btc.listIncomingTransfers({ fromHeight: 2, toHeight: 2 })).map((tx) => tx.amount)).toEqual([30n]);
    expect(await btc.getBlockHeight()).toBe(2);
  });

  it('routes XRP deposits by destination tag to the one omnibus address', () => {
    const devnet = quietDevnet();
    const xrp = devnet.adapter('xrp');
    const first = xrp.deriveAddress(0);
    const second = xrp.deriveAddress(1);
    expect(second.address).toBe(first.address);
    expect(second.destinationTag).toBe((first.destinationTag as number) + 1);
    xrp.watchAddress(first.address);
    const events: ChainEvent[] = [];
    xrp.subscribe((event) => events.push(event));
    devnet.fundAddress({ network: 'xrp', address: second.address, amount: 25_000_000n, ...tagOf(second) });
    devnet.mineBlock('xrp');
    expect(transfers(events).map((tx) => [tx.status, tx.destinationTag])).toEqual([
      ['pending', second.destinationTag],
      ['confirmed', second.destinationTag],
    ]);
  });

  it('refuses to fund an address of another chain or a zero amount', () => {
    const devnet = quietDevnet();
    expect(() =>
      devnet.fundAddress({ network: 'btc', address: devnet.adapter('eth').deriveAddress(0).address, amount: 1n }),
    ).toThrow(/Ethereum/);
    expect(() =>
      devnet.fundAddress({ network: 'btc', address: devnet.adapter('btc').deriveAddress(0).address, amount: 0n }),
    ).toThrow(/positive/);
  });
});

describe('devnet fee market', () => {
  it.each(NETWORK_IDS)('%s: quotes slow < normal < fast in the chain asset', async (id) => {
    const adapter = quietDevnet().adapter(id);
    const [slow, normal, fast] = await Promise.all(
      (['slow', 'normal', 'fast'] as const).map((priority) => adapter.estimateFee({ amount: 1n, priority })),
    );
    expect(slow!.fee).toBeLessThan(normal!.fee);
    expect(normal!.fee).toBeLessThan(fast!.fee);
    expect(fast!.expectedBlocks).toBeLessThan(slow!.expectedBlocks);
    for (const quote of [slow!, normal!, fast!]) {
      expect(quote.feeAsset).toBe(CHAINS[NETWORKS[id].chain].nativeAsset);
      expect(quote.fee).toBe(quote.feeRate * quote.units);
      expect(quote.units).toBe(NETWORKS[id].transferUnits);
    }
  });

  it('raises fees when the mempool is congested and lowers them when it clears', async () => {
    const devnet = quietDevnet();
    const btc = devnet.adapter('btc');
    const calm = await btc.estimateFee({ amount: 1n, priority: 'fast' });
    for (let i = 0; i < 100; i += 1)
      devnet.fundAddress({ network: 'btc', address: btc.deriveAddress(i).address, amount: 1n });
    const busy = await btc.estimateFee({ amount: 1n, priority: 'fast' });
    expect(busy.feeRate).toBeGreaterThan(calm.feeRate);
    const startRate = devnet.chain('btc').baseRate;
    devnet.mineBlocks('btc', 3);
    expect(devnet.chain('btc').baseRate).toBeGreaterThan(startRate);
    devnet.mineBlocks('btc', 60);
    expect(devnet.chain('btc').mempoolSize).toBe(0);
    expect(devnet.chain('btc').baseRate).toBe(DEVNET_CHAIN_PARAMS.btc.floorRate);
  });

  it('moves fees with background traffic, the same way for the same seed', () => {
    const run = (seed: string): string[] => {
      const devnet = createDevnet({ clock, seed });
      const eth = devnet.adapter('eth');
      return Array.from({ length: 40 }, (_, i) => {
        if (i % 5 === 0) devnet.fundAddress({ network: 'eth', address: eth.deriveAddress(i).address, amount: 1n });
        const block = devnet.mineBlock('eth');
        return `${block.hash}:${devnet.chain('eth').baseRate}`;
      });
    };
    const first = run('alpha');
    expect(run('alpha')).toEqual(first);
    expect(run('beta')).not.toEqual(first);
    const rates = new Set(first.map((entry) => entry.split(':')[1]));
    expect(rates.size).toBeGreaterThan(5);
  });
});

describe('devnet blocks', () => {
  it('mines each chain on its own timer from the scheduler, and stops', () => {
    const timers: { intervalMs: number; task: () => void; stopped: boolean }[] = [];
    const scheduler: Scheduler = {
      every(intervalMs, task) {
        const timer = { intervalMs, task, stopped: false };
        timers.push(timer);
        return () => {
          timer.stopped = true;
        };
      },
    };
    const devnet = createDevnet({ clock, scheduler, chains: { sol: { blockIntervalMs: 250 } } });
    devnet.start();
    devnet.start();
    expect(devnet.running).toBe(true);
    expect(timers.map((timer) => timer.intervalMs)).toEqual(
      CHAIN_IDS.map((id: ChainId) => (id === 'sol' ? 250 : DEVNET_CHAIN_PARAMS[id].blockIntervalMs)),
    );
    timers[0]!.task();
    timers[0]!.task();
    expect(devnet.chain('btc').height).toBe(2);
    expect(devnet.chain('eth').height).toBe(0);
    devnet.stop();
    expect(devnet.running).toBe(false);
    expect(timers.every((timer) => timer.stopped)).toBe(true);
  });

  it('chains blocks by hash and stamps them with the clock', () => {
    const devnet = quietDevnet();
    const [first, second] = devnet.mineBlocks('ltc', 2);
    expect(second!.previousHash).toBe(first!.hash);
    expect(first!.time).toBe(clock.now().getTime());
    expect(devnet.chain('ltc').block(2)).toEqual(second);
  });

  it('mines on real timers when started without a scheduler', async () => {
    const devnet = createDevnet({ chains: { ...QUIET, bsc: { blockIntervalMs: 5, trafficPerBlock: 0 } } });
    devnet.start();
    // Until three blocks are mined, not a fixed 60 ms: after a stall of the process, that wait's timer
    // fires in the same turn as the block timer's first run, which has only set its next one by then.
    try {
      await vi.waitFor(() => expect(devnet.chain('bsc').height).toBeGreaterThan(2), { timeout: 10_000 });
    } finally {
      devnet.stop();
    }
  });
});

function tagOf(deposit: { destinationTag?: number }): { destinationTag?: number } {
  return deposit.destinationTag === undefined ? {} : { destinationTag: deposit.destinationTag };
}

export type { NetworkId };

import { describe, expect, it } from 'vitest';
import type { ChainBlock, ChainEvent } from '../adapter.ts';
import type { ChainId } from '../networks.ts';
import { createDevnet, type Devnet } from './devnet.ts';
import type { TxRecord } from './records.ts';
import { DevnetRunElsewhereError } from './run-elsewhere.ts';
import type { DevnetChanges, DevnetJournal, DevnetSnapshot } from './snapshot.ts';

const clock = { now: () => new Date('2026-01-01T00:00:00Z') };
const ETH_RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_DEPOSIT = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

/** A journal in memory that merges batches as the PostgreSQL store does; `failing` refuses writes. */
function memoryJournal() {
  const chains = new Map<
    ChainId,
    { state: DevnetChanges['state']; records: Map<string, TxRecord>; blocks: Map<number, ChainBlock> }
  >();
  const journal = {
    failing: false,
    writes: 0,
    async write(changes: DevnetChanges) {
      if (journal.failing) throw new Error('the database is away');
      journal.writes += 1;
      const held = chains.get(changes.chain) ?? { state: changes.state, records: new Map(), blocks: new Map() };
      held.state = changes.state;
      for (const record of changes.records) held.records.set(record.txid, { ...record });
      for (const block of changes.blocks) if (!held.blocks.has(block.height)) held.blocks.set(block.height, block);
      for (const height of held.blocks.keys()) if (height < changes.keepFrom) held.blocks.delete(height);
      chains.set(changes.chain, held);
    },
    snapshots(): Partial<Record<ChainId, DevnetSnapshot>> {
      return Object.fromEntries(
        [...chains].map(([chain, held]) => [
          chain,
          {
            state: held.state,
            records: [...held.records.values()].sort((a, b) => a.seq - b.seq),
            blocks: [...held.blocks.values()].sort((a, b) => a.height - b.height),
          },
        ]),
      );
    },
  } satisfies DevnetJournal & Record<string, unknown>;
  return journal;
}

/** Lets the event loop turn until `done` (a broadcast signs and reaches the chain asynchronously). */
async function until(done: () => boolean): Promise<void> {
  for (let turns = 0; !done(); turns += 1) {
    if (turns > 100) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

function restarted(journal: ReturnType<typeof memoryJournal>): Devnet {
  const devnet = createDevnet({ clock });
  devnet.restore(journal.snapshots());
  devnet.keep(journal);
  return devnet;
}

describe('the devnet journal', () => {
  it('rebuilds a devnet equal to the one written: balances, pending sends, fees and the next block', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 50_000n });
    devnet.mineBlocks('btc', 3);
    const eth = devnet.adapter('eth');
    const mined = await eth.broadcast({ id: 'w-1', to: ETH_RECIPIENT, amount: 10n ** 18n, priority: 'fast' });
    devnet.mineBlocks('eth', 2);
    const pending = await eth.broadcast({ id: 'w-2', to: ETH_RECIPIENT, amount: 2n * 10n ** 18n, priority: 'slow' });
    await devnet.flush();

    const again = restarted(journal);
    const hot = devnet.signer.addressFor('eth');
    for (const chain of ['btc', 'eth', 'sol'] as const)
      expect(again.chain(chain).height).toBe(devnet.chain(chain).height);
    expect(again.balanceOf('btc', BTC_DEPOSIT)).toBe(50_000n);
    expect(again.balanceOf('eth', hot)).toBe(devnet.balanceOf('eth', hot));
    expect(again.chain('eth').balances.spendable('ETH', hot)).toBe(devnet.chain('eth').balances.spendable('ETH', hot));
    expect(again.chain('eth').nextNonce(hot)).toBe(2);
    expect(await again.adapter('eth').getTransaction(mined.txid)).toEqual(await eth.getTransaction(mined.txid));
    expect((await again.adapter('eth').getTransaction(pending.txid))?.status).toBe('pending');
    expect(again.chain('eth').estimate('eth', 'normal')).toEqual(devnet.chain('eth').estimate('eth', 'normal'));
    // Same mempool, fee market and random generator: the next blocks, the traffic they draw and the fees
    // that follow come out the same.
    for (const chain of ['btc', 'eth', 'sol'] as const) {
      expect(again.mineBlocks(chain, 3)).toEqual(devnet.mineBlocks(chain, 3));
      expect(again.chain(chain).mempoolSize).toBe(devnet.chain(chain).mempoolSize);
      expect(again.chain(chain).estimate(chain, 'fast')).toEqual(devnet.chain(chain).estimate(chain, 'fast'));
    }
  });

  it('rebuilds a stale read-only copy as a fresh restore would (a takeover, ADR 0082)', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 50_000n });
    devnet.mineBlocks('btc', 2);
    await devnet.adapter('eth').broadcast({ id: 'w-1', to: ETH_RECIPIENT, amount: 10n ** 18n, priority: 'fast' });
    await devnet.flush();
    const copy = createDevnet({ clock });
    copy.restore(journal.snapshots());
    const events: ChainEvent[] = [];
    copy.adapter('btc').subscribe((event) => events.push(event));
    copy.adapter('btc').watchAddress(BTC_DEPOSIT);
    events.length = 0;
    // The owner goes on; the copy stays as it read the journal.
    devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 7_000n });
    devnet.mineBlocks('btc', 4);
    devnet.mineBlocks('eth', 3);
    await devnet.flush();

    copy.reload(journal.snapshots());
    const fresh = restarted(journal);
    const hot = devnet.signer.addressFor('eth');
    for (const chain of ['btc', 'eth'] as const) {
      expect(copy.chain(chain).height).toBe(fresh.chain(chain).height);
      expect(copy.chain(chain).estimate(chain, 'normal')).toEqual(fresh.chain(chain).estimate(chain, 'normal'));
    }
    expect(copy.balanceOf('btc', BTC_DEPOSIT)).toBe(57_000n);
    expect(copy.balanceOf('eth', hot)).toBe(fresh.balanceOf('eth', hot));
    expect(copy.chain('eth').nextNonce(hot)).toBe(1);
    // The watched address hears of both its deposits as they stand now.
    const reported = events.flatMap((event) => (event.type === 'transfer' ? [event.transaction.amount] : []));
    expect(reported).toEqual([50_000n, 7_000n]);
    expect(copy.mineBlocks('btc', 2)).toEqual(fresh.mineBlocks('btc', 2));
  });

  it('answers a broadcast retried after a restart with the same transaction, not a second one', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    const request = { id: 'w-retry', to: ETH_RECIPIENT, amount: 10n ** 17n, priority: 'normal' as const };
    const first = await devnet.adapter('eth').broadcast(request);
    const again = restarted(journal);
    expect(await again.adapter('eth').broadcast(request)).toEqual(first);
    expect(again.chain('eth').mempoolSize).toBe(devnet.chain('eth').mempoolSize);
    const other = again.adapter('eth').broadcast({ ...request, amount: 10n ** 16n });
    await expect(other).rejects.toMatchObject({ code: 'broadcast_id_reused_with_different_request' });
  });

  it('holds events until their block is written, and retries a failed write', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    await devnet.flush();
    const heard: ChainEvent[] = [];
    devnet.adapter('btc').subscribe((event) => heard.push(event));
    journal.failing = true;
    devnet.mineBlock('btc');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([]);
    journal.failing = false;
    await devnet.flush();
    expect(heard.map((event) => event.type)).toEqual(['block']);
  }, 10_000);

  it('reports each transaction as it stood at its block, though heard only once later blocks exist', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    const btc = devnet.adapter('btc');
    btc.watchAddress(BTC_DEPOSIT);
    const heard: ChainEvent[] = [];
    btc.subscribe((event) => heard.push(event));
    journal.failing = true;
    devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 60_000n });
    devnet.mineBlocks('btc', 2);
    expect(heard).toEqual([]);
    journal.failing = false;
    await devnet.flush();
    const seen = heard.flatMap((event) => (event.type === 'transfer' ? [event.transaction] : []));
    expect(seen.map(({ status, confirmations }) => [status, confirmations])).toEqual([
      ['pending', 0],
      ['confirming', 1],
      ['confirmed', 2],
    ]);
  }, 10_000);

  it('loses a block whose write never happened, and mines that height again after the restart', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    const deposit = devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 70_000n });
    await devnet.flush();
    journal.failing = true;
    devnet.mineBlock('btc');
    await devnet.close();
    journal.failing = false;

    const again = restarted(journal);
    expect(again.chain('btc').height).toBe(0);
    expect((await again.adapter('btc').getTransaction(deposit.txid))?.status).toBe('pending');
    again.mineBlock('btc');
    await again.flush();
    expect((await again.adapter('btc').getTransaction(deposit.txid))?.blockHeight).toBe(1);
    expect(again.balanceOf('btc', BTC_DEPOSIT)).toBe(70_000n);
  });

  it('retired (its owner displaced): fails what waits, drops its events, refuses changes, reloads (ADR 0083)', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    const btc = devnet.adapter('btc');
    btc.watchAddress(BTC_DEPOSIT);
    const first = devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 40_000n });
    devnet.mineBlock('btc');
    await devnet.flush();
    const heard: ChainEvent[] = [];
    btc.subscribe((event) => heard.push(event));
    devnet.start();
    // Another process holds the lock now: this one's writes fail, while it goes on in memory.
    journal.failing = true;
    const lost = devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 9_000n });
    devnet.mineBlocks('btc', 3);
    const hotSpendable = () => devnet.chain('btc').balances.spendable(btc.network.asset, btc.hotWalletAddress());
    const hotBefore = hotSpendable();
    const send = btc.broadcast({ id: 'w-lost', to: BTC_DEPOSIT, amount: 5_000n, priority: 'fast' });
    // The send reaches the chain (its spend reserved) and waits on its unwritten batch before the
    // retirement: it is that wait that fails, not the refusal of a change.
    await until(() => hotSpendable() < hotBefore);
    const flushed = devnet.flush();
    const refusal = new DevnetRunElsewhereError();
    devnet.retire(refusal);
    await expect(send).rejects.toBe(refusal);
    await expect(flushed).rejects.toBe(refusal);
    expect(devnet.running).toBe(false);
    expect(() => devnet.mineBlock('btc')).toThrow(refusal);
    expect(() => devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 1n })).toThrow(refusal);
    await expect(btc.broadcast({ id: 'w-later', to: BTC_DEPOSIT, amount: 5_000n, priority: 'fast' })).rejects.toBe(
      refusal,
    );
    expect(heard).toEqual([]);

    // Read again from what was written: the unwritten deposit, blocks and send are gone.
    devnet.reload(journal.snapshots());
    expect(devnet.chain('btc').height).toBe(1);
    expect(await btc.getTransaction(lost.txid)).toBeNull();
    expect((await btc.getTransaction(first.txid))?.confirmations).toBe(1);
    expect(devnet.balanceOf('btc', BTC_DEPOSIT)).toBe(40_000n);
    const reported = heard.flatMap((event) => (event.type === 'transfer' ? [event.transaction.txid] : []));
    expect(reported).toEqual([first.txid]);
    expect(() => devnet.mineBlock('btc')).toThrow(refusal);

    // Taken over again later: it writes and mines as an owner.
    journal.failing = false;
    devnet.keep(journal);
    devnet.mineBlock('btc');
    await devnet.flush();
    expect(journal.snapshots().btc?.state.height).toBe(2);
  }, 10_000);

  it('retired: tells a newly watched address nothing of its memory until read again (ADR 0083)', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    const btc = devnet.adapter('btc');
    const written = devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 40_000n });
    await devnet.flush();
    const heard: ChainEvent[] = [];
    btc.subscribe((event) => heard.push(event));
    journal.failing = true;
    devnet.fundAddress({ network: 'btc', address: BTC_DEPOSIT, amount: 9_000n });
    devnet.retire(new DevnetRunElsewhereError());
    // Another process created the address meanwhile; this one learns of it before its reload.
    btc.watchAddress(BTC_DEPOSIT);
    expect(heard).toEqual([]);

    devnet.reload(journal.snapshots());
    const reported = heard.flatMap((event) => (event.type === 'transfer' ? [event.transaction.txid] : []));
    expect(reported).toEqual([written.txid]);
  });

  it('retired: refuses a broadcast or sweep before judging it on its stale memory (ADR 0083)', async () => {
    const journal = memoryJournal();
    const devnet = createDevnet({ clock });
    devnet.keep(journal);
    const btc = devnet.adapter('btc');
    await devnet.flush();
    const refusal = new DevnetRunElsewhereError();
    devnet.retire(refusal);
    const hot = devnet.chain('btc').balances.spendable(btc.network.asset, btc.hotWalletAddress());
    // More than the hot wallet holds: refused as run elsewhere, not as hot_wallet_short.
    await expect(btc.broadcast({ id: 'w-big', to: BTC_DEPOSIT, amount: hot + 1n, priority: 'fast' })).rejects.toBe(
      refusal,
    );
    await expect(btc.broadcast({ id: 'w-bad', to: 'not-an-address', amount: 1n, priority: 'fast' })).rejects.toBe(
      refusal,
    );
    // Not a deposit address of ours: refused as run elsewhere all the same.
    await expect(btc.sweep({ id: 's-1', from: BTC_DEPOSIT, priority: 'fast' })).rejects.toBe(refusal);
  });
});

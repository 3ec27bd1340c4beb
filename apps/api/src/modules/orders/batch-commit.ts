// What one runner batch writes, in one transaction: the new orders, the changed ones, the fills, the
// candles of its public trades, and last the ledger operations (so the hot accounts, the fee
// accounts above all, stay locked only for the ledger's statement and the commit).
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import { foldTrades } from '../markets/candle-buckets.ts';
import type { Batch } from './batch.ts';
import type { PlaceInput } from './market-runner.ts';
import { writeBatchRecords } from './orders.repository.ts';

export async function commitBatch(options: { db: Db; ledger: Ledger; batch: Batch; now: Date }): Promise<void> {
  const { db, ledger, batch, now } = options;
  const orders = [...batch.touched.values()];
  const publicTrades = batch.fills.filter((fill) => fill.book === 'lit');
  const pair = orders[0]?.pair ?? '';
  const candles = foldTrades(publicTrades, now).map((fold) => ({ ...fold, pair }));
  const created = orders.filter((order) => batch.created.has(order.id));
  const updated = orders.filter((order) => !batch.created.has(order.id));
  await db.transaction(async (tx) => {
    await writeBatchRecords(tx, { created, updated, fills: batch.fills, candles });
    await ledger.apply(tx, batch.ops);
  });
}

/** The (owner, asset) balances a batch's orders may hold from: both assets of the pair. */
export function holdKeys(places: readonly PlaceInput[]): Array<{ owner: string; asset: string }> {
  const keys = new Map<string, { owner: string; asset: string }>();
  for (const { userId, intent } of places) {
    for (const asset of [intent.market.base, intent.market.quote])
      keys.set(`${userId}|${asset}`, { owner: userId, asset });
  }
  return [...keys.values()];
}

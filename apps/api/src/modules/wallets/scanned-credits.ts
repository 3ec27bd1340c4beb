// Credits, in one PostgreSQL transaction, every deposit that a scanner pass brought to its
// confirmations: the rows are locked (still confirming, still in the block they were seen in), one
// ledger batch moves each amount from the chain omnibus to its customer (each transfer's id is the
// deposit's, as on the event path, so a deposit is credited once whichever path gets there), and one
// update marks them credited. Confirmation counts of the others move in one statement. Customers are
// told after the commit: the balances are already visible then.
import { sql } from 'drizzle-orm';
import { getNetwork, type NetworkId } from '@rora/chains';
import type { Db } from '@rora/db';
import { withTransaction, type Ledger, type LedgerOp } from '@rora/ledger';
import type { Clock } from '../../lib/clock.ts';
import type { DepositRow } from './deposits.repository.ts';
import { depositCredit } from './deposits.service.ts';
import type { WalletNotifier } from './wallet-notifier.ts';

export interface ScannedCreditsDependencies {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  notifier: WalletNotifier;
}

/** Notifications sent at once after a batch (each is a few statements; the pool is shared). */
const NOTIFY_CONCURRENCY = 4;

async function creditAll(deps: ScannedCreditsDependencies, due: readonly DepositRow[], height: number) {
  if (due.length === 0) return [];
  return withTransaction(deps.db, async (tx) => {
    const ids = due.map((row) => row.id);
    const { rows } = await tx.execute<{ id: string; block_hash: string }>(sql`
      SELECT id, block_hash FROM chain_deposits
      WHERE id IN ${ids} AND status = 'confirming' ORDER BY id FOR UPDATE`);
    // A row whose block changed since it was read (a reorganisation in between) waits for the next pass.
    const still = new Set(rows.map((row) => `${row.id}:${row.block_hash}`));
    const locked = due.filter((row) => still.has(`${row.id}:${row.blockHash}`));
    if (locked.length === 0) return [];
    await deps.ledger.apply(
      tx,
      locked.map((row): LedgerOp => ({ op: 'transfer', ...depositCredit(row) })),
    );
    const now = deps.clock.now();
    await tx.execute(sql`
      UPDATE chain_deposits SET status = 'credited', confirmations = ${height} - block_height + 1,
        credited_at = ${now}, updated_at = ${now}
      WHERE id IN ${locked.map((row) => row.id)}`);
    return locked;
  });
}

async function inTurns<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(NOTIFY_CONCURRENCY, items.length) }, worker));
}

/** An output of a scanned block that pays a customer's wallet. */
export interface FoundDeposit {
  readonly wallet: { readonly id: string; readonly userId: string; readonly asset: string };
  readonly txid: string;
  readonly outputIndex: number;
  readonly amount: bigint;
}

/**
 * Records a block's deposits in two statements: new ones are inserted as confirming (one block), and
 * known ones still pending (their block was lost to a reorganisation, and they are mined again) move
 * to this block. A block scanned twice (a crash before the cursor moved) inserts nothing new.
 */
export async function recordScanned(
  deps: ScannedCreditsDependencies,
  block: { network: NetworkId; height: number; hash: string; found: readonly FoundDeposit[] },
): Promise<void> {
  if (block.found.length === 0) return;
  const now = deps.clock.now();
  const required = getNetwork(block.network).confirmations;
  const values = block.found.map(
    (found) => sql`(${block.network}, ${found.txid}, ${found.outputIndex}, ${found.wallet.id}, ${found.wallet.userId},
      ${found.wallet.asset}, ${String(found.amount)}, 'confirming', 1, ${required}, ${block.height}, ${block.hash}, ${now}, ${now})`,
  );
  const inserted = await deps.db.execute<DepositRow & { user_id: string; wallet_id: string }>(sql`
    INSERT INTO chain_deposits (network, txid, output_index, wallet_id, user_id, asset, amount, status, confirmations,
      required_confirmations, block_height, block_hash, first_seen_at, updated_at)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (network, txid, output_index) DO NOTHING
    RETURNING id, user_id, wallet_id, network, amount::text AS amount`);
  const keys = block.found.map((found) => sql`(${found.txid}, ${found.outputIndex})`);
  const returned = await deps.db.execute<{ id: string; user_id: string; wallet_id: string }>(sql`
    UPDATE chain_deposits SET status = 'confirming', confirmations = 1, block_height = ${block.height},
      block_hash = ${block.hash}, updated_at = ${now}
    WHERE network = ${block.network} AND status = 'pending' AND (txid, output_index) IN (${sql.join(keys, sql`, `)})
    RETURNING id, user_id, wallet_id`);
  await inTurns(inserted.rows, (row) =>
    deps.notifier.step('deposit_pending', {
      userId: row.user_id,
      walletId: row.wallet_id,
      id: row.id,
      network: row.network,
      amount: BigInt(row.amount),
      reason: null,
    }),
  );
  await inTurns(returned.rows, (row) => deps.notifier.changed(row.user_id, row.wallet_id, row.id));
}

/** Brings a network's confirming deposits up to the scanned height; credits those at their count. */
export async function confirmScanned(
  deps: ScannedCreditsDependencies,
  pass: { network: NetworkId; height: number; confirming: readonly DepositRow[] },
): Promise<void> {
  const required = getNetwork(pass.network).confirmations;
  const count = (row: DepositRow) => pass.height - (row.blockHeight as number) + 1;
  const due = pass.confirming.filter((row) => count(row) >= required);
  const moved = pass.confirming.filter((row) => count(row) < required && count(row) !== row.confirmations);
  const credited = await creditAll(deps, due, pass.height);
  if (moved.length > 0) {
    await deps.db.execute(sql`
      UPDATE chain_deposits SET confirmations = ${pass.height} - block_height + 1, updated_at = ${deps.clock.now()}
      WHERE id IN ${moved.map((row) => row.id)} AND status = 'confirming' AND block_height IS NOT NULL`);
  }
  await inTurns(credited, (row) =>
    deps.notifier.step('deposit_credited', {
      userId: row.userId,
      walletId: row.walletId,
      id: row.id,
      network: row.network,
      amount: BigInt(row.amount),
      reason: null,
    }),
  );
  await inTurns(moved, (row) => deps.notifier.changed(row.userId, row.walletId, row.id));
}

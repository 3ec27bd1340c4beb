// What a reorganisation does to deposits whose block left the chain. Not yet credited: the deposit
// returns to pending (no block, no confirmations); if its transaction is mined again the scanner
// finds it in the new block and counts again; it is never credited on the strength of a lost block.
// Already credited: the customer was given coins the chain no longer shows, so the amount is held on
// their account (as much as is still available) and an operator alert is raised, once per deposit,
// in the same transaction. The hold is the operator's to post or void: the transaction may be mined
// again (then nothing was lost) or never (then the customer owes the shortfall).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';
import { isLedgerError, withTransaction, type Ledger } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import type { DepositRow, DepositsRepository } from './deposits.repository.ts';
import { derivedId } from '../../lib/derived-id.ts';
import type { WalletNotifier } from './wallet-notifier.ts';

export interface DepositReorgsDependencies {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  deposits: DepositsRepository;
  notifier: WalletNotifier;
}

export type OrphanOutcome = 'unconfirmed' | 'held_for_operator' | 'unchanged';

/** Tries the hold this many times; each try reads what is available again (a spend may race it). */
const HOLD_TRIES = 3;

async function unconfirm(deps: DepositReorgsDependencies, row: DepositRow): Promise<OrphanOutcome> {
  const moved = await withTransaction(deps.db, async (tx) => {
    const locked = await deps.deposits.lock(tx, { network: row.network, txid: row.txid, outputIndex: row.outputIndex });
    if (locked?.status !== 'confirming' || locked.blockHash !== row.blockHash) return false;
    const patch = { status: 'pending' as const, confirmations: 0, blockHeight: null, blockHash: null };
    await deps.deposits.update(tx, row.id, { ...patch, updatedAt: deps.clock.now() });
    return true;
  });
  if (moved) await deps.notifier.changed(row.userId, row.walletId, row.id);
  return moved ? 'unconfirmed' : 'unchanged';
}

/** Holds up to the deposit's amount of what the customer has available; returns what was held. */
async function holdWhatIsLeft(tx: Tx, deps: DepositReorgsDependencies, row: DepositRow): Promise<bigint> {
  const asset = row.asset as AssetSymbol;
  for (let attempt = 0; attempt < HOLD_TRIES; attempt += 1) {
    const balances = await deps.ledger.getBalances(tx, row.userId);
    const available = balances.find((balance) => balance.asset === asset)?.available ?? 0n;
    const amount = available < BigInt(row.amount) ? available : BigInt(row.amount);
    if (amount === 0n) return 0n;
    const hold = {
      id: derivedId(row.id, 'deposit_reorg_hold'),
      owner: row.userId,
      asset,
      amount,
      code: 'deposit_reorg_hold' as const,
      metadata: { depositId: row.id, network: row.network, txid: row.txid },
    };
    try {
      // A savepoint: a refusal (a spend took the balance meanwhile) leaves the transaction usable.
      await tx.transaction((savepoint) => deps.ledger.hold(savepoint, hold));
      return amount;
    } catch (error) {
      if (!isLedgerError(error, 'available_balance_must_cover_hold')) throw error;
    }
  }
  return 0n;
}

async function holdForOperator(deps: DepositReorgsDependencies, row: DepositRow): Promise<OrphanOutcome> {
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const details = {
      depositId: row.id,
      userId: row.userId,
      network: row.network,
      txid: row.txid,
      outputIndex: row.outputIndex,
      amount: row.amount,
      blockHeight: row.blockHeight,
      blockHash: row.blockHash,
    };
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO operator_alerts (kind, subject_id, details, raised_at)
      VALUES ('deposit_reorganized_after_credit', ${row.id}, ${JSON.stringify(details)}::jsonb, ${now})
      ON CONFLICT (kind, subject_id) DO NOTHING RETURNING id`);
    if (rows.length === 0) return 'unchanged';
    const held = await holdWhatIsLeft(tx, deps, row);
    const shortfall = BigInt(row.amount) - held;
    await tx.execute(sql`
      UPDATE operator_alerts SET details = details || ${JSON.stringify({ held: String(held), shortfall: String(shortfall) })}::jsonb
      WHERE id = ${rows[0]?.id}`);
    return 'held_for_operator';
  });
}

/** Deposits in blocks from `fromHeight` (except block `unlessHash`) left the chain. */
export async function orphanDeposits(
  deps: DepositReorgsDependencies,
  network: Parameters<DepositsRepository['inBlocksFrom']>[0],
  range: { fromHeight: number; unlessHash?: string },
): Promise<OrphanOutcome[]> {
  const outcomes: OrphanOutcome[] = [];
  for (const row of await deps.deposits.inBlocksFrom(network, range.fromHeight, range.unlessHash)) {
    outcomes.push(row.status === 'credited' ? await holdForOperator(deps, row) : await unconfirm(deps, row));
  }
  return outcomes;
}

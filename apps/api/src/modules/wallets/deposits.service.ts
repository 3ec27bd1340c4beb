// Deposits from the chain: seen in the mempool (pending, the customer is told), counted block by
// block (confirming n of m), and credited exactly once when the network's confirmations are reached:
// a ledger transfer from the chain omnibus account to the customer's available balance, whose id is
// the deposit's own, committed with the status change. A transaction reported twice, or confirmed
// twice, changes nothing the second time.
import type { ChainTransaction, NetworkId } from '@rora/chains';
import type { Db } from '@rora/db';
import { withTransaction, type Ledger, type TransferInput } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import { nextDepositStatus, type DepositStatusChange } from './deposit-status.ts';
import type { DepositRow, DepositsRepository } from './deposits.repository.ts';
import type { StepFacts, WalletNotifier, WalletStep } from './wallet-notifier.ts';
import type { WalletRow, WalletsRepository } from './wallets.repository.ts';

/** The ledger transfer that credits a deposit: its row's id is the transfer's, so it posts once. */
export function depositCredit(row: DepositRow): TransferInput {
  return {
    id: row.id,
    asset: row.asset as AssetSymbol,
    debit: { system: 'chain_omnibus' },
    credit: { owner: row.userId, kind: 'available' },
    amount: BigInt(row.amount),
    code: 'deposit',
    metadata: { network: row.network, txid: row.txid },
  };
}

export interface DepositService {
  /** A transfer to a watched address, at any status; unknown addresses (and tags) are ignored. */
  record(transaction: ChainTransaction): Promise<void>;
  /** Re-reads the network's open deposits from the chain. */
  reconcile(network: NetworkId): Promise<void>;
}

export interface DepositServiceDependencies {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  registry: ChainRegistry;
  wallets: WalletsRepository;
  deposits: DepositsRepository;
  notifier: WalletNotifier;
}

type Deps = DepositServiceDependencies;
type Owner = Pick<WalletRow, 'id' | 'userId' | 'asset'>;

/** Records the report and, at the confirmations, credits: one transaction, under the row's lock. */
function apply(deps: Deps, transaction: ChainTransaction, wallet: Owner) {
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    // Account chains pay one address per transaction; UTXO chains name the output.
    const key = { network: transaction.network, txid: transaction.txid, outputIndex: transaction.outputIndex ?? 0 };
    const inserted = await deps.deposits.insertSeen(tx, {
      ...key,
      walletId: wallet.id,
      userId: wallet.userId,
      asset: wallet.asset,
      amount: String(transaction.amount),
      fromAddress: transaction.from === '' || transaction.from.startsWith('external:') ? null : transaction.from,
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: transaction.requiredConfirmations,
      firstSeenAt: now,
      updatedAt: now,
    });
    const row = (await deps.deposits.lock(tx, key)) as DepositRow;
    const change = nextDepositStatus(row, transaction);
    if (change.status === 'credited' && change.changed) {
      await deps.ledger.transfer(tx, depositCredit(row));
    }
    if (change.changed) {
      const credited = change.status === 'credited' ? { creditedAt: now } : {};
      await deps.deposits.update(tx, row.id, { ...change.patch, updatedAt: now, ...credited });
    }
    return { row, change, inserted: inserted !== null };
  });
}

function stepOf(change: DepositStatusChange, inserted: boolean): WalletStep | null {
  if (change.status === 'credited') return 'deposit_credited';
  if (change.status === 'failed') return 'deposit_failed';
  return inserted ? 'deposit_pending' : null;
}

async function tell(deps: Deps, row: DepositRow, change: DepositStatusChange, inserted: boolean): Promise<void> {
  const facts: StepFacts = {
    userId: row.userId,
    walletId: row.walletId,
    id: row.id,
    network: row.network,
    amount: BigInt(row.amount),
    reason: change.patch.failureReason ?? null,
  };
  const step = stepOf(change, inserted);
  if (step && (change.changed || inserted)) await deps.notifier.step(step, facts);
  else if (change.changed) await deps.notifier.changed(row.userId, row.walletId, row.id);
}

export function createDepositService(deps: DepositServiceDependencies): DepositService {
  async function record(transaction: ChainTransaction): Promise<void> {
    const tag = transaction.destinationTag ?? null;
    const wallet = await deps.wallets.findByAddress(deps.db, transaction.network, transaction.to, tag);
    if (!wallet) return;
    const { row, change, inserted } = await apply(deps, transaction, wallet);
    await tell(deps, row, change, inserted);
  }

  return {
    record,
    async reconcile(network) {
      const adapter = deps.registry.adapter(network);
      for (const deposit of await deps.deposits.open(network)) {
        const transaction = await adapter.getTransaction(deposit.txid);
        if (transaction) await record(transaction);
      }
    },
  };
}

// A transaction row as the wallet screens show it: the spec's labels (pending, completed, failed),
// where it stands (stage, confirmations of required), and a link to the chain's explorer.
import { explorerTransactionUrl, getNetwork } from '@rora/chains';
import type { WalletTransaction, WalletTransactionStatus } from '@rora/contracts';
import { formatAmount } from '@rora/money';
import type { TransactionRow } from './transactions.repository.ts';

const STATUS_OF_STAGE: Record<string, WalletTransactionStatus> = {
  pending: 'pending',
  confirming: 'pending',
  held: 'pending',
  broadcast: 'pending',
  confirmed: 'pending',
  credited: 'completed',
  posted: 'completed',
  failed: 'failed',
  voided: 'failed',
};

export const statusOfStage = (stage: string): WalletTransactionStatus => STATUS_OF_STAGE[stage] ?? 'pending';

/** The mempool is where a deposit is before its first block. */
const stageName = (row: TransactionRow) => (row.type === 'deposit' && row.stage === 'pending' ? 'mempool' : row.stage);

const iso = (value: Date | string) => new Date(value).toISOString();

export function transactionView(row: TransactionRow): WalletTransaction {
  const network = getNetwork(row.network);
  const internal = row.type === 'internal_send' || row.type === 'internal_receive';
  return {
    id: row.id,
    walletId: row.wallet_id,
    type: row.type,
    direction: row.type === 'deposit' || row.type === 'internal_receive' ? 'in' : 'out',
    assetSymbol: row.asset,
    networkId: network.id,
    amount: formatAmount(BigInt(row.amount), network.decimals),
    fee: formatAmount(BigInt(row.fee), network.decimals),
    status: STATUS_OF_STAGE[row.stage] ?? 'pending',
    stage: stageName(row),
    confirmations: row.confirmations,
    requiredConfirmations: internal ? 0 : (row.required_confirmations ?? network.confirmations),
    txid: row.txid,
    explorerUrl: row.txid ? explorerTransactionUrl(network.id, row.txid) : null,
    counterparty: row.counterparty,
    destinationTag: row.destination_tag === null ? null : Number(row.destination_tag),
    failureReason: row.failure_reason,
    waitingReason: row.stage === 'held' ? row.waiting_reason : null,
    createdAt: iso(row.created_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    source: { kind: row.type === 'deposit' ? 'deposit' : 'send', id: row.id },
    trade: null,
    swap: null,
  };
}

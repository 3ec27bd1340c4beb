// The devnet's transaction records and how one looks from the outside (a ChainTransaction).
import type { AssetSymbol } from '@rora/money';
import type { ChainTransaction, TransactionStatus } from '../adapter.ts';
import { NETWORKS, type NetworkId } from '../networks.ts';

export interface TxRecord {
  readonly txid: string;
  readonly network: NetworkId;
  readonly asset: AssetSymbol;
  readonly feeAsset: AssetSymbol;
  readonly from: string;
  readonly to: string;
  readonly amount: bigint;
  readonly destinationTag?: number;
  readonly feeRate: bigint;
  readonly fee: bigint;
  readonly nonce?: number;
  /** Arrival order in the mempool. */
  readonly seq: number;
  /** Deposits simulated from the outside world (`fundAddress`): no hot wallet balance moves. */
  readonly external: boolean;
  readonly withdrawalId?: string;
  /** The adapter's broadcast (or sweep) this record answers, so a retry after a restart finds it. */
  readonly broadcast?: BroadcastTag;
  state: 'pending' | 'included' | 'failed' | 'replaced';
  blockHeight?: number;
  blockHash?: string;
  failureReason?: string;
  replacedBy?: string;
  /** Fee actually charged: the fee once in a block (even when reverted), zero when dropped. */
  feePaid: bigint;
}

/** A broadcast's idempotency key and what it asked for (a retry must ask the same). */
export interface BroadcastTag {
  readonly key: string;
  readonly fingerprint: string;
  /** A sweep answers with its amount besides the txid. */
  readonly sweep: boolean;
}

export function confirmationsOf(record: TxRecord, height: number): number {
  return record.blockHeight === undefined ? 0 : height - record.blockHeight + 1;
}

export function statusOf(record: TxRecord, height: number): TransactionStatus {
  if (record.state === 'pending') return 'pending';
  if (record.state === 'failed' || record.state === 'replaced') return record.state;
  return confirmationsOf(record, height) >= NETWORKS[record.network].confirmations ? 'confirmed' : 'confirming';
}

export function toChainTransaction(record: TxRecord, height: number): ChainTransaction {
  const optional = {
    ...(record.destinationTag === undefined ? {} : { destinationTag: record.destinationTag }),
    ...(record.blockHeight === undefined ? {} : { blockHeight: record.blockHeight, blockHash: record.blockHash }),
    ...(record.failureReason === undefined ? {} : { failureReason: record.failureReason }),
    ...(record.replacedBy === undefined ? {} : { replacedBy: record.replacedBy }),
    ...(record.withdrawalId === undefined ? {} : { withdrawalId: record.withdrawalId }),
  };
  return {
    txid: record.txid,
    network: record.network,
    from: record.from,
    to: record.to,
    amount: record.amount,
    fee: record.state === 'pending' ? record.fee : record.feePaid,
    feeAsset: record.feeAsset,
    status: statusOf(record, height),
    confirmations: confirmationsOf(record, height),
    requiredConfirmations: NETWORKS[record.network].confirmations,
    ...optional,
  };
}

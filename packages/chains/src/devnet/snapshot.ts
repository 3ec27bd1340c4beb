// What a devnet chain keeps outside the process (ADR 0048): its state after each change, in batches a
// journal writes (PostgreSQL in the API), and the snapshot read back on start. Balances, nonces and
// the mempool of our own transactions are not kept: they follow from the genesis funding and the
// transaction records, and `replay` derives them again, so they cannot disagree with the records.
import type { BroadcastResult, ChainBlock } from '../adapter.ts';
import type { ChainId } from '../networks.ts';
import { reserveSpend, type Balances } from './balances.ts';
import type { MempoolEntry } from './mempool.ts';
import type { RandomState } from './random.ts';
import type { TxRecord } from './records.ts';

/** The part of a chain's state that its records do not give: where the chain stands. */
export interface DevnetChainState {
  readonly height: number;
  /** The next arrival number of the mempool (ours and background). */
  readonly seq: number;
  /** The fee market's base rate, in thousandths of a unit. */
  readonly baseMilli: bigint;
  readonly random: RandomState;
  /** Other people's waiting transactions. */
  readonly background: readonly MempoolEntry[];
}

/** One batch for the journal: written whole or not at all. */
export interface DevnetChanges {
  readonly chain: ChainId;
  readonly state: DevnetChainState;
  /** Records added or changed since the last batch, copied when the batch was taken. */
  readonly records: readonly TxRecord[];
  /** Blocks mined since the last batch, lowest first. */
  readonly blocks: readonly ChainBlock[];
  /** Blocks below this height are no longer kept (the devnet's `retainBlocks`). */
  readonly keepFrom: number;
}

/** A chain as its journal holds it, read back on start. */
export interface DevnetSnapshot {
  readonly state: DevnetChainState;
  /** Every record, in arrival order. */
  readonly records: readonly TxRecord[];
  /** The kept blocks, lowest first. */
  readonly blocks: readonly ChainBlock[];
}

/** A chain's fee market as its journal holds it: what a read-only copy estimates fees from (ADR 0082). */
export interface DevnetMarket {
  /** The base rate, in thousandths of a unit. */
  readonly baseMilli: bigint;
  /** Every waiting transaction, ours and background: its rate and arrival number. */
  readonly waiting: readonly MempoolEntry[];
}

/** Writes one batch durably, or throws (the chain retries it, and holds later batches meanwhile). */
export interface DevnetJournal {
  write(changes: DevnetChanges): Promise<void>;
  /** A batch failed and will be retried: the operator's log says why. */
  failed?(error: unknown, chain: ChainId): void;
}

export interface Replayed {
  /** Per sender, the nonce its next new transaction takes. */
  readonly nextNonce: Map<string, number>;
  /** Per sender, the nonce its next mined transaction must have. */
  readonly minedNonce: Map<string, number>;
  readonly pending: readonly TxRecord[];
  /** Addresses other than the hot wallet that sent (sweeps from deposit addresses). */
  readonly spenders: ReadonlySet<string>;
}

/**
 * Applies every settled record to `balances` (funded at genesis already) and reserves what pending
 * ones will spend, as the chain did when they happened. Credits go first: the final balances are
 * the same in any order, and no intermediate one goes negative.
 */
export function replay(records: readonly TxRecord[], balances: Balances): Replayed {
  const inBlock = records.filter((record) => record.blockHeight !== undefined);
  for (const record of inBlock) {
    if (record.state === 'included') balances.credit(record.asset, record.to, record.amount);
  }
  for (const record of inBlock) {
    if (record.external) continue;
    balances.debit(record.feeAsset, record.from, record.feePaid);
    if (record.state === 'included') balances.debit(record.asset, record.from, record.amount);
  }
  const pending = records.filter((record) => record.state === 'pending');
  for (const record of pending) if (!record.external) reserveSpend(balances, record);
  const nextNonce = new Map<string, number>();
  const minedNonce = new Map<string, number>();
  const spenders = new Set<string>();
  for (const record of records) {
    if (!record.external) spenders.add(record.from);
    if (record.nonce === undefined) continue;
    nextNonce.set(record.from, Math.max(nextNonce.get(record.from) ?? 0, record.nonce + 1));
    if (record.blockHeight !== undefined) {
      minedNonce.set(record.from, Math.max(minedNonce.get(record.from) ?? 0, record.nonce + 1));
    }
  }
  return { nextNonce, minedNonce, pending, spenders };
}

/** The answer a broadcast gave, given again to a retry of the same request after a restart. */
export function broadcastAnswer(record: TxRecord): BroadcastResult & { readonly amount?: bigint } {
  const answer = { txid: record.txid, fee: record.fee, feeAsset: record.feeAsset, status: 'pending' as const };
  return record.broadcast?.sweep ? { ...answer, amount: record.amount } : answer;
}

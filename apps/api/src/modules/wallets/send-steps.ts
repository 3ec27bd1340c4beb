// The steps of a send after its checks, shared by the request, the chain events and the reconcile.
// Each step is one PostgreSQL transaction that moves the send's status and the ledger together, and
// each is taken at most once (conditional status updates; ledger ids derived from the send's id).
// A broadcast runs inside a transaction that holds the send's row lock, so no two paths (a request
// and a reconcile, two processes) ever ask the chain for the same send at the same time.
import { sql } from 'drizzle-orm';
import { feeAssetOf, getNetwork, isChainError, type ChainAdapter } from '@rora/chains';
import type { Db, Tx } from '@rora/db';
import { isLedgerError, withTransaction, type Ledger, type LedgerOp } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { bindIdempotentEffect } from '../../lib/idempotency-recovery.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import { derivedId } from '../../lib/derived-id.ts';
import { createTurns } from '../../lib/turns.ts';
import { markWaiting, raiseHotWalletShort } from './send-waits.ts';
import type { NewSend, SendRow, SendsRepository } from './sends.repository.ts';
import type { StepFacts, WalletNotifier } from './wallet-notifier.ts';

export interface SendStepsDependencies {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  registry: ChainRegistry;
  sends: SendsRepository;
  notifier: WalletNotifier;
  log: { warn(object: object, message: string): void };
}

export interface VoidOptions {
  from: SendRow['status'][];
  /** False for a send the customer never approved: it never happened for them. */
  notify: boolean;
  /** Only while no approval is recorded (the reconcile's void of a hold whose request died). */
  unapproved?: boolean;
  /** An account-chain transaction that failed in a block still paid its network fee (ADR 0044). */
  networkFee?: bigint;
}

export interface SendSteps {
  /** Records the send and holds amount + fee, or refuses (422) when available does not cover it. */
  hold(send: NewSend & { amount: string; fee: string }, claimId: string | null): Promise<void>;
  /** Approved and held -> broadcast (or voided when the chain refuses it before sending). */
  broadcast(id: string): Promise<void>;
  settleInternal(send: SendRow): Promise<void>;
  /**
   * broadcast -> confirmed -> posted: the amount to the chain omnibus, the customer's fee to fee_result,
   * and the network fee paid (`reportedFee`, else the one recorded at broadcast) from fee_result to the
   * chain omnibus, all in the transaction that records the confirmation.
   */
  post(send: SendRow, confirmations: number, reportedFee?: bigint): Promise<void>;
  /** Returns the hold and closes the send. */
  void(send: Pick<SendRow, 'id'>, reason: string, options: VoidOptions): Promise<void>;
}

type Deps = SendStepsDependencies;
type Outcome = { row: SendRow; failed: string | null; waiting?: boolean };

export const facts = (send: SendRow, reason?: string | null): StepFacts => ({
  userId: send.userId,
  walletId: send.walletId,
  id: send.id,
  network: send.network,
  amount: BigInt(send.amount),
  reason: reason ?? send.failureReason,
});

async function hold(deps: Deps, send: NewSend & { amount: string; fee: string }, claimId: string | null) {
  try {
    await withTransaction(deps.db, async (tx) => {
      await deps.sends.insertHeld(tx, send, deps.clock.now());
      await bindIdempotentEffect(tx, claimId, send.id);
      await deps.ledger.hold(tx, {
        id: send.id,
        owner: send.userId,
        asset: send.asset as AssetSymbol,
        amount: BigInt(send.amount) + BigInt(send.fee),
        code: 'withdrawal_hold',
        metadata: { walletId: send.walletId, network: send.network, kind: send.kind },
      });
    });
  } catch (error) {
    if (isLedgerError(error, 'available_balance_must_cover_hold')) {
      throw new AppError('available_balance_must_cover_amount_and_fee', { field: 'amount' });
    }
    throw error;
  }
}

/** Voids send `id` from one of `change.from` and gives its hold back, in `tx`: the row, or null if it was not there. */
export async function voidHeldSend(
  tx: Tx,
  deps: Pick<Deps, 'sends' | 'ledger' | 'clock'>,
  id: string,
  change: Pick<VoidOptions, 'from' | 'unapproved' | 'networkFee'> & { reason: string },
): Promise<SendRow | null> {
  const { reason, networkFee } = change;
  const move = { from: change.from, to: 'voided' as const, reason, unapproved: change.unapproved === true };
  const paid = networkFee !== undefined && networkFee > 0n ? { networkFee } : {};
  const row = await deps.sends.move(tx, id, { ...move, ...paid }, deps.clock.now());
  if (!row) return null;
  await deps.ledger.voidHold(tx, { holdId: id, metadata: { reason } });
  if (networkFee !== undefined) await deps.ledger.apply(tx, networkFeeLeg(row, networkFee));
  return row;
}

async function voidSend(deps: Deps, send: Pick<SendRow, 'id'>, reason: string, options: VoidOptions): Promise<void> {
  const moved = await withTransaction(deps.db, (tx) => voidHeldSend(tx, deps, send.id, { ...options, reason }));
  if (moved && options.notify) await deps.notifier.step('send_failed', facts(moved, reason));
}

/**
 * One broadcast at a time per chain adapter in this process, queued before its transaction opens. An
 * adapter signs one withdrawal at a time anyway, and what it stores (the signed transaction, an EVM
 * nonce) goes through the pool on connections of its own: broadcasts that opened their send's
 * transaction first waited in the adapter's queue with a connection each, and twenty of them left
 * the one signing none to store with, which stopped the whole API.
 */
const oneAtATime = createTurns<ChainAdapter>();

/** Asks the chain under the send's row lock; a refusal voids the hold in the same transaction. */
function broadcastLocked(deps: Deps, adapter: ChainAdapter, id: string): Promise<Outcome | null> {
  return oneAtATime(adapter, () => lockedBroadcast(deps, adapter, id));
}

function lockedBroadcast(deps: Deps, adapter: ChainAdapter, id: string): Promise<Outcome | null> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      SELECT id FROM wallet_sends WHERE id = ${id} AND status = 'held' AND approved_at IS NOT NULL
      FOR UPDATE SKIP LOCKED`);
    if (rows.length === 0) return null;
    const send = (await deps.sends.find(tx, id)) as SendRow;
    try {
      const result = await adapter.broadcast({
        id,
        to: send.toAddress,
        amount: BigInt(send.amount),
        priority: send.priority,
        ...(send.destinationTag === null ? {} : { destinationTag: send.destinationTag }),
      });
      const chain = { txid: result.txid, networkFee: result.fee };
      return { row: (await deps.sends.markBroadcast(tx, id, chain, deps.clock.now())) as SendRow, failed: null };
    } catch (error) {
      if (!isChainError(error)) throw error;
      if (error.code === 'hot_wallet_balance_is_insufficient') {
        // Not the customer's fault: it waits for an operator to refill the hot wallet (ADR 0044).
        const waiting = await markWaiting(tx, id, 'hot_wallet_short');
        await raiseHotWalletShort(tx, send, deps.clock.now());
        return { row: send, failed: null, waiting };
      }
      const change = { from: ['held' as const], to: 'voided' as const, reason: error.code };
      const row = (await deps.sends.move(tx, id, change, deps.clock.now())) as SendRow;
      await deps.ledger.voidHold(tx, { holdId: id, metadata: { reason: error.code } });
      return { row, failed: error.code };
    }
  });
}

/**
 * A node that failed us (unreachable, slow, answering nonsense), as opposed to a bug, the database, or
 * a node refusing this one transaction (which says nothing about the chain).
 */
const isNodeFailure = (error: unknown): boolean => {
  const failure = error as { name?: unknown; kind?: unknown } | null;
  return failure?.name === 'NodeError' && failure.kind !== 'rejected';
};

async function broadcast(deps: Deps, id: string): Promise<void> {
  const send = await deps.sends.find(deps.db, id);
  if (!send) return;
  const network = getNetwork(send.network).id;
  // Another process writes the devnet (ADR 0048): the send stays held and approved, and that
  // process's reconcile broadcasts it on its next pass.
  if (!deps.registry.broadcastsHere(network)) return;
  // A degraded chain (node down, slow, behind): the send waits, held; the reconcile after the next
  // good pass broadcasts it (ADR 0044).
  if (deps.registry.health.degraded(network)) {
    if (await markWaiting(deps.db, id, 'chain_degraded')) await deps.notifier.changed(send.userId, send.walletId, id);
    return;
  }
  let outcome: Outcome | null;
  try {
    outcome = await broadcastLocked(deps, deps.registry.adapter(network), id);
  } catch (error) {
    // Not a refusal by the chain: the send stays held and approved; the reconcile tries again
    // under the same id, which the adapter answers with the same transaction.
    if (isNodeFailure(error)) deps.registry.health.report(network, { error });
    deps.log.warn({ sendId: id, error: (error as Error).name }, 'broadcast failed; will retry');
    return;
  }
  if (!outcome) return;
  if (outcome.waiting !== undefined) {
    if (outcome.waiting) await deps.notifier.changed(send.userId, send.walletId, id);
    return;
  }
  if (outcome.failed) await deps.notifier.step('send_failed', facts(outcome.row, outcome.failed));
  else await deps.notifier.step('send_broadcast', facts(outcome.row));
}

async function settleInternal(deps: Deps, send: SendRow): Promise<void> {
  const moved = await withTransaction(deps.db, async (tx) => {
    const row = await deps.sends.move(tx, send.id, { from: ['held'], to: 'posted' }, deps.clock.now());
    if (!row) return null;
    await deps.ledger.postHold(tx, {
      id: derivedId(send.id, 'internal_transfer'),
      holdId: send.id,
      credit: { owner: send.recipientUserId as string, kind: 'available' },
      amount: BigInt(send.amount),
      code: 'internal_transfer',
      metadata: { sendId: send.id },
    });
    return row;
  });
  if (!moved) return;
  await deps.notifier.step('send_completed', facts(moved));
  const recipient = { userId: send.recipientUserId as string, walletId: send.recipientWalletId as string };
  await deps.notifier.step('internal_received', { ...facts(moved), ...recipient });
}

/**
 * The network fee a send actually paid (ADR 0044): the chain's report of the mined transaction when it
 * gives one, else what the broadcast recorded (UTXO chains: inputs minus outputs).
 */
export function paidNetworkFee(send: SendRow, reported?: bigint): bigint {
  if (reported !== undefined && reported > 0n) return reported;
  return send.networkFee === null ? 0n : BigInt(send.networkFee);
}

/**
 * The hot wallet paid `paid` of the chain's fee asset for this send: fee_result -> chain_omnibus, so
 * that fee_result holds what customers were charged less what the network took (ADR 0044).
 */
export function networkFeeLeg(send: SendRow, paid: bigint): LedgerOp[] {
  if (paid <= 0n) return [];
  return [
    {
      op: 'transfer',
      id: derivedId(send.id, 'network_fee'),
      asset: feeAssetOf(getNetwork(send.network)),
      debit: { system: 'fee_result' },
      credit: { system: 'chain_omnibus' },
      amount: paid,
      code: 'network_fee',
      metadata: { sendId: send.id, txid: send.txid, charged: send.fee },
    },
  ];
}

function postings(send: SendRow, paid: bigint): LedgerOp[] {
  const fee = BigInt(send.fee);
  const common = { op: 'post' as const, holdId: send.id, metadata: { txid: send.txid } };
  const amount: LedgerOp = {
    ...common,
    id: derivedId(send.id, 'withdrawal'),
    credit: { system: 'chain_omnibus' },
    amount: BigInt(send.amount),
    code: 'withdrawal',
  };
  const feeLeg: LedgerOp[] =
    fee === 0n
      ? []
      : [
          {
            ...common,
            id: derivedId(send.id, 'withdrawal_fee'),
            credit: { system: 'fee_result' },
            amount: fee,
            code: 'withdrawal_fee',
          },
        ];
  return [amount, ...feeLeg, ...networkFeeLeg(send, paid)];
}

async function post(deps: Deps, send: SendRow, confirmations: number, reportedFee?: bigint): Promise<void> {
  const posted = await withTransaction(deps.db, async (tx) => {
    const networkFee = paidNetworkFee(send, reportedFee);
    const change = { from: ['broadcast' as const], to: 'confirmed' as const, confirmations, networkFee };
    const confirmed = await deps.sends.move(tx, send.id, change, deps.clock.now());
    if (!confirmed) return null;
    const paid = BigInt(confirmed.networkFee ?? 0);
    await deps.ledger.apply(tx, postings(confirmed, paid));
    return deps.sends.move(tx, send.id, { from: ['confirmed'], to: 'posted' }, deps.clock.now());
  });
  if (posted) await deps.notifier.step('send_completed', facts(posted));
}

export function createSendSteps(deps: SendStepsDependencies): SendSteps {
  return {
    hold: (send, claimId) => hold(deps, send, claimId),
    broadcast: (id) => broadcast(deps, id),
    settleInternal: (send) => settleInternal(deps, send),
    post: (send, confirmations, reportedFee) => post(deps, send, confirmations, reportedFee),
    void: (send, reason, options) => voidSend(deps, send, reason, options),
  };
}

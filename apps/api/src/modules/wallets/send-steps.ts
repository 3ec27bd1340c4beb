// The steps of a send after its checks, shared by the request, the chain events and the reconcile.
// Each step is one PostgreSQL transaction that moves the send's status and the ledger together, and
// each is taken at most once (conditional status updates; ledger ids derived from the send's id).
// A broadcast runs inside a transaction that holds the send's row lock, so no two paths (a request
// and a reconcile, two processes) ever ask the chain for the same send at the same time.
import { sql } from 'drizzle-orm';
import { getNetwork, isChainError, type ChainAdapter } from '@rora/chains';
import type { Db, Tx } from '@rora/db';
import { isLedgerError, withTransaction, type Ledger, type LedgerOp } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { bindIdempotentEffect } from '../../lib/idempotency-recovery.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import { derivedId } from '../../lib/derived-id.ts';
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
}

export interface SendSteps {
  /** Records the send and holds amount + fee, or refuses (422) when available does not cover it. */
  hold(send: NewSend & { amount: string; fee: string }, claimId: string | null): Promise<void>;
  /** Approved and held -> broadcast (or voided when the chain refuses it before sending). */
  broadcast(id: string): Promise<void>;
  settleInternal(send: SendRow): Promise<void>;
  /**
   * broadcast -> confirmed -> posted: the amount to the chain omnibus, the fee to the house;
   * `networkFee`, what the mined transaction paid, replaces the estimate recorded at broadcast.
   */
  post(send: SendRow, confirmations: number, networkFee?: bigint): Promise<void>;
  /** Returns the hold and closes the send. */
  void(send: Pick<SendRow, 'id'>, reason: string, options: VoidOptions): Promise<void>;
}

type Deps = SendStepsDependencies;
type Outcome = { row: SendRow; failed: string | null };

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
  change: Pick<VoidOptions, 'from' | 'unapproved'> & { reason: string },
): Promise<SendRow | null> {
  const { reason } = change;
  const move = { from: change.from, to: 'voided' as const, reason, unapproved: change.unapproved === true };
  const row = await deps.sends.move(tx, id, move, deps.clock.now());
  if (row) await deps.ledger.voidHold(tx, { holdId: id, metadata: { reason } });
  return row;
}

async function voidSend(deps: Deps, send: Pick<SendRow, 'id'>, reason: string, options: VoidOptions): Promise<void> {
  const moved = await withTransaction(deps.db, (tx) => voidHeldSend(tx, deps, send.id, { ...options, reason }));
  if (moved && options.notify) await deps.notifier.step('send_failed', facts(moved, reason));
}

/** Asks the chain under the send's row lock; a refusal voids the hold in the same transaction. */
function broadcastLocked(deps: Deps, adapter: ChainAdapter, id: string): Promise<Outcome | null> {
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
      const change = { from: ['held' as const], to: 'voided' as const, reason: error.code };
      const row = (await deps.sends.move(tx, id, change, deps.clock.now())) as SendRow;
      await deps.ledger.voidHold(tx, { holdId: id, metadata: { reason: error.code } });
      return { row, failed: error.code };
    }
  });
}

async function broadcast(deps: Deps, id: string): Promise<void> {
  const send = await deps.sends.find(deps.db, id);
  if (!send) return;
  let outcome: Outcome | null;
  try {
    outcome = await broadcastLocked(deps, deps.registry.adapter(getNetwork(send.network).id), id);
  } catch (error) {
    // Not a refusal by the chain: the send stays held and approved; the reconcile tries again
    // under the same id, which the adapter answers with the same transaction.
    deps.log.warn({ sendId: id, error: (error as Error).name }, 'broadcast failed; will retry');
    return;
  }
  if (!outcome) return;
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

function postings(send: SendRow): LedgerOp[] {
  const fee = BigInt(send.fee);
  const common = { op: 'post' as const, holdId: send.id, metadata: { txid: send.txid } };
  const amount: LedgerOp = {
    ...common,
    id: derivedId(send.id, 'withdrawal'),
    credit: { system: 'chain_omnibus' },
    amount: BigInt(send.amount),
    code: 'withdrawal',
  };
  if (fee === 0n) return [amount];
  const feeLeg: LedgerOp = {
    ...common,
    id: derivedId(send.id, 'withdrawal_fee'),
    credit: { system: 'fees' },
    amount: fee,
    code: 'withdrawal_fee',
  };
  return [amount, feeLeg];
}

async function post(deps: Deps, send: SendRow, confirmations: number, networkFee?: bigint): Promise<void> {
  const posted = await withTransaction(deps.db, async (tx) => {
    const change = {
      from: ['broadcast' as const],
      to: 'confirmed' as const,
      confirmations,
      ...(networkFee === undefined ? {} : { networkFee }),
    };
    const confirmed = await deps.sends.move(tx, send.id, change, deps.clock.now());
    if (!confirmed) return null;
    await deps.ledger.apply(tx, postings(confirmed));
    return deps.sends.move(tx, send.id, { from: ['confirmed'], to: 'posted' }, deps.clock.now());
  });
  if (posted) await deps.notifier.step('send_completed', facts(posted));
}

export function createSendSteps(deps: SendStepsDependencies): SendSteps {
  return {
    hold: (send, claimId) => hold(deps, send, claimId),
    broadcast: (id) => broadcast(deps, id),
    settleInternal: (send) => settleInternal(deps, send),
    post: (send, confirmations, networkFee) => post(deps, send, confirmations, networkFee),
    void: (send, reason, options) => voidSend(deps, send, reason, options),
  };
}

// The answer to a send whose request died (ADR 0024), for the idempotency layer: the retry of a send
// whose key was left in flight gets the send as it stands once it was approved (the reconcile
// finishes it), or, when the request died before recording the approval, the hold is voided at once
// (only that request could have approved it; a send voided before approval stays so) and the key
// released, so the retry asks again.
import { sql } from 'drizzle-orm';
import type { Tx } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import type { OrphanedKey, RecoveredAnswer } from '../../lib/idempotency-recovery.ts';
import type { Clock } from '../../lib/clock.ts';
import { voidHeldSend } from './send-steps.ts';
import type { SendsRepository } from './sends.repository.ts';
import { transactionView } from './transaction-view.ts';
import type { TransactionsRepository } from './transactions.repository.ts';

export type SendRecovery = (tx: Tx, key: OrphanedKey) => Promise<RecoveredAnswer | null>;

async function voidUnapproved(tx: Tx, deps: { clock: Clock; ledger: Ledger; sends: SendsRepository }, id: string) {
  const change = { from: ['held' as const], reason: 'approval_not_received', unapproved: true };
  const voided = await voidHeldSend(tx, deps, id, change);
  if (!voided) throw new Error(`send ${id} left "held" under its row lock`);
}

export function createSendRecovery(deps: {
  clock: Clock;
  ledger: Ledger;
  sends: SendsRepository;
  transactions: TransactionsRepository;
}): SendRecovery {
  return async (tx, key) => {
    await tx.execute(sql`SELECT 1 FROM wallet_sends WHERE id = ${key.effectId} FOR UPDATE`);
    const send = await deps.sends.find(tx, key.effectId);
    if (!send || send.userId !== key.userId) {
      throw new Error(`idempotency key of ${key.userId} bound to send ${key.effectId}, which is not theirs`);
    }
    // Never approved: it never happened for the customer (the history leaves it out). Held, its hold
    // is voided here; already voided (by the reconcile, or by its request when the PIN check lost the
    // database), there is nothing left to undo. Either way the key is released and the retry runs.
    if (send.approvedAt === null) {
      if (send.status === 'held') await voidUnapproved(tx, deps, send.id);
      return null;
    }
    // On the transaction: it holds the key's and the send's locks, and must not wait for the pool.
    const row = await deps.transactions.one(send.walletId, send.id, tx);
    if (!row) throw new Error(`send ${send.id} is missing from its wallet's transactions`);
    return { status: 200, body: { data: transactionView(row) } };
  };
}

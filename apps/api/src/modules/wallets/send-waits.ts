// Sends that wait, held, instead of failing (ADR 0044): while their chain is degraded, or while the hot
// wallet cannot cover them. The reason is on the send (the customer's transaction list shows it) and a
// short hot wallet raises an operator alert, once per send, to refill it. The reconcile retries held
// sends on every pass, so each goes out by itself once the chain is healthy or the hot wallet refilled;
// the broadcast clears the reason.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';
import type { SendRow } from './sends.repository.ts';

export type WaitingReason = NonNullable<SendRow['waitingReason']>;

/** Records why an approved, held send waits; true when the reason is new (the customer is told). */
export async function markWaiting(executor: Db | Tx, id: string, reason: WaitingReason): Promise<boolean> {
  const { rows } = await executor.execute<{ id: string }>(sql`
    UPDATE wallet_sends SET waiting_reason = ${reason}
     WHERE id = ${id} AND status = 'held' AND approved_at IS NOT NULL
       AND waiting_reason IS DISTINCT FROM ${reason}
    RETURNING id`);
  return rows.length > 0;
}

/** An operator alert: the hot wallet of the send's network cannot pay it (raised once per send). */
export async function raiseHotWalletShort(tx: Tx, send: SendRow, now: Date): Promise<void> {
  const details = { network: send.network, asset: send.asset, amount: send.amount, sendId: send.id };
  await tx.execute(sql`
    INSERT INTO operator_alerts (kind, subject_id, details, raised_at)
    VALUES ('hot_wallet_short', ${send.id}, ${JSON.stringify(details)}::jsonb, ${now})
    ON CONFLICT (kind, subject_id) DO NOTHING`);
}

// The invariants a chaos run checks after every recovery, once no request is in flight (every
// operation of the round has a definite answer or has given up):
//
// 1. Ledger. `runLedgerCheck` (packages/ledger, the checker of `npm run ledger:check`) finds no
//    violation: postings and balances sum to zero, nothing negative, held equals the open holds,
//    balances equal the replay of their transfers.
// 2. Acknowledged means answered 2xx. A write answered 4xx had no effect; one with no definite
//    answer after the retry window (no answer, 5xx, or 409 idempotency_request_in_progress on every
//    try) "gave up": its effect is unknown.
// 3. Exactly once, per flow, per customer: the rows of the flow in the database are the ids the 2xx
//    answers named, each once (a primary key), plus at most one per write that gave up. Flows:
//    order (POST /order limit or market -> orders.id), swap (POST /order type swap -> swaps.id),
//    send (POST /wallet/sendTransaction, internal or external -> wallet_sends.id), cold move
//    (POST /coldwallet -> cold_wallet_moves.id). An acknowledged row missing is a lost write; more
//    rows than that is an effect without its record (a retry that acted twice, or a phantom). A send
//    never approved is no effect: its hold is voided, it is never broadcast nor posted, and the
//    customer's history leaves it out; the retry of a request that died before approving it voids it
//    and sends anew (ADR 0024), so only approved sends count.
//    An acknowledged cancel (DELETE /order/:id answered 200) leaves its order cancelled.
// 4. No key stuck: a write that gave up on 409 idempotency_request_in_progress means its key stayed
//    "in flight" after recovery (the client can neither get the answer nor try again).
// 5. No orphaned hold. At rest a pending hold is legitimate only while its flow still needs it:
//    order_hold: its order is pending (at an external platform), open or partially_filled;
//    swap_hold: its swap is in_progress (awaiting settlement); withdrawal_hold: its send is
//    external and broadcast or confirmed (awaiting the chain's confirmations). Any other pending
//    hold of these codes, or one whose flow row is gone, is orphaned: a send left `held` (approved or
//    not) has nothing that will ever post or void it. The server gets ORPHAN_GRACE_MS to settle
//    what its own recovery settles before a hold counts as orphaned.
// 6. A fill is told exactly once: each order of Rora's books (lit or dark) of the run's customers
//    that filled in full has one order_filled notification, and each such notification names an
//    order of its customer that filled in full. Both are written by the batch that fills the order
//    (ADR 0059), so a fault between the two cannot leave one without the other.
// 7. The server comes back: after SIGKILL it restarts on the same data dir the way `npm start`
//    would; after a PostgreSQL immediate stop (which it starts again itself) or terminated backends
//    it answers /health 200 again WITHOUT being restarted, and while the database is away it answers
//    503 with Retry-After, never 500 (see run.ts).
import { runLedgerCheck } from '@rora/ledger';
import type pg from 'pg';
import type { Flow, Outcome } from './operations.ts';

export const ORPHAN_GRACE_MS = 15_000;

export interface Violation {
  readonly invariant: string;
  readonly detail: string;
}

export async function checkLedger(pool: pg.Pool): Promise<Violation[]> {
  const { violations } = await runLedgerCheck(pool);
  return violations.map((violation) => ({ invariant: `ledger:${violation.invariant}`, detail: violation.message }));
}

const FLOW_ROWS: Record<Flow, string> = {
  order: 'SELECT id::text, user_id::text, status FROM orders WHERE user_id = ANY($1::uuid[])',
  swap: 'SELECT id::text, user_id::text, status FROM swaps WHERE user_id = ANY($1::uuid[])',
  send: 'SELECT id::text, user_id::text, status FROM wallet_sends WHERE user_id = ANY($1::uuid[]) AND approved_at IS NOT NULL',
  cold_move:
    'SELECT id::text, user_id::text, direction AS status FROM cold_wallet_moves WHERE user_id = ANY($1::uuid[])',
};

export interface Row {
  id: string;
  user_id: string;
  status: string;
}

export function compareFlow(flow: Flow, outcomes: Outcome[], rows: Row[]): Violation[] {
  const violations: Violation[] = [];
  const stored = new Set(rows.map((row) => row.id));
  const acknowledged = outcomes.filter((outcome) => outcome.flow === flow && outcome.effectId);
  for (const outcome of acknowledged) {
    if (!stored.has(outcome.effectId!)) {
      violations.push({
        invariant: 'acknowledged_write_lost',
        detail: `${outcome.operation.kind} #${outcome.operation.index} answered ${outcome.answer?.status} with ${flow} ${outcome.effectId}, which is not in the database`,
      });
    }
  }
  const named = new Set(acknowledged.map((outcome) => outcome.effectId!));
  for (const userId of new Set(rows.map((row) => row.user_id))) {
    const extra = rows.filter((row) => row.user_id === userId && !named.has(row.id));
    const unknown = outcomes.filter((o) => o.flow === flow && o.userId === userId && o.gaveUp).length;
    if (extra.length > unknown) {
      violations.push({
        invariant: 'effect_without_acknowledgement',
        detail: `customer ${userId} has ${extra.length} ${flow}(s) no 2xx answer named (${extra.map((row) => row.id).join(', ')}), but only ${unknown} write(s) of that flow gave up`,
      });
    }
  }
  return violations;
}

export async function checkAcknowledged(pool: pg.Pool, outcomes: Outcome[]): Promise<Violation[]> {
  const users = [...new Set(outcomes.map((outcome) => outcome.userId))];
  const violations: Violation[] = [];
  for (const flow of Object.keys(FLOW_ROWS) as Flow[]) {
    const { rows } = await pool.query<Row>(FLOW_ROWS[flow], [users]);
    violations.push(...compareFlow(flow, outcomes, rows));
    if (flow !== 'order') continue;
    const status = new Map(rows.map((row) => [row.id, row.status]));
    for (const outcome of outcomes) {
      if (outcome.operation.kind !== 'cancel' || !outcome.effectId) continue;
      if (status.get(outcome.effectId) !== 'cancelled') {
        violations.push({
          invariant: 'acknowledged_cancel_lost',
          detail: `cancel #${outcome.operation.index} of order ${outcome.effectId} answered 200, but the order is ${status.get(outcome.effectId) ?? 'gone'}`,
        });
      }
    }
  }
  for (const outcome of outcomes) {
    if (outcome.gaveUp && outcome.answer?.code === 'idempotency_request_in_progress') {
      violations.push({
        invariant: 'idempotency_key_stuck_in_flight',
        detail: `${outcome.operation.kind} #${outcome.operation.index} still answered 409 idempotency_request_in_progress after ${outcome.attempts} tries over the retry window`,
      });
    }
  }
  return violations;
}

const ORPHAN_HOLDS = `
  SELECT h.id::text, h.code, h.asset, (h.amount - h.posted_amount - h.voided_amount)::text AS remaining,
         coalesce(o.status, s.status, w.kind || ' ' || w.status, 'gone') AS flow_state
    FROM ledger_holds h
    LEFT JOIN orders o ON h.code = 'order_hold' AND o.id = h.id
    LEFT JOIN swaps s ON h.code = 'swap_hold' AND s.id = h.id
    LEFT JOIN wallet_sends w ON h.code = 'withdrawal_hold' AND w.id = h.id
   WHERE h.status = 'pending'
     AND h.code IN ('order_hold', 'swap_hold', 'withdrawal_hold')
     AND NOT (h.code = 'order_hold' AND o.status IN ('pending', 'open', 'partially_filled'))
     AND NOT (h.code = 'swap_hold' AND s.status = 'in_progress')
     AND NOT (h.code = 'withdrawal_hold' AND w.kind = 'external' AND w.status IN ('broadcast', 'confirmed'))
   ORDER BY h.created_at`;

/** Pending holds whose flow no longer needs them, after ORPHAN_GRACE_MS for the server to settle them. */
export async function checkOrphanHolds(pool: pg.Pool): Promise<Violation[]> {
  const deadline = Date.now() + ORPHAN_GRACE_MS;
  for (;;) {
    const { rows } = await pool.query<{
      id: string;
      code: string;
      asset: string;
      remaining: string;
      flow_state: string;
    }>(ORPHAN_HOLDS);
    if (rows.length === 0) return [];
    if (Date.now() > deadline) {
      return rows.map((row) => ({
        invariant: 'orphaned_hold',
        detail: `${row.code} ${row.id} still holds ${row.remaining} ${row.asset} (minor units) but its flow is ${row.flow_state}`,
      }));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const UNTOLD_FILLS = `
  SELECT o.id::text AS order_id, count(n.id)::int AS notices, true AS filled
    FROM orders o
    LEFT JOIN notifications n
      ON n.user_id = o.user_id AND n.kind = 'order_filled' AND n.data->>'orderId' = o.id::text
   WHERE o.user_id = ANY($1::uuid[]) AND o.status = 'filled' AND o.book IN ('lit', 'dark')
   GROUP BY o.id HAVING count(n.id) <> 1
  UNION ALL
  SELECT n.data->>'orderId', 1, false
    FROM notifications n
    LEFT JOIN orders o ON o.id::text = n.data->>'orderId' AND o.user_id = n.user_id
   WHERE n.user_id = ANY($1::uuid[]) AND n.kind = 'order_filled' AND (o.id IS NULL OR o.status <> 'filled')`;

/** Orders filled in full without exactly one notification, and notifications of no such order. */
export async function checkFillNotifications(pool: pg.Pool, outcomes: Outcome[]): Promise<Violation[]> {
  const users = [...new Set(outcomes.map((outcome) => outcome.userId))];
  const { rows } = await pool.query<{ order_id: string; notices: number; filled: boolean }>(UNTOLD_FILLS, [users]);
  return rows.map((row) => ({
    invariant: 'fill_notification_mismatch',
    detail: row.filled
      ? `order ${row.order_id} filled in full has ${row.notices} order_filled notifications`
      : `an order_filled notification names order ${row.order_id}, which did not fill in full`,
  }));
}

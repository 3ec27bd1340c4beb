// A wallet's history read from the ledger (ADR 0037): every transfer that changed the customer's
// total of an asset (available + held), grouped by what caused it (a deposit, a send, a fill, a
// swap, a stake, a loan event), newest first. Holds and voids move nothing (ADR 0063); the moves
// between the customer's own available and held accounts that holds made before change nothing the
// customer owns, and are not listed. Beside the booked
// rows come the deposits, sends and swaps still under way or refused, which have moved nothing yet:
// they are marked `booked = false` (with the amount they hold or would credit), so the booked rows
// alone sum to the balance.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@rora/db';

export type HistoryScope = { readonly userId: string; readonly asset?: string | undefined };

export type HistoryRow = {
  /** The source's id: deposit, send, fill, order (venue), swap, or the transfer itself. */
  id: string;
  /** deposit, send, internal_send, internal_receive, fill, venue_order, swap, or a ledger code. */
  kind: string;
  asset: string;
  /** Signed change of the customer's total in minor units, fees included (what it holds, unbooked). */
  delta: string;
  /** What this source charged in this asset, in minor units (part of `delta`). */
  fee: string;
  booked: boolean;
  created_at: Date | string;
  /** The stake, loan or purchase a finance movement belongs to. */
  source_ref: string | null;
  // Deposit and send details.
  wallet_id: string | null;
  network: string | null;
  stage: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  txid: string | null;
  counterparty: string | null;
  destination_tag: string | number | bigint | null;
  failure_reason: string | null;
  /** Why a held send waits (ADR 0044). */
  waiting_reason: 'chain_degraded' | 'hot_wallet_short' | null;
  completed_at: Date | string | null;
  // Trade details: the customer's order, and the fill's price and quantity (or the order's average).
  order_id: string | null;
  pair: string | null;
  side: string | null;
  price: string | null;
  quantity: string | null;
  notional: string | null;
  // Swap details.
  from_asset: string | null;
  to_asset: string | null;
  from_amount: string | null;
  to_amount: string | null;
};

/** The customer's ledger movements of the scope, one row per source. */
function booked(scope: HistoryScope): SQL {
  const asset = scope.asset === undefined ? sql`` : sql`AND asset = ${scope.asset}`;
  return sql`
    WITH acct AS (
      SELECT id FROM ledger_accounts WHERE owner_id = ${scope.userId} AND kind IN ('available', 'held') ${asset}
    ),
    -- Out of and into the customer's accounts, each through its index (a transfer between two of them,
    -- a hold or a void, is neither): an OR of the two sides read every transfer of the ledger.
    moves AS (
      SELECT t.id, t.code, t.hold_id, t.metadata, t.created_at, t.asset, -t.amount AS delta
        FROM ledger_transfers t
       WHERE t.debit_account_id = ANY (ARRAY(SELECT id FROM acct))
         AND t.credit_account_id <> ALL (ARRAY(SELECT id FROM acct))
      UNION ALL
      SELECT t.id, t.code, t.hold_id, t.metadata, t.created_at, t.asset, t.amount AS delta
        FROM ledger_transfers t
       WHERE t.credit_account_id = ANY (ARRAY(SELECT id FROM acct))
         AND t.debit_account_id <> ALL (ARRAY(SELECT id FROM acct))
    ),
    keyed AS (
      SELECT m.*,
        CASE
          WHEN code IN ('withdrawal', 'withdrawal_fee') THEN 'send'
          WHEN code = 'internal_transfer' AND delta < 0 THEN 'internal_send'
          WHEN code = 'internal_transfer' THEN 'internal_receive'
          WHEN code = 'trade' THEN 'fill'
          WHEN code IN ('venue_trade', 'trade_fee') AND metadata ? 'order' THEN 'venue_order'
          -- A batch's fee of Rora's books: each fill row carries its own part (order_fills).
          WHEN code = 'trade_fee' THEN 'batch_fee'
          WHEN metadata ? 'swapId' THEN 'swap'
          ELSE code
        END AS kind,
        CASE
          WHEN code IN ('withdrawal', 'withdrawal_fee', 'internal_transfer') THEN hold_id::text
          WHEN code = 'trade' THEN metadata->>'fill'
          WHEN code IN ('venue_trade', 'trade_fee') AND metadata ? 'order' THEN metadata->>'order'
          WHEN metadata ? 'swapId' THEN metadata->>'swapId'
          ELSE id::text
        END AS ref
      FROM moves m
    ),
    grouped AS (
      SELECT ref AS id, kind, asset, sum(delta) AS delta,
        sum(CASE WHEN code IN ('withdrawal_fee', 'trade_fee', 'swap_fee', 'loan_fee') THEN -delta ELSE 0 END) AS fee,
        min(created_at) AS booked_at,
        max(coalesce(metadata->>'stakeId', metadata->>'loanId', metadata->>'purchaseId')) AS source_ref
      FROM keyed WHERE kind <> 'batch_fee' GROUP BY ref, kind, asset
    )
    -- Listed at the time of their source, on the same clock as the rows not yet booked: each looked up
    -- by its key (joins hashed whole tables of every customer's fills and orders).
    SELECT g.id, g.kind, g.asset, g.delta, g.fee, true AS booked,
      coalesce(CASE
        WHEN g.kind = 'deposit' THEN (SELECT d.first_seen_at FROM chain_deposits d WHERE d.id = g.id::uuid)
        WHEN g.kind IN ('send', 'internal_send', 'internal_receive')
          THEN (SELECT s.created_at FROM wallet_sends s WHERE s.id = g.id::uuid)
        WHEN g.kind = 'fill' THEN (SELECT f.created_at FROM order_fills f WHERE f.id = g.id::uuid)
        WHEN g.kind = 'venue_order' THEN (SELECT o.created_at FROM orders o WHERE o.id = g.id::uuid)
        WHEN g.kind = 'swap' THEN (SELECT w.created_at FROM swaps w WHERE w.id = g.id::uuid)
      END, g.booked_at) AS created_at,
      g.source_ref
    FROM grouped g`;
}

/** Deposits, sends and swaps that have not (or never) changed the total: shown, not summed. */
function unbooked(scope: HistoryScope): SQL {
  const user = scope.userId;
  const of = (column: SQL) => (scope.asset === undefined ? sql`true` : sql`${column} = ${scope.asset}`);
  return sql`
    SELECT d.id::text, 'deposit', d.asset, d.amount, 0::numeric, false, d.first_seen_at, NULL
    FROM chain_deposits d WHERE d.user_id = ${user} AND d.status <> 'credited' AND ${of(sql`d.asset`)}
    UNION ALL
    SELECT s.id::text, CASE WHEN s.kind = 'internal' THEN 'internal_send' ELSE 'send' END, s.asset,
      -(s.amount + s.fee), s.fee, false,
      s.created_at, NULL
    FROM wallet_sends s
    WHERE s.user_id = ${user} AND s.approved_at IS NOT NULL AND s.status <> 'posted' AND ${of(sql`s.asset`)}
    UNION ALL
    SELECT w.id::text, 'swap', w.from_asset, -w.quantity, w.fee, false, w.created_at, NULL
    FROM swaps w WHERE w.user_id = ${user} AND w.status <> 'completed' AND ${of(sql`w.from_asset`)}`;
}

/**
 * The details of each listed row, from its source's table. A fill of Rora's books carries its own
 * part of the batch's fee transfer (the customer's fee on that fill, in the asset it was paid in).
 */
function detailed(page: SQL, userId: string): SQL {
  return sql`
    SELECT p.id, p.kind, p.asset, (p.delta - ff.fee)::text AS delta, (p.fee + ff.fee)::text AS fee,
      p.booked, p.created_at, p.source_ref, p.total::text AS total,
      coalesce(d.wallet_id, CASE WHEN p.kind = 'internal_receive' THEN s.recipient_wallet_id ELSE s.wallet_id END)::text
        AS wallet_id,
      coalesce(d.network, s.network) AS network, coalesce(d.status, s.status) AS stage,
      coalesce(d.confirmations, s.confirmations) AS confirmations, d.required_confirmations,
      coalesce(d.txid, s.txid) AS txid,
      CASE WHEN p.kind = 'internal_receive' THEN sw.address ELSE coalesce(d.from_address, s.to_address) END
        AS counterparty,
      s.destination_tag, coalesce(d.failure_reason, s.failure_reason, w.failure_reason) AS failure_reason,
      CASE WHEN s.status = 'held' THEN s.waiting_reason END AS waiting_reason,
      coalesce(d.credited_at, s.settled_at, w.settled_at) AS completed_at,
      o.id::text AS order_id, o.pair, o.side, f.price::text AS price,
      coalesce(f.quantity, o.filled_quantity)::text AS quantity, coalesce(f.notional, o.filled_notional)::text AS notional,
      w.from_asset, w.to_asset, w.quantity::text AS from_amount, w.receive::text AS to_amount
    FROM (${page}) p
    LEFT JOIN chain_deposits d ON p.kind = 'deposit' AND d.id = p.id::uuid
    LEFT JOIN wallet_sends s ON p.kind IN ('send', 'internal_send', 'internal_receive') AND s.id = p.id::uuid
    LEFT JOIN wallets sw ON p.kind = 'internal_receive' AND sw.id = s.wallet_id
    LEFT JOIN order_fills f ON p.kind = 'fill' AND f.id = p.id::uuid
    LEFT JOIN orders o ON (p.kind = 'venue_order' AND o.id = p.id::uuid)
      OR (p.kind = 'fill' AND o.id = CASE WHEN f.taker_user_id = ${userId} THEN f.taker_order_id ELSE f.maker_order_id END)
    LEFT JOIN swaps w ON p.kind = 'swap' AND w.id = p.id::uuid
    CROSS JOIN LATERAL (
      SELECT coalesce(CASE WHEN p.kind = 'fill' AND p.asset = o.fee_asset
        THEN CASE WHEN f.taker_user_id = ${userId} THEN f.taker_fee ELSE f.maker_fee END END, 0) AS fee
    ) ff
    ORDER BY p.created_at DESC, p.id DESC`;
}

export interface LedgerHistoryRepository {
  page(scope: HistoryScope, paging: { limit: number; offset: number }): Promise<{ rows: HistoryRow[]; total: number }>;
}

/**
 * A page and the count of all rows from one pass over the customer's movements: the page is sorted
 * out of every row anyway, so the count comes with it (`count(*) OVER ()`, before the limit), where a
 * second query read and grouped every transfer again. Only a page past the end, which has no row to
 * carry the count, counts on its own.
 */
export function createLedgerHistoryRepository(db: Db): LedgerHistoryRepository {
  return {
    async page(scope, { limit, offset }) {
      const all = sql`${booked(scope)} UNION ALL ${unbooked(scope)}`;
      const page = sql`
        SELECT a.*, count(*) OVER () AS total FROM (${all}) a
         ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`;
      const { rows } = await db.execute<HistoryRow & { total: string }>(detailed(page, scope.userId));
      if (rows.length > 0) return { rows: rows.map(({ total: _, ...row }) => row), total: Number(rows[0]!.total) };
      const count = await db.execute<{ total: string }>(sql`SELECT count(*)::text AS total FROM (${all}) a`);
      return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
    },
  };
}

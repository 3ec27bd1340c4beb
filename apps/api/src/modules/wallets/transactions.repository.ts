// One chain transaction of a wallet as the live events and the send's answer show it: a deposit seen
// on chain, an approved send (external or to another Rora customer), or an internal send received.
// Sends refused at approval never happened for the customer and are left out. The lists are read
// from the ledger (ledger-history.repository.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';

export type TransactionRow = {
  id: string;
  wallet_id: string;
  type: 'deposit' | 'send' | 'internal_send' | 'internal_receive';
  network: string;
  asset: string;
  amount: string;
  fee: string;
  stage: string;
  confirmations: number;
  required_confirmations: number | null;
  txid: string | null;
  counterparty: string | null;
  destination_tag: string | number | bigint | null;
  failure_reason: string | null;
  waiting_reason: 'chain_degraded' | 'hot_wallet_short' | null;
  created_at: Date | string;
  completed_at: Date | string | null;
};

function union(walletId: string): SQL {
  const deposits = sql`d.wallet_id = ${walletId}`;
  const sends = sql`s.wallet_id = ${walletId}`;
  const received = sql`s.recipient_wallet_id = ${walletId}`;
  return sql`
    SELECT d.id, d.wallet_id, 'deposit' AS type, d.network, d.asset, d.amount::text AS amount, '0' AS fee,
      d.status AS stage, d.confirmations, d.required_confirmations, d.txid, d.from_address AS counterparty,
      NULL::bigint AS destination_tag, d.failure_reason, NULL::text AS waiting_reason, d.first_seen_at AS created_at,
      d.credited_at AS completed_at
    FROM chain_deposits d WHERE ${deposits}
    UNION ALL
    SELECT s.id, s.wallet_id, CASE WHEN s.kind = 'internal' THEN 'internal_send' ELSE 'send' END, s.network, s.asset,
      s.amount::text, s.fee::text, s.status, s.confirmations, NULL, s.txid, s.to_address, s.destination_tag,
      s.failure_reason, s.waiting_reason, s.created_at, s.settled_at
    FROM wallet_sends s WHERE ${sends} AND s.approved_at IS NOT NULL
    UNION ALL
    SELECT s.id, s.recipient_wallet_id, 'internal_receive', s.network, s.asset, s.amount::text, '0', s.status, 0,
      NULL, NULL, w.address, NULL, NULL, NULL, s.created_at, s.settled_at
    FROM wallet_sends s JOIN wallets w ON w.id = s.wallet_id WHERE ${received} AND s.status = 'posted'`;
}

export interface TransactionsRepository {
  /**
   * One transaction of a wallet (for live events and the send's answer); `on` a transaction that
   * already holds a connection (a recovery under its key's lock), else through the pool.
   */
  one(walletId: string, id: string, on?: Db | Tx): Promise<TransactionRow | null>;
}

export function createTransactionsRepository(db: Db): TransactionsRepository {
  return {
    async one(walletId, id, on = db) {
      const { rows } = await on.execute<TransactionRow>(
        sql`SELECT * FROM (${union(walletId)}) t WHERE t.id = ${id} LIMIT 1`,
      );
      return rows[0] ?? null;
    },
  };
}

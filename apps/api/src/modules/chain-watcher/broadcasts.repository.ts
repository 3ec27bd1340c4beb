// The adapters' BroadcastStore in PostgreSQL (table chain_broadcasts): a signed withdrawal is
// committed here, in its own transaction, before the node sees it, so a retry after a crash sends
// the same bytes (same txid) instead of signing another transaction.
import { sql } from 'drizzle-orm';
import type { BroadcastStore, StoredBroadcast } from '@rora/chains';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';

type Row = {
  network: string;
  id: string;
  fingerprint: string;
  txid: string;
  raw: string;
  to_address: string;
  amount: string;
  fee: string;
};

const toBroadcast = (row: Row): StoredBroadcast => ({
  network: row.network,
  id: row.id,
  fingerprint: row.fingerprint,
  txid: row.txid,
  raw: row.raw,
  to: row.to_address,
  amount: BigInt(row.amount),
  fee: BigInt(row.fee),
});

const COLUMNS = sql`network, id, fingerprint, txid, raw, to_address, amount::text, fee::text`;

export function createBroadcastStore(db: Db, clock: Clock): BroadcastStore {
  const one = async (where: ReturnType<typeof sql>) => {
    const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} FROM chain_broadcasts WHERE ${where}`);
    return rows[0] ? toBroadcast(rows[0]) : null;
  };
  return {
    find: (network, id) => one(sql`network = ${network} AND id = ${id}`),
    findByTxid: (network, txid) => one(sql`network = ${network} AND txid = ${txid}`),
    async save(broadcast) {
      await db.execute(sql`
        INSERT INTO chain_broadcasts (network, id, fingerprint, txid, raw, to_address, amount, fee, created_at)
        VALUES (${broadcast.network}, ${broadcast.id}, ${broadcast.fingerprint}, ${broadcast.txid}, ${broadcast.raw},
                ${broadcast.to}, ${String(broadcast.amount)}, ${String(broadcast.fee)}, ${clock.now()})
        ON CONFLICT (network, id) DO NOTHING`);
    },
  };
}

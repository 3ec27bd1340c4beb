// The adapters' BroadcastStore in PostgreSQL (table chain_broadcasts): a signed withdrawal is
// committed here, in its own transaction, before the node sees it, so a retry after a crash sends
// the same bytes (same txid) instead of signing another transaction. An expired one (XRP, Solana:
// past the last height it could be included at, and not on the chain) is replaced by a conditional
// update on its txid, so two processes cannot both replace it.
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
  nonce: string | null;
  valid_until: string | null;
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
  ...(row.nonce === null ? {} : { nonce: Number(row.nonce) }),
  ...(row.valid_until === null ? {} : { validUntil: Number(row.valid_until) }),
});

const COLUMNS = sql`network, id, fingerprint, txid, raw, to_address, amount::text, fee::text, nonce::text,
  valid_until::text`;

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
        INSERT INTO chain_broadcasts (network, id, fingerprint, txid, raw, to_address, amount, fee, nonce, valid_until,
          created_at)
        VALUES (${broadcast.network}, ${broadcast.id}, ${broadcast.fingerprint}, ${broadcast.txid}, ${broadcast.raw},
                ${broadcast.to}, ${String(broadcast.amount)}, ${String(broadcast.fee)}, ${broadcast.nonce ?? null},
                ${broadcast.validUntil ?? null}, ${clock.now()})
        ON CONFLICT (network, id) DO NOTHING`);
    },
    async replace(previous, next) {
      if (next.network !== previous.network || next.id !== previous.id) return false;
      const { rows } = await db.execute<{ id: string }>(sql`
        UPDATE chain_broadcasts SET fingerprint = ${next.fingerprint}, txid = ${next.txid}, raw = ${next.raw},
          to_address = ${next.to}, amount = ${String(next.amount)}, fee = ${String(next.fee)},
          nonce = ${next.nonce ?? null}, valid_until = ${next.validUntil ?? null}
        WHERE network = ${previous.network} AND id = ${previous.id} AND txid = ${previous.txid}
        RETURNING id`);
      return rows.length === 1;
    },
    async unexpired(network, height) {
      const { rows } = await db.execute<Row>(sql`
        SELECT ${COLUMNS} FROM chain_broadcasts WHERE network = ${network} AND valid_until > ${height}`);
      return rows.map(toBroadcast);
    },
  };
}

// The adapters' BroadcastStore in PostgreSQL (table chain_broadcasts): a signed withdrawal is
// committed here, in its own transaction, before the node sees it, so a retry after a crash sends
// the same bytes (same txid) instead of signing another transaction. EVM withdrawals also take their
// nonce here (`allocate`): under a transaction-scoped advisory lock on the sender, the highest stored
// nonce is read, the transaction signed and stored, and the lock released by the commit; the unique
// (nonce_scope, nonce) index makes a shared nonce impossible even if the lock were bypassed.
import { sql } from 'drizzle-orm';
import type { NonceStore, NoncedBroadcast, StoredBroadcast } from '@rora/chains';
import type { Db, Tx } from '@rora/db';
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
  nonce_scope: string | null;
  nonce: string | null;
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
  ...(row.nonce_scope === null ? {} : { nonceScope: row.nonce_scope, nonce: Number(row.nonce) }),
});

const COLUMNS = sql`network, id, fingerprint, txid, raw, to_address, amount::text, fee::text, nonce_scope, nonce::text`;

async function insert(executor: Db | Tx, broadcast: StoredBroadcast, now: Date): Promise<void> {
  const nonced = broadcast as Partial<NoncedBroadcast>;
  await executor.execute(sql`
    INSERT INTO chain_broadcasts (network, id, fingerprint, txid, raw, to_address, amount, fee, nonce_scope, nonce, created_at)
    VALUES (${broadcast.network}, ${broadcast.id}, ${broadcast.fingerprint}, ${broadcast.txid}, ${broadcast.raw},
            ${broadcast.to}, ${String(broadcast.amount)}, ${String(broadcast.fee)}, ${nonced.nonceScope ?? null},
            ${nonced.nonce ?? null}, ${now})
    ON CONFLICT (network, id) DO NOTHING`);
}

export function createBroadcastStore(db: Db, clock: Clock): NonceStore {
  const one = async (executor: Db | Tx, where: ReturnType<typeof sql>) => {
    const { rows } = await executor.execute<Row>(sql`SELECT ${COLUMNS} FROM chain_broadcasts WHERE ${where}`);
    return rows[0] ? toBroadcast(rows[0]) : null;
  };
  return {
    find: (network, id) => one(db, sql`network = ${network} AND id = ${id}`),
    findByTxid: (network, txid) => one(db, sql`network = ${network} AND txid = ${txid}`),
    save: (broadcast) => insert(db, broadcast, clock.now()),
    allocate(key, build) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`nonce:${key.scope}`}, 0))`);
        const existing = await one(tx, sql`network = ${key.network} AND id = ${key.id}`);
        if (existing) return existing;
        const { rows } = await tx.execute<{ last: string | null }>(
          sql`SELECT max(nonce)::text AS last FROM chain_broadcasts WHERE nonce_scope = ${key.scope}`,
        );
        const last = rows[0]?.last ?? null;
        const built = await build({
          lastNonce: last === null ? null : Number(last),
          async from(nonce) {
            const { rows: unsent } = await tx.execute<Row>(
              sql`SELECT ${COLUMNS} FROM chain_broadcasts WHERE nonce_scope = ${key.scope} AND nonce >= ${nonce}`,
            );
            return unsent.map((row) => toBroadcast(row) as NoncedBroadcast);
          },
        });
        await insert(tx, built, clock.now());
        return built;
      });
    },
  };
}

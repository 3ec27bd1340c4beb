// The adapters' BroadcastStore in PostgreSQL (table chain_broadcasts): a signed withdrawal is
// committed here, in its own transaction, before the node sees it, so a retry after a crash sends
// the same bytes (same txid) instead of signing another transaction. EVM withdrawals also take their
// nonce here (`allocate`): under a transaction-scoped advisory lock on the sender, the highest stored
// nonce is read, the transaction signed and stored, and the lock released by the commit; the unique
// (nonce_scope, nonce) index makes a shared nonce impossible even if the lock were bypassed. XRP
// sequences are kept the same way (scope `xrp:<address>`). An expired one (XRP, Solana: past the last
// height it could be included at, and not on the chain) is replaced by a conditional update on its
// txid, so two processes cannot both replace it; an expired XRP transaction gives its sequence up to
// the next one signed on it (NonceReuse), and a live one never does.
import { sql } from 'drizzle-orm';
import type { NonceReuse, NonceStore, NoncedBroadcast, StoredBroadcast } from '@rora/chains';
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
  ...(row.nonce_scope === null ? {} : { nonceScope: row.nonce_scope, nonce: Number(row.nonce) }),
  ...(row.valid_until === null ? {} : { validUntil: Number(row.valid_until) }),
});

const COLUMNS = sql`network, id, fingerprint, txid, raw, to_address, amount::text, fee::text, nonce_scope, nonce::text,
  valid_until::text`;

/** Takes the sequence from another id's expired transaction (NonceReuse); a live holder keeps it. */
async function freeExpiredNonce(executor: Db | Tx, broadcast: StoredBroadcast, reuse?: NonceReuse): Promise<void> {
  if (!reuse || broadcast.nonceScope === undefined || broadcast.nonce === undefined) return;
  await executor.execute(sql`
    UPDATE chain_broadcasts SET nonce_scope = NULL, nonce = NULL
    WHERE nonce_scope = ${broadcast.nonceScope} AND nonce = ${broadcast.nonce}
      AND valid_until <= ${reuse.validatedHeight} AND NOT (network = ${broadcast.network} AND id = ${broadcast.id})`);
}

async function insert(executor: Db | Tx, broadcast: StoredBroadcast, now: Date): Promise<void> {
  await executor.execute(sql`
    INSERT INTO chain_broadcasts (network, id, fingerprint, txid, raw, to_address, amount, fee, nonce_scope, nonce,
      valid_until, created_at)
    VALUES (${broadcast.network}, ${broadcast.id}, ${broadcast.fingerprint}, ${broadcast.txid}, ${broadcast.raw},
            ${broadcast.to}, ${String(broadcast.amount)}, ${String(broadcast.fee)}, ${broadcast.nonceScope ?? null},
            ${broadcast.nonce ?? null}, ${broadcast.validUntil ?? null}, ${now})
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
    async save(broadcast, reuse) {
      if (!reuse) return insert(db, broadcast, clock.now());
      await db.transaction(async (tx) => {
        if (await one(tx, sql`network = ${broadcast.network} AND id = ${broadcast.id}`)) return;
        await freeExpiredNonce(tx, broadcast, reuse);
        await insert(tx, broadcast, clock.now());
      });
    },
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
    replace(previous, next, reuse) {
      if (next.network !== previous.network || next.id !== previous.id) return Promise.resolve(false);
      return db.transaction(async (tx) => {
        const where = sql`network = ${previous.network} AND id = ${previous.id} AND txid = ${previous.txid}`;
        const { rows: held } = await tx.execute(sql`SELECT 1 FROM chain_broadcasts WHERE ${where} FOR UPDATE`);
        if (held.length === 0) return false;
        await freeExpiredNonce(tx, next, reuse);
        const { rows } = await tx.execute<{ id: string }>(sql`
          UPDATE chain_broadcasts SET fingerprint = ${next.fingerprint}, txid = ${next.txid}, raw = ${next.raw},
            to_address = ${next.to}, amount = ${String(next.amount)}, fee = ${String(next.fee)},
            nonce_scope = ${next.nonceScope ?? null}, nonce = ${next.nonce ?? null}, valid_until = ${next.validUntil ?? null}
          WHERE ${where}
          RETURNING id`);
        return rows.length === 1;
      });
    },
    async unexpired(network, height) {
      const { rows } = await db.execute<Row>(sql`
        SELECT ${COLUMNS} FROM chain_broadcasts WHERE network = ${network} AND valid_until > ${height}`);
      return rows.map(toBroadcast);
    },
  };
}

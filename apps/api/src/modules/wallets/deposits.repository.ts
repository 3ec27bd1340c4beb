// Writes of deposits (table chain_deposits). (network, txid, output_index) is unique, so however
// often a transaction is reported it is one row; it is read FOR UPDATE before any change, so two
// reports of the same confirmation, processed at once, still credit it once.
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@rora/db';
import type { NetworkId } from '@rora/chains';

const { chainDeposits } = schema;
export type DepositRow = typeof chainDeposits.$inferSelect;
export type NewDeposit = Omit<typeof chainDeposits.$inferInsert, 'id' | 'creditedAt'>;

export interface DepositsRepository {
  /** The new row's id, or null when the deposit was already known. */
  insertSeen(tx: Tx, deposit: NewDeposit): Promise<string | null>;
  lock(tx: Tx, key: { network: string; txid: string; outputIndex: number }): Promise<DepositRow | null>;
  update(
    tx: Tx,
    id: string,
    patch: Partial<
      Pick<
        DepositRow,
        'status' | 'confirmations' | 'blockHeight' | 'blockHash' | 'failureReason' | 'creditedAt' | 'updatedAt'
      >
    >,
  ): Promise<void>;
  /** Deposits of a network not yet credited or failed. */
  open(network: NetworkId): Promise<DepositRow[]>;
  /** Confirming deposits in blocks up to `height` (the scanner's cursor). */
  confirmingUpTo(network: NetworkId, height: number): Promise<DepositRow[]>;
  /** Deposits (confirming or credited) in blocks from `fromHeight`, except those in block `unlessHash`. */
  inBlocksFrom(network: NetworkId, fromHeight: number, unlessHash?: string): Promise<DepositRow[]>;
}

export function createDepositsRepository(db: Db): DepositsRepository {
  return {
    async insertSeen(tx, deposit) {
      const rows = await tx
        .insert(chainDeposits)
        .values(deposit)
        .onConflictDoNothing()
        .returning({ id: chainDeposits.id });
      return rows[0]?.id ?? null;
    },

    async lock(tx, key) {
      const [row] = await tx
        .select()
        .from(chainDeposits)
        .where(
          and(
            eq(chainDeposits.network, key.network),
            eq(chainDeposits.txid, key.txid),
            eq(chainDeposits.outputIndex, key.outputIndex),
          ),
        )
        .for('update');
      return row ?? null;
    },

    async update(tx, id, patch) {
      await tx.update(chainDeposits).set(patch).where(eq(chainDeposits.id, id));
    },

    open: (network) =>
      db
        .select()
        .from(chainDeposits)
        .where(and(eq(chainDeposits.network, network), inArray(chainDeposits.status, ['pending', 'confirming'])))
        .orderBy(sql`${chainDeposits.firstSeenAt}`),

    confirmingUpTo: (network, height) =>
      db
        .select()
        .from(chainDeposits)
        .where(
          and(
            eq(chainDeposits.network, network),
            eq(chainDeposits.status, 'confirming'),
            lte(chainDeposits.blockHeight, height),
          ),
        ),

    inBlocksFrom: (network, fromHeight, unlessHash) =>
      db
        .select()
        .from(chainDeposits)
        .where(
          and(
            eq(chainDeposits.network, network),
            inArray(chainDeposits.status, ['confirming', 'credited']),
            gte(chainDeposits.blockHeight, fromHeight),
            unlessHash === undefined ? undefined : sql`${chainDeposits.blockHash} IS DISTINCT FROM ${unlessHash}`,
          ),
        ),
  };
}

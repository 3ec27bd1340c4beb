// Cold holdings (table cold_wallets, one per customer and asset) and the moves in and out of them
// (cold_wallet_moves). The quantity itself is the ledger's `cold` account.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@rora/db';

const { coldWallets, coldWalletMoves } = schema;
export type ColdWalletRow = typeof coldWallets.$inferSelect;
export type ColdMoveRow = typeof coldWalletMoves.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ColdWalletRepository {
  /** The customer's cold wallets, one per asset, created on first sight. */
  ensure(userId: string, assets: readonly string[]): Promise<ColdWalletRow[]>;
  /** `on` a transaction that already holds a connection, else through the pool. */
  findOwned(userId: string, id: string, on?: Db | Tx): Promise<ColdWalletRow | null>;
  insertMove(tx: Tx, move: typeof coldWalletMoves.$inferInsert): Promise<void>;
  findMove(tx: Tx, userId: string, id: string): Promise<ColdMoveRow | null>;
  moves(
    coldWalletId: string,
    paging: { limit: number; offset: number },
  ): Promise<{ rows: ColdMoveRow[]; total: number }>;
}

export function createColdWalletRepository(db: Db): ColdWalletRepository {
  return {
    async ensure(userId, assets) {
      if (assets.length > 0) {
        await db
          .insert(coldWallets)
          .values(assets.map((asset) => ({ userId, asset })))
          .onConflictDoNothing();
      }
      return db.select().from(coldWallets).where(eq(coldWallets.userId, userId)).orderBy(asc(coldWallets.createdAt));
    },

    async findOwned(userId, id, on = db) {
      if (!UUID.test(id)) return null;
      const [row] = await on
        .select()
        .from(coldWallets)
        .where(and(eq(coldWallets.id, id), eq(coldWallets.userId, userId)));
      return row ?? null;
    },

    async insertMove(tx, move) {
      await tx.insert(coldWalletMoves).values(move);
    },

    async findMove(tx, userId, id) {
      const [row] = await tx
        .select()
        .from(coldWalletMoves)
        .where(and(eq(coldWalletMoves.id, id), eq(coldWalletMoves.userId, userId)));
      return row ?? null;
    },

    async moves(coldWalletId, { limit, offset }) {
      const where = eq(coldWalletMoves.coldWalletId, coldWalletId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(coldWalletMoves)
          .where(where)
          .orderBy(desc(coldWalletMoves.createdAt), desc(coldWalletMoves.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(coldWalletMoves).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

// The deposit scanner's record of each chain read through a node (tables chain_cursors, chain_blocks):
// the last block whose deposits were recorded, and the hashes of the blocks walked. The cursor moves
// by conditional updates (from the exact height and hash the scanner read), so after a crash, or
// with two scanners at once, each block is recorded and passed once.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';

export interface ChainCursor {
  readonly height: number;
  readonly hash: string;
}

export interface ScannedBlockRef extends ChainCursor {
  readonly previousHash: string;
}

export interface ChainCursorsRepository {
  cursor(chain: string): Promise<ChainCursor | null>;
  /** The first cursor of a chain; false when another scanner made it first. */
  start(chain: string, at: ChainCursor, now: Date): Promise<boolean>;
  /** Records `block` and moves the cursor onto it, if the cursor is still `from`. */
  advance(chain: string, from: ChainCursor, block: ScannedBlockRef, now: Date): Promise<boolean>;
  /** The hash Rora recorded at a height, if it walked it. */
  blockHash(chain: string, height: number): Promise<string | null>;
  /** Forgets the blocks above `to` and puts the cursor on it, if the cursor is still `from`. */
  rewind(chain: string, change: { from: ChainCursor; to: ChainCursor }, now: Date): Promise<boolean>;
}

/** Blocks kept below the cursor: a reorganisation deeper than this is beyond automatic handling. */
export const KEPT_BLOCKS = 1_000;

export function createChainCursorsRepository(db: Db): ChainCursorsRepository {
  return {
    async cursor(chain) {
      const { rows } = await db.execute<{ height: string; hash: string }>(
        sql`SELECT height::text, hash FROM chain_cursors WHERE chain = ${chain}`,
      );
      const row = rows[0];
      return row ? { height: Number(row.height), hash: row.hash } : null;
    },

    start(chain, at, now) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          INSERT INTO chain_cursors (chain, height, hash, updated_at) VALUES (${chain}, ${at.height}, ${at.hash}, ${now})
          ON CONFLICT (chain) DO NOTHING RETURNING chain`);
        if (rows.length === 0) return false;
        // The starting block is the floor of the walk back after a reorganisation.
        await tx.execute(sql`
          INSERT INTO chain_blocks (chain, height, hash, previous_hash) VALUES (${chain}, ${at.height}, ${at.hash}, '')
          ON CONFLICT (chain, height) DO UPDATE SET hash = EXCLUDED.hash`);
        return true;
      });
    },

    advance(chain, from, block, now) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          UPDATE chain_cursors SET height = ${block.height}, hash = ${block.hash}, updated_at = ${now}
          WHERE chain = ${chain} AND height = ${from.height} AND hash = ${from.hash} RETURNING chain`);
        if (rows.length === 0) return false;
        await tx.execute(sql`
          INSERT INTO chain_blocks (chain, height, hash, previous_hash)
          VALUES (${chain}, ${block.height}, ${block.hash}, ${block.previousHash})
          ON CONFLICT (chain, height) DO UPDATE SET hash = EXCLUDED.hash, previous_hash = EXCLUDED.previous_hash`);
        await tx.execute(
          sql`DELETE FROM chain_blocks WHERE chain = ${chain} AND height < ${block.height - KEPT_BLOCKS}`,
        );
        return true;
      });
    },

    async blockHash(chain, height) {
      const { rows } = await db.execute<{ hash: string }>(
        sql`SELECT hash FROM chain_blocks WHERE chain = ${chain} AND height = ${height}`,
      );
      return rows[0]?.hash ?? null;
    },

    rewind(chain, change, now) {
      const { from, to } = change;
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          UPDATE chain_cursors SET height = ${to.height}, hash = ${to.hash}, updated_at = ${now}
          WHERE chain = ${chain} AND height = ${from.height} AND hash = ${from.hash} RETURNING chain`);
        if (rows.length === 0) return false;
        await tx.execute(sql`DELETE FROM chain_blocks WHERE chain = ${chain} AND height > ${to.height}`);
        return true;
      });
    },
  };
}

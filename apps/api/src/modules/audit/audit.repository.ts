// Reads of published audit snapshots: summaries, one snapshot with its reserves, a customer's
// leaves, a chunk of leaves, the stored upper nodes, and the leaves in order for the public file.
import type pg from 'pg';
import type { SumNode } from '@rora/reserves';

export interface SnapshotRow {
  id: string;
  takenAt: Date;
  publishedAt: Date;
  transferSeq: string;
  pgSnapshot: string;
  assets: string[];
  scales: number[];
  secret: string;
  chunkLevel: number;
  customerCount: number;
  leafCount: number;
  rootHash: string;
  rootSums: bigint[];
  levelCounts: number[];
  /** Per asset of `assets`: the sum of the signed reserve addresses' balances, and how many. */
  reserveTotals: bigint[];
  addressCounts: number[];
}

export interface ReserveRow {
  asset: string;
  network: string;
  address: string;
  role: 'hot' | 'deposit' | 'omnibus' | 'cold';
  balance: string;
  message: string;
  scheme: string;
  signature: string;
  publicKey: string | null;
}

export interface LeafRow {
  position: number;
  index: number;
  amounts: bigint[];
}

const SNAPSHOT_COLUMNS = `s.id, s.taken_at, s.published_at, s.transfer_seq::text, s.pg_snapshot, s.assets, s.scales, s.secret,
  s.chunk_level, s.customer_count, s.leaf_count, s.root_hash, s.root_sums::text[] AS root_sums, s.level_counts,
  (SELECT coalesce(array_agg(coalesce(r.total, 0)::text ORDER BY a.ord), '{}') FROM unnest(s.assets) WITH ORDINALITY a(asset, ord)
     LEFT JOIN (SELECT asset, sum(balance) AS total FROM audit_reserves WHERE snapshot_id = s.id GROUP BY asset) r
     USING (asset)) AS reserve_totals,
  (SELECT coalesce(array_agg(coalesce(r.n, 0) ORDER BY a.ord), '{}') FROM unnest(s.assets) WITH ORDINALITY a(asset, ord)
     LEFT JOIN (SELECT asset, count(*)::int AS n FROM audit_reserves WHERE snapshot_id = s.id GROUP BY asset) r
     USING (asset)) AS address_counts`;

type RawSnapshot = Record<string, unknown> & { root_sums: string[]; reserve_totals: string[] };

function toSnapshot(row: RawSnapshot): SnapshotRow {
  return {
    id: row.id as string,
    takenAt: row.taken_at as Date,
    publishedAt: row.published_at as Date,
    transferSeq: row.transfer_seq as string,
    pgSnapshot: row.pg_snapshot as string,
    assets: row.assets as string[],
    scales: row.scales as number[],
    secret: row.secret as string,
    chunkLevel: row.chunk_level as number,
    customerCount: row.customer_count as number,
    leafCount: row.leaf_count as number,
    rootHash: row.root_hash as string,
    rootSums: row.root_sums.map(BigInt),
    levelCounts: row.level_counts as number[],
    reserveTotals: row.reserve_totals.map(BigInt),
    addressCounts: row.address_counts as number[],
  };
}

export function createAuditRepository(pool: pg.Pool) {
  return {
    async listPublished(page: { limit: number; offset: number }): Promise<{ rows: SnapshotRow[]; total: number }> {
      const [{ rows }, counted] = await Promise.all([
        pool.query<RawSnapshot>(
          `SELECT ${SNAPSHOT_COLUMNS} FROM audit_snapshots s WHERE s.status = 'published'
            ORDER BY s.taken_at DESC, s.id DESC LIMIT $1 OFFSET $2`,
          [page.limit, page.offset],
        ),
        pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_snapshots WHERE status = 'published'`),
      ]);
      return { rows: rows.map(toSnapshot), total: counted.rows[0]?.total ?? 0 };
    },

    async published(id: string): Promise<SnapshotRow | null> {
      const { rows } = await pool.query<RawSnapshot>(
        `SELECT ${SNAPSHOT_COLUMNS} FROM audit_snapshots s WHERE s.id = $1 AND s.status = 'published'`,
        [id],
      );
      return rows[0] ? toSnapshot(rows[0]) : null;
    },

    async reserves(id: string): Promise<ReserveRow[]> {
      const { rows } = await pool.query<ReserveRow>(
        `SELECT asset, network, address, role, balance::text AS balance, message, scheme, signature,
                public_key AS "publicKey"
           FROM audit_reserves WHERE snapshot_id = $1 ORDER BY asset, network, role, address`,
        [id],
      );
      return rows;
    },

    async leavesOf(id: string, ownerId: string): Promise<LeafRow[]> {
      const { rows } = await pool.query<{ position: number; leaf_index: number; amounts: string }>(
        'SELECT position, leaf_index, amounts FROM audit_leaves WHERE snapshot_id = $1 AND owner_id = $2 ORDER BY leaf_index',
        [id, ownerId],
      );
      return rows.map((row) => ({
        position: row.position,
        index: row.leaf_index,
        amounts: row.amounts.split(',').map(BigInt),
      }));
    },

    /** The leaf nodes at positions first..last, in order. */
    async chunk(id: string, first: number, last: number): Promise<SumNode[]> {
      const { rows } = await pool.query<{ hash: string; amounts: string }>(
        'SELECT hash, amounts FROM audit_leaves WHERE snapshot_id = $1 AND position BETWEEN $2 AND $3 ORDER BY position',
        [id, first, last],
      );
      return rows.map((row) => ({ hash: row.hash, sums: row.amounts.split(',').map(BigInt) }));
    },

    /** The stored nodes (chunk level and up), keyed `level:index`. */
    async upperNodes(id: string): Promise<Map<string, SumNode>> {
      const { rows } = await pool.query<{ level: number; index: number; hash: string; sums: string }>(
        'SELECT level, index, hash, sums FROM audit_nodes WHERE snapshot_id = $1',
        [id],
      );
      return new Map(
        rows.map((row) => [`${row.level}:${row.index}`, { hash: row.hash, sums: row.sums.split(',').map(BigInt) }]),
      );
    },

    /** Every leaf's hash and amounts in position order, `batch` rows at a time (the public file). */
    async *leavesInOrder(
      id: string,
      batch: number,
    ): AsyncGenerator<{ position: number; hash: string; amounts: string }[]> {
      for (let from = 0; ; from += batch) {
        const { rows } = await pool.query<{ position: number; hash: string; amounts: string }>(
          `SELECT position, hash, amounts FROM audit_leaves
            WHERE snapshot_id = $1 AND position >= $2 AND position < $3 ORDER BY position`,
          [id, from, from + batch],
        );
        if (rows.length === 0) return;
        yield rows;
      }
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

// The snapshot job's writes: leaves in batches (one statement per batch, arrays unnested by
// PostgreSQL) into the snapshot's own table, attached to audit_leaves once complete (migration 0081:
// its indexes are then built once, sorted), the tree's upper nodes, and the publication of root,
// totals and reserves.
import type pg from 'pg';
import type { SignedMessage } from '@rora/chains';
import type { BuiltTree, SumNode } from '@rora/reserves';
import type { ReserveHolding } from './reserve-source.ts';

export interface LeafBatch {
  positions: number[];
  owners: string[];
  indexes: number[];
  hashes: string[];
  amounts: string[];
}

export interface StoredNode {
  level: number;
  index: number;
  node: SumNode;
}

export interface SignedHolding {
  holding: ReserveHolding;
  message: string;
  signature: SignedMessage;
}

/** The table of one snapshot's leaves: a partition of audit_leaves once attached. */
export function leavesTable(snapshotId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(snapshotId)) throw new Error(`not a snapshot id: ${snapshotId}`);
  return `audit_leaves_${snapshotId.replaceAll('-', '')}`;
}

/**
 * Creates the snapshot's leaf table without indexes, with the partition's bound as a constraint (so
 * attaching it need not scan it to check).
 */
export async function createLeavesTable(client: pg.PoolClient, snapshotId: string): Promise<void> {
  const table = leavesTable(snapshotId);
  await client.query(`CREATE TABLE ${table} (LIKE audit_leaves INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_bound CHECK (snapshot_id = '${snapshotId}')`);
}

/** Makes the loaded leaves part of audit_leaves: builds the primary key and owner index on them. */
export async function attachLeavesTable(client: pg.PoolClient, snapshotId: string): Promise<void> {
  const table = leavesTable(snapshotId);
  await client.query(`ALTER TABLE audit_leaves ATTACH PARTITION ${table} FOR VALUES IN ('${snapshotId}')`);
  await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_bound`);
}

export async function dropLeavesTable(client: pg.PoolClient, snapshotId: string): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS ${leavesTable(snapshotId)}`);
}

export async function writeLeaves(client: pg.PoolClient, snapshotId: string, batch: LeafBatch): Promise<void> {
  await client.query(
    `INSERT INTO ${leavesTable(snapshotId)} (snapshot_id, position, owner_id, leaf_index, hash, amounts)
     SELECT $1, * FROM unnest($2::int[], $3::uuid[], $4::int2[], $5::text[], $6::text[])`,
    [snapshotId, batch.positions, batch.owners, batch.indexes, batch.hashes, batch.amounts],
  );
}

const NODE_BATCH = 20_000;

export async function writeNodes(
  client: pg.PoolClient,
  snapshotId: string,
  nodes: readonly StoredNode[],
): Promise<void> {
  for (let start = 0; start < nodes.length; start += NODE_BATCH) {
    const part = nodes.slice(start, start + NODE_BATCH);
    await client.query(
      `INSERT INTO audit_nodes (snapshot_id, level, index, hash, sums)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[])`,
      [
        snapshotId,
        part.map((item) => item.level),
        part.map((item) => item.index),
        part.map((item) => item.node.hash),
        part.map((item) => item.node.sums.join(',')),
      ],
    );
  }
}

export async function publishSnapshot(
  client: pg.PoolClient,
  parts: { snapshotId: string; tree: BuiltTree; reserves: readonly SignedHolding[]; publishedAt: Date },
): Promise<void> {
  const { snapshotId, tree, reserves } = parts;
  await client.query('BEGIN');
  try {
    if (reserves.length > 0) {
      await client.query(
        `INSERT INTO audit_reserves (snapshot_id, asset, network, address, role, balance, message, scheme, signature, public_key)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::text[], $9::text[], $10::text[])`,
        [
          snapshotId,
          reserves.map((item) => item.holding.asset),
          reserves.map((item) => item.holding.network),
          reserves.map((item) => item.holding.address),
          reserves.map((item) => item.holding.role),
          reserves.map((item) => item.holding.balance.toString()),
          reserves.map((item) => item.message),
          reserves.map((item) => item.signature.scheme),
          reserves.map((item) => item.signature.signature),
          reserves.map((item) => item.signature.publicKey),
        ],
      );
    }
    await client.query(
      `UPDATE audit_snapshots SET status = 'published', root_hash = $2, root_sums = $3::numeric[],
         level_counts = $4, published_at = $5 WHERE id = $1`,
      [snapshotId, tree.root.hash, tree.root.sums.map(String), tree.levelCounts, parts.publishedAt],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

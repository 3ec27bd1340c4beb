// Takes one audit snapshot (ADR 0030), as a checklist:
//   1. open one REPEATABLE READ transaction on the ledger: every read below sees the same position,
//      however many orders, sends and accruals commit meanwhile; read the reserves' balances then;
//   2. per-asset customer liabilities and the customer count, in that snapshot;
//   3. stream every customer's balances, split each into leaves with random shares, hash them and
//      write them at their shuffled positions (a random permutation drawn up front);
//   4. read the leaves back in position order into the streaming tree builder, keeping the nodes
//      from the chunk level up; attach the snapshot's leaf table to audit_leaves (its indexes are
//      built then, once);
//   5. assert the root's sums equal the ledger's liabilities, sign each reserve address's message
//      (which names the root), and publish. A failure deletes the half-built snapshot.
// Customer liabilities are every ledger account with an owner (ADR 0030): the schema allows an owner
// only on customer accounts, so any kind added later (escrow, staking) is counted without a change here.
// The house's market participants (the sandbox's market maker and flow) own accounts too, but what
// they hold is the house's, owed to nobody: they are not customers (ADR 0078).
import { hash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { withoutQueryDeadline } from '@rora/db';
import { assetScale, isAssetSymbol } from '@rora/money';
import {
  LEAVES_PER_CUSTOMER,
  SumTreeBuilder,
  cryptoRandom,
  leafNode,
  ownershipMessage,
  randomPermutation,
  splitAmounts,
  type RandomUint32,
  type SumNode,
  type SyncSha256,
} from '@rora/reserves';
import type { Clock } from '../../lib/clock.ts';
import { customerNonce } from './nonce.ts';
import { withSnapshotLock } from './snapshot-lock.ts';
import type { ReserveHolding, ReserveSource } from './reserve-source.ts';
import {
  attachLeavesTable,
  createLeavesTable,
  dropLeavesTable,
  leavesTable,
  publishSnapshot,
  writeLeaves,
  writeNodes,
  type LeafBatch,
  type StoredNode,
} from './snapshot-writes.ts';

export const sha256Hex: SyncSha256 = (text) => hash('sha256', text);

/**
 * The ledger accounts that are owed to customers: owned ones, less the house's market participants'
 * (users rows that cannot sign in, trading the house's inventory; ADR 0078).
 */
export const CUSTOMER_ACCOUNTS = `owner_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM market_participants house WHERE house.user_id = ledger_accounts.owner_id)`;

/** 2^10 leaves per chunk: a proof rebuilds at most 1,023 nodes per leaf. */
export const DEFAULT_CHUNK_LEVEL = 10;
const FETCH_ROWS = 10_000;

export interface SnapshotDependencies {
  pool: pg.Pool;
  clock: Clock;
  reserves: ReserveSource;
  chunkLevel?: number;
  random?: RandomUint32;
}

export interface SnapshotResult {
  id: string;
  customerCount: number;
  leafCount: number;
  rootHash: string;
}

interface LedgerView {
  takenAt: Date;
  transferSeq: string;
  pgSnapshot: string;
  assets: string[];
  liabilities: bigint[];
  customerCount: number;
  holdings: ReserveHolding[];
}

async function openLedgerView(reader: pg.PoolClient, deps: SnapshotDependencies): Promise<LedgerView> {
  // Not READ ONLY: the grouped balances go to a temporary table (nothing else is written).
  await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  // The cursors are read to the end: plan them for the whole result, not the first rows.
  await reader.query('SET LOCAL cursor_tuple_fraction = 1.0');
  await reader.query(`SET LOCAL work_mem = '256MB'`);
  // The first statement fixes the transaction's snapshot: the ledger position everything else sees.
  const position = await reader.query<{ snap: string; seq: string }>(
    'SELECT pg_current_snapshot()::text AS snap, coalesce(max(seq), 0)::text AS seq FROM ledger_transfers',
  );
  const takenAt = deps.clock.now();
  const holdings = await deps.reserves.holdings();
  const totals = await reader.query<{ asset: string; total: string }>(
    `SELECT asset, sum(balance)::text AS total FROM ledger_accounts
      WHERE ${CUSTOMER_ACCOUNTS} GROUP BY asset ORDER BY asset`,
  );
  // One grouping pass, kept for this transaction: its row count is the customer count, and the
  // cursor of step 3 reads it back (cheaper than a second scan to count distinct owners).
  const grouped = await reader.query(CUSTOMER_BALANCES);
  const row = position.rows[0] as { snap: string; seq: string };
  return {
    takenAt,
    transferSeq: row.seq,
    pgSnapshot: row.snap,
    assets: totals.rows.map((total) => total.asset),
    liabilities: totals.rows.map((total) => BigInt(total.total)),
    customerCount: grouped.rowCount ?? 0,
    holdings,
  };
}

/**
 * Customers' balances, one row per customer: `owner`, and `balances` as `ASSET=minor,...` with one
 * pair per account (an asset appears once per kind: available, held, staked...; the reader adds them).
 */
const CUSTOMER_BALANCES = `CREATE TEMP TABLE audit_customer_balances ON COMMIT DROP AS
  SELECT owner_id::text AS owner, string_agg(asset || '=' || balance::text, ',') AS balances
    FROM ledger_accounts WHERE ${CUSTOMER_ACCOUNTS} AND balance > 0
   GROUP BY owner_id`;
const CUSTOMERS_CURSOR = 'DECLARE customers NO SCROLL CURSOR FOR SELECT owner, balances FROM audit_customer_balances';

interface LeafWriter {
  snapshotId: string;
  secret: string;
  assetIndex: Map<string, number>;
  permutation: Uint32Array;
  random: RandomUint32;
}

function leavesOfBatch(writer: LeafWriter, rows: { owner: string; balances: string }[], first: number): LeafBatch {
  const batch: LeafBatch = { positions: [], owners: [], indexes: [], hashes: [], amounts: [] };
  rows.forEach((row, offset) => {
    const amounts = new Array<bigint>(writer.assetIndex.size).fill(0n);
    for (const pair of row.balances.split(',')) {
      const [asset = '', minor = ''] = pair.split('=');
      const at = writer.assetIndex.get(asset) as number;
      amounts[at] = (amounts[at] as bigint) + BigInt(minor);
    }
    const nonce = customerNonce(writer.secret, row.owner);
    splitAmounts(amounts, LEAVES_PER_CUSTOMER, writer.random).forEach((share, index) => {
      const leaf = leafNode(sha256Hex, { customerId: row.owner, nonce, index, amounts: share });
      batch.positions.push(writer.permutation[(first + offset) * LEAVES_PER_CUSTOMER + index] as number);
      batch.owners.push(row.owner);
      batch.indexes.push(index);
      batch.hashes.push(leaf.hash);
      batch.amounts.push(leaf.text);
    });
  });
  return batch;
}

/** Step 3: every customer's leaves, written while the next rows are read. Returns the customers read. */
async function streamLeaves(reader: pg.PoolClient, writerClient: pg.PoolClient, writer: LeafWriter): Promise<number> {
  await reader.query(CUSTOMERS_CURSOR);
  let customers = 0;
  let writing: Promise<void> = Promise.resolve();
  const fetch = () => reader.query<{ owner: string; balances: string }>(`FETCH ${FETCH_ROWS} FROM customers`);
  // PostgreSQL groups the next rows and writes the last batch while this process hashes the current one.
  for (let next = fetch(); ;) {
    const { rows } = await next;
    if (rows.length === 0) break;
    next = fetch();
    const batch = leavesOfBatch(writer, rows, customers);
    customers += rows.length;
    await writing;
    writing = writeLeaves(writerClient, writer.snapshotId, batch);
  }
  await writing;
  return customers;
}

/** Step 4: the tree over the leaves in position order, keeping the nodes from `chunkLevel` up. */
async function buildTree(client: pg.PoolClient, view: { snapshotId: string; assets: string[]; chunkLevel: number }) {
  const nodes: StoredNode[] = [];
  const builder = new SumTreeBuilder({
    hash: sha256Hex,
    assetCount: view.assets.length,
    reportFromLevel: view.chunkLevel,
    onNode: (level, index, node) => nodes.push({ level, index, node }),
  });
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  await client.query('SET LOCAL cursor_tuple_fraction = 1.0');
  await client.query(`SET LOCAL work_mem = '256MB'`);
  try {
    // The snapshot's own table, not yet indexed: one sort of its rows.
    await client.query(
      `DECLARE leaves NO SCROLL CURSOR FOR SELECT hash, amounts FROM ${leavesTable(view.snapshotId)} ORDER BY position`,
    );
    const fetch = () => client.query<{ hash: string; amounts: string }>(`FETCH ${FETCH_ROWS * 5} FROM leaves`);
    for (let next = fetch(); ;) {
      const { rows } = await next;
      if (rows.length === 0) break;
      next = fetch();
      for (const row of rows)
        builder.push({ hash: row.hash, sums: row.amounts.split(',').map(BigInt), text: row.amounts });
    }
  } finally {
    await client.query('COMMIT');
  }
  return { ...builder.finish(view.assets), nodes };
}

function assertRootMatchesLedger(root: SumNode, view: LedgerView): void {
  const broken = view.liabilities.some((total, asset) => root.sums[asset] !== total);
  // A broken invariant is a programmer error: the snapshot must never be published.
  if (broken) throw new Error('The tree totals differ from the ledger liabilities at the snapshot position');
}

/**
 * Takes, builds and publishes one snapshot: one at a time, after clearing what a dead one left. Its
 * statements have no deadline (ADR 0071): the grouping pass and the leaf table's indexes read every
 * customer's balances, which takes longer than any request should wait as customers grow.
 */
export function takeSnapshot(deps: SnapshotDependencies): Promise<SnapshotResult> {
  return withoutQueryDeadline(() => withSnapshotLock(deps.pool, (writerClient) => takeOne(deps, writerClient)));
}

/** `writerClient` holds the snapshot lock; the reader is the one more connection a snapshot takes. */
async function takeOne(deps: SnapshotDependencies, writerClient: pg.PoolClient): Promise<SnapshotResult> {
  const reader = await deps.pool.connect();
  const snapshotId = crypto.randomUUID();
  const chunkLevel = deps.chunkLevel ?? DEFAULT_CHUNK_LEVEL;
  let created = false;
  try {
    const view = await openLedgerView(reader, deps);
    const secret = randomBytes(32).toString('hex');
    const random = deps.random ?? cryptoRandom();
    const scales = view.assets.map((asset) => (isAssetSymbol(asset) ? assetScale(asset) : 0));
    await writerClient.query(
      `INSERT INTO audit_snapshots (id, status, taken_at, transfer_seq, pg_snapshot, assets, scales, secret,
         chunk_level, customer_count, leaf_count)
       VALUES ($1, 'building', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        snapshotId,
        view.takenAt,
        view.transferSeq,
        view.pgSnapshot,
        view.assets,
        scales,
        secret,
        chunkLevel,
        view.customerCount,
        view.customerCount * LEAVES_PER_CUSTOMER,
      ],
    );
    created = true;
    await createLeavesTable(writerClient, snapshotId);
    const permutation = randomPermutation(view.customerCount * LEAVES_PER_CUSTOMER, random);
    const assetIndex = new Map(view.assets.map((asset, index) => [asset, index]));
    const customers = await streamLeaves(reader, writerClient, { snapshotId, secret, assetIndex, permutation, random });
    await reader.query('COMMIT');
    if (customers !== view.customerCount) throw new Error('The customer count changed within one snapshot');
    const tree = await buildTree(writerClient, { snapshotId, assets: view.assets, chunkLevel });
    assertRootMatchesLedger(tree.root, view);
    await attachLeavesTable(writerClient, snapshotId);
    await writeNodes(writerClient, snapshotId, tree.nodes);
    const signed = await signReserves(deps.reserves, {
      snapshotId,
      takenAt: view.takenAt,
      rootHash: tree.root.hash,
      holdings: view.holdings,
    });
    await publishSnapshot(writerClient, { snapshotId, tree, reserves: signed, publishedAt: deps.clock.now() });
    return {
      id: snapshotId,
      customerCount: customers,
      leafCount: customers * LEAVES_PER_CUSTOMER,
      rootHash: tree.root.hash,
    };
  } catch (error) {
    await reader.query('ROLLBACK').catch(() => undefined);
    if (created) {
      await dropLeavesTable(writerClient, snapshotId).catch(() => undefined);
      await writerClient.query('DELETE FROM audit_snapshots WHERE id = $1', [snapshotId]).catch(() => undefined);
    }
    throw error;
  } finally {
    reader.release();
  }
}

async function signReserves(
  source: ReserveSource,
  parts: { snapshotId: string; takenAt: Date; rootHash: string; holdings: ReserveHolding[] },
) {
  const signed = [];
  for (const holding of parts.holdings) {
    const label = { id: parts.snapshotId, takenAt: parts.takenAt.toISOString(), rootHash: parts.rootHash };
    const message = ownershipMessage(label, holding);
    const signature = await source.sign(holding, message);
    // An address whose control cannot be proven is not counted as a reserve.
    if (signature) signed.push({ holding, message, signature });
  }
  return signed;
}

// The audit of reserves as the calls see it: published snapshots (per asset: liabilities, reserves,
// coverage), one snapshot with its signed reserve addresses, a customer's own inclusion proof (their
// leaves, nonce and sibling paths, nothing of anyone else's), and the public liabilities file.
import type {
  AuditAsset,
  AuditProof,
  AuditSnapshot,
  AuditSnapshotDetail,
  AuditSnapshotList,
  PageQuery,
} from '@rora/contracts';
import { formatAmount } from '@rora/money';
import {
  assembleProof,
  buildLevels,
  proofLeaf,
  type NodeSource,
  type ReserveAddress,
  type SumNode,
} from '@rora/reserves';
import { AppError } from '../../lib/errors.ts';
import type { AuditRepository, LeafRow, ReserveRow, SnapshotRow } from './audit.repository.ts';
import { createLiabilitiesFile } from './liabilities-file.ts';
import { customerNonce } from './nonce.ts';
import { sha256Hex } from './take-snapshot.ts';

/** Coverage above this many basis points is shown as this (a ratio of a hundred million percent). */
const MAX_COVERAGE_BPS = 1_000_000_000_000n;

export interface AuditService {
  /** Published snapshots, newest first, a page at a time. */
  list(page: PageQuery): Promise<AuditSnapshotList>;
  get(id: string): Promise<AuditSnapshotDetail>;
  /** The customer's own proof; 404 when the snapshot does not exist or holds no leaf of theirs. */
  proof(userId: string, id: string): Promise<AuditProof>;
  /** JSON lines: a header, then `{ position, hash, sums }` per leaf (liabilities-file.ts). */
  liabilitiesFile(id: string): Promise<AsyncIterable<string>>;
}

const notFound = () => new AppError('resource_not_found');

function assetView(row: SnapshotRow, asset: number): AuditAsset {
  const scale = row.scales[asset] as number;
  const liabilities = row.rootSums[asset] as bigint;
  const reserves = row.reserveTotals[asset] ?? 0n;
  const bps = liabilities === 0n ? null : (reserves * 10_000n) / liabilities;
  return {
    asset: row.assets[asset] as string,
    scale,
    liabilities: formatAmount(liabilities, scale),
    reserves: formatAmount(reserves, scale),
    liabilitiesMinor: liabilities.toString(),
    reservesMinor: reserves.toString(),
    coverageBps: bps === null ? null : Number(bps > MAX_COVERAGE_BPS ? MAX_COVERAGE_BPS : bps),
    addressCount: row.addressCounts[asset] ?? 0,
  };
}

function snapshotView(row: SnapshotRow): AuditSnapshot {
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    publishedAt: row.publishedAt.toISOString(),
    ledgerPosition: { transferSeq: row.transferSeq, pgSnapshot: row.pgSnapshot },
    rootHash: row.rootHash,
    customerCount: row.customerCount,
    leafCount: row.leafCount,
    assets: row.assets.map((_, asset) => assetView(row, asset)),
  };
}

const reserveView = (row: ReserveRow): ReserveAddress & ReserveRow => ({ ...row });

/** Nodes below the chunk level from the leaf's rebuilt chunk, the ones above from storage. */
function chunkSource(parts: {
  row: SnapshotRow;
  chunkStart: number;
  chunkLevels: SumNode[][];
  upper: Map<string, SumNode>;
}): NodeSource {
  const { row, chunkStart, chunkLevels, upper } = parts;
  return {
    count: (level) => row.levelCounts[level] ?? 0,
    node(level, index) {
      const node =
        level < row.chunkLevel ? chunkLevels[level]?.[index - (chunkStart >> level)] : upper.get(`${level}:${index}`);
      if (!node) throw new Error(`Snapshot ${row.id} has no node ${index} at level ${level}`);
      return node;
    },
  };
}

export function createAuditService(deps: { repository: AuditRepository }): AuditService {
  const { repository } = deps;
  const liabilitiesFile = createLiabilitiesFile(repository);
  // The upper nodes of the snapshot asked last: every customer asks for the latest one.
  let cached: { id: string; nodes: Map<string, SumNode> } | undefined;
  const upperNodes = async (id: string) => {
    if (cached?.id !== id) cached = { id, nodes: await repository.upperNodes(id) };
    return cached.nodes;
  };

  async function leafProof(row: SnapshotRow, leaf: LeafRow) {
    const size = 2 ** row.chunkLevel;
    const chunkStart = Math.floor(leaf.position / size) * size;
    const chunk = await repository.chunk(row.id, chunkStart, chunkStart + size - 1);
    const source = chunkSource({
      row,
      chunkStart,
      chunkLevels: buildLevels(sha256Hex, chunk),
      upper: await upperNodes(row.id),
    });
    return proofLeaf(source, leaf, row.levelCounts.length);
  }

  return {
    async list({ page, limit }) {
      const { rows, total } = await repository.listPublished({ limit, offset: (page - 1) * limit });
      return { items: rows.map(snapshotView), page, limit, total };
    },

    async get(id) {
      const row = await repository.published(id);
      if (!row) throw notFound();
      return {
        ...snapshotView(row),
        root: { hash: row.rootHash, sums: row.rootSums.map(String) },
        reserves: (await repository.reserves(id)).map(reserveView),
      };
    },

    async proof(userId, id) {
      const row = await repository.published(id);
      if (!row) throw notFound();
      const leaves = await repository.leavesOf(id, userId);
      if (leaves.length === 0) throw notFound();
      const proofLeaves = [];
      for (const leaf of leaves) proofLeaves.push(await leafProof(row, leaf));
      return assembleProof({
        snapshot: {
          id: row.id,
          takenAt: row.takenAt.toISOString(),
          ledgerPosition: { transferSeq: row.transferSeq, pgSnapshot: row.pgSnapshot },
          assets: row.assets,
          scales: row.scales,
          root: { hash: row.rootHash, sums: row.rootSums.map(String) },
        },
        customerId: userId,
        nonce: customerNonce(row.secret, userId),
        leaves: proofLeaves,
        reserves: (await repository.reserves(id)).map(reserveView),
      }) as AuditProof;
    },

    liabilitiesFile,
  };
}

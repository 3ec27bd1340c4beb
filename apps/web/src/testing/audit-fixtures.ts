// A published audit snapshot of two customers, one leaf each, and each customer's proof of it, built
// with @rora/reserves the way the snapshot job builds them (Node's SHA-256: test code only).
import { createHash } from 'node:crypto';
import {
  assembleProof,
  buildLevels,
  leafNode,
  levelsSource,
  proofLeaf,
  proofNode,
  type LiabilityProof,
  type SumNode,
} from '@rora/reserves';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const AUDIT_SNAPSHOT_ID = '0b6f3a52-8d7e-4c1a-9f0e-2d4b6c8a1e35';
export const AUDIT_SNAPSHOT_TAKEN_AT = '2026-10-01T00:00:00.000Z';

/** The first customer holds 1.5 BTC, the second 2.5 USDT; `customerIds` name them. */
export function twoCustomerProofs(
  customerIds: readonly [string, string] = ['c1', 'c2'],
): [LiabilityProof, LiabilityProof] {
  const leaves = [
    { customerId: customerIds[0], nonce: 'n1', index: 0, amounts: [150_000_000n, 0n] },
    { customerId: customerIds[1], nonce: 'n2', index: 0, amounts: [0n, 2_500_000n] },
  ];
  const levels = buildLevels(
    sha256,
    leaves.map((leaf) => leafNode(sha256, leaf)),
  );
  const root = levels.at(-1)?.[0] as SumNode;
  const snapshot = {
    id: AUDIT_SNAPSHOT_ID,
    takenAt: AUDIT_SNAPSHOT_TAKEN_AT,
    ledgerPosition: { transferSeq: '7', pgSnapshot: '1:1:' },
    assets: ['BTC', 'USDT'],
    scales: [8, 6],
    root: proofNode(root),
  };
  const proofOf = (position: number) => {
    const leaf = leaves[position] as (typeof leaves)[number];
    return assembleProof({
      snapshot,
      customerId: leaf.customerId,
      nonce: leaf.nonce,
      reserves: [],
      leaves: [proofLeaf(levelsSource(levels), { index: 0, position, amounts: leaf.amounts }, levels.length)],
    });
  };
  return [proofOf(0), proofOf(1)];
}

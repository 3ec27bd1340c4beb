import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
import { verifyOnPage, type PublishedRoot } from './verify-proof.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SNAPSHOT_ID = '0b6f3a52-8d7e-4c1a-9f0e-2d4b6c8a1e35';

/** A snapshot of two customers, one leaf each, and the first customer's proof of it. */
function proofOfFirst(): LiabilityProof {
  const leaves = [
    { customerId: 'c1', nonce: 'n1', index: 0, amounts: [150_000_000n, 0n] },
    { customerId: 'c2', nonce: 'n2', index: 0, amounts: [0n, 2_500_000n] },
  ];
  const levels = buildLevels(
    sha256,
    leaves.map((leaf) => leafNode(sha256, leaf)),
  );
  const root = levels.at(-1)?.[0] as SumNode;
  return assembleProof({
    snapshot: {
      id: SNAPSHOT_ID,
      takenAt: '2026-10-01T00:00:00.000Z',
      ledgerPosition: { transferSeq: '7', pgSnapshot: '1:1:' },
      assets: ['BTC', 'USDT'],
      scales: [8, 6],
      root: proofNode(root),
    },
    customerId: 'c1',
    nonce: 'n1',
    reserves: [],
    leaves: [proofLeaf(levelsSource(levels), { index: 0, position: 0, amounts: [150_000_000n, 0n] }, levels.length)],
  });
}

/** A published-root lookup that records what it was asked. */
function rootsOf(published: Record<string, string>): PublishedRoot & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(
    async (id: string) => {
      asked.push(id);
      return published[id] ?? null;
    },
    { asked },
  );
}

describe("the page's proof verification", () => {
  it("passes a proof whose root is the one published under its snapshot's id, however old", async () => {
    const proof = proofOfFirst();
    const roots = rootsOf({ [SNAPSHOT_ID]: proof.snapshot.root.hash });
    const verification = await verifyOnPage(proof, roots);
    expect(roots.asked).toEqual([SNAPSHOT_ID]);
    expect(verification.ok).toBe(true);
    expect(verification.failure).toBeNull();
    expect(verification.rows.at(-1)).toMatchObject({ kind: 'published', ok: true });
    expect(verification.balances).toEqual([{ asset: 'BTC', amount: '1.5' }]);
  });

  it('fails a proof whose snapshot Rora never published, and one whose root differs from the published', async () => {
    const proof = proofOfFirst();
    const unknown = await verifyOnPage(proof, rootsOf({}));
    expect(unknown.ok).toBe(false);
    expect(unknown.failure).toMatchObject({ kind: 'published', problem: 'snapshot_not_published' });
    const other = await verifyOnPage(proof, rootsOf({ [SNAPSHOT_ID]: 'f'.repeat(64) }));
    expect(other.ok).toBe(false);
    expect(other.failure).toMatchObject({ kind: 'published', problem: 'root_not_published' });
  });

  it('does not look a snapshot up for a proof that fails its own steps', async () => {
    const proof = structuredClone(proofOfFirst()) as unknown as { balances: string[] };
    proof.balances[0] = '150000001';
    const roots = rootsOf({ [SNAPSHOT_ID]: proofOfFirst().snapshot.root.hash });
    const verification = await verifyOnPage(proof, roots);
    expect(verification.ok).toBe(false);
    expect(verification.failure?.kind).not.toBe('published');
    expect(roots.asked).toEqual([]);
  });
});

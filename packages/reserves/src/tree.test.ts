import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leafNode, type SumNode, type SyncSha256 } from './encoding.ts';
import type { LiabilityProof, ProofSnapshot } from './proof.ts';
import { assembleProof, proofLeaf, proofNode } from './proof-builder.ts';
import { randomPermutation, splitAmounts, type RandomUint32 } from './split.ts';
import { buildLevels, levelsSource, SumTreeBuilder } from './tree.ts';
import { verifyProof } from './verification.ts';

const sha256: SyncSha256 = (text) => createHash('sha256').update(text).digest('hex');
const seed = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const runs = { seed, numRuns: 40 };

function seededRandom(start: number): RandomUint32 {
  let state = start >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

const amount = fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 999n }));
const customers = fc.array(fc.array(amount, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 12 });

interface Built {
  snapshot: ProofSnapshot;
  proofs: LiabilityProof[];
  leaves: SumNode[];
}

/** Splits, shuffles and builds the tree the way the snapshot job does, then one proof per customer. */
function build(balances: bigint[][], randomSeed: number): Built {
  const random = seededRandom(randomSeed);
  const assets = ['BTC', 'ETH', 'USDT'];
  const split = balances.map((amounts) => splitAmounts(amounts, 3, random));
  const permutation = randomPermutation(split.length * 3, random);
  const placed: { customer: number; index: number; amounts: bigint[] }[] = [];
  split.forEach((parts, customer) =>
    parts.forEach((amounts, index) => {
      placed[permutation[customer * 3 + index] as number] = { customer, index, amounts };
    }),
  );
  const leaves = placed.map((leaf) =>
    leafNode(sha256, {
      customerId: `c${leaf.customer}`,
      nonce: `n${leaf.customer}`,
      index: leaf.index,
      amounts: leaf.amounts,
    }),
  );
  const levels = buildLevels(sha256, leaves);
  const root = levels.at(-1)?.[0] as SumNode;
  const snapshot: ProofSnapshot = {
    id: 's1',
    takenAt: '2026-11-24T00:00:00.000Z',
    ledgerPosition: { transferSeq: '1', pgSnapshot: '1:1:' },
    assets,
    scales: [8, 18, 6],
    root: proofNode(root),
  };
  const proofs = balances.map((_, customer) =>
    assembleProof({
      snapshot,
      customerId: `c${customer}`,
      nonce: `n${customer}`,
      reserves: [],
      leaves: placed.flatMap((leaf, position) =>
        leaf.customer === customer
          ? [proofLeaf(levelsSource(levels), { index: leaf.index, position, amounts: leaf.amounts }, levels.length)]
          : [],
      ),
    }),
  );
  return { snapshot, proofs, leaves };
}

type Mutable = { -readonly [K in keyof LiabilityProof]: unknown } & Record<string, unknown>;
const clone = (proof: LiabilityProof): Mutable => structuredClone(proof) as unknown as Mutable;
const bump = (text: string): string => String(BigInt(text) + 1n);

describe('the Merkle sum tree (seed ' + seed + ', replay with TEST_SEED)', () => {
  it('verifies every customer leaf against the root, and the leaves add up to each balance', async () => {
    await fc.assert(
      fc.asyncProperty(customers, fc.integer(), async (balances, randomSeed) => {
        const { proofs } = build(balances, randomSeed);
        for (const [customer, proof] of proofs.entries()) {
          const result = await verifyProof(proof);
          expect(result.failure).toBeNull();
          expect(proof.balances).toEqual(balances[customer]?.map(String));
        }
      }),
      runs,
    );
  });

  it('publishes totals equal to the sum of all leaves', () => {
    fc.assert(
      fc.property(customers, fc.integer(), (balances, randomSeed) => {
        const { snapshot, leaves } = build(balances, randomSeed);
        const expected = [0, 1, 2].map((asset) => balances.reduce((sum, row) => sum + (row[asset] as bigint), 0n));
        expect(snapshot.root.sums).toEqual(expected.map(String));
        const fromLeaves = [0, 1, 2].map((asset) =>
          leaves.reduce((sum, leaf) => sum + (leaf.sums[asset] as bigint), 0n),
        );
        expect(fromLeaves).toEqual(expected);
      }),
      runs,
    );
  });

  it('streams to the same root and the same nodes as the level-by-level build', () => {
    fc.assert(
      fc.property(customers, fc.integer(), (balances, randomSeed) => {
        const { leaves } = build(balances, randomSeed);
        const levels = buildLevels(sha256, leaves);
        const reported: SumNode[][] = [];
        const builder = new SumTreeBuilder({
          hash: sha256,
          assetCount: 3,
          reportFromLevel: 0,
          onNode: (level, index, node) => ((reported[level] ??= [])[index] = node),
        });
        for (const leaf of leaves) builder.push(leaf);
        const tree = builder.finish(['BTC', 'ETH', 'USDT']);
        expect(tree.root).toEqual(levels.at(-1)?.[0]);
        expect(tree.levelCounts).toEqual(levels.map((level) => level.length));
        expect(reported).toEqual(levels);
      }),
      runs,
    );
  });

  it('breaks when any amount, sum, nonce or sibling changes', async () => {
    const mutations: ((proof: Mutable) => boolean)[] = [
      (p) => mutateLeaf(p, (leaf) => (leaf.amounts[0] = bump(leaf.amounts[0] as string))),
      (p) => mutateStep(p, (step) => (step.sums[1] = bump(step.sums[1] as string))),
      (p) => mutateStep(p, (step) => (step.hash = flipHex(step.hash))),
      (p) => mutateStep(p, (step) => (step.side = step.side === 'left' ? 'right' : 'left')),
      (p) => Boolean((p.nonce = `${p.nonce as string}x`)),
      (p) => Boolean((p.customerId = `${p.customerId as string}x`)),
      (p) => Boolean((p.balances = (p.balances as string[]).map((value, i) => (i === 2 ? bump(value) : value)))),
      (p) => rootMutation(p),
    ];
    await fc.assert(
      fc.asyncProperty(customers, fc.integer(), fc.nat(), fc.nat(mutations.length - 1), async (balances, s, who, m) => {
        const { proofs } = build(balances, s);
        const proof = clone(proofs[who % proofs.length] as LiabilityProof);
        const mutate = mutations[m] as (proof: Mutable) => boolean;
        if (!mutate(proof)) return;
        const result = await verifyProof(proof);
        expect(result.ok).toBe(false);
        expect(result.failure?.problem).toBeDefined();
      }),
      { ...runs, numRuns: 120 },
    );
  });

  it('rejects a negative sum anywhere, even one that keeps the total', async () => {
    await fc.assert(
      fc.asyncProperty(customers, fc.integer(), fc.nat(), async (balances, s, who) => {
        const { proofs } = build(balances, s);
        const proof = clone(proofs[who % proofs.length] as LiabilityProof);
        const changed = mutateStep(proof, (step) => (step.sums[0] = `-${String(BigInt(step.sums[0] as string) + 1n)}`));
        if (!changed) return;
        const result = await verifyProof(proof);
        expect(result.failure).toMatchObject({ kind: 'node', problem: 'negative_sum' });
      }),
      runs,
    );
  });

  it('names the step that broke and keeps the steps before it', async () => {
    const { proofs } = build(
      [
        [5n, 6n, 7n],
        [1n, 2n, 3n],
        [9n, 9n, 9n],
      ],
      7,
    );
    const proof = clone(proofs[0] as LiabilityProof);
    mutateStep(proof, (step) => (step.hash = flipHex(step.hash)));
    const result = await verifyProof(proof);
    expect(result.failure).toMatchObject({ kind: 'root', problem: 'root_hash_mismatch', leaf: 0 });
    expect(result.steps.slice(0, -1).every((step) => step.ok)).toBe(true);
    expect((await verifyProof({ format: 'something else' })).failure).toMatchObject({ problem: 'not_a_proof' });
  });

  it('splits every balance into shares that add up to it exactly', () => {
    fc.assert(
      fc.property(
        fc.array(amount, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer(),
        (amounts, parts, s) => {
          const split = splitAmounts(amounts, parts, seededRandom(s));
          expect(split).toHaveLength(parts);
          amounts.forEach((value, asset) => {
            const shares = split.map((leaf) => leaf[asset] as bigint);
            expect(shares.every((share) => share >= 0n)).toBe(true);
            expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(value);
          });
        },
      ),
      runs,
    );
  });
});

type MutableLeaf = { amounts: string[]; path: MutableStep[] };
type MutableStep = { side: string; hash: string; sums: string[] };

function mutateLeaf(proof: Mutable, change: (leaf: MutableLeaf) => void): boolean {
  const leaf = (proof.leaves as MutableLeaf[])[0];
  if (!leaf) return false;
  change(leaf);
  return true;
}

function mutateStep(proof: Mutable, change: (step: MutableStep) => void): boolean {
  const step = (proof.leaves as MutableLeaf[]).find((leaf) => leaf.path.length > 0)?.path[0];
  if (!step) return false;
  change(step);
  return true;
}

function rootMutation(proof: Mutable): boolean {
  const snapshot = proof.snapshot as { root: { sums: string[] } };
  snapshot.root.sums[0] = bump(snapshot.root.sums[0] as string);
  return true;
}

function flipHex(hash: string): string {
  return (hash[0] === '0' ? '1' : '0') + hash.slice(1);
}

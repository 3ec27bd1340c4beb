// Verifies a customer's proof the way the page shows it: each step is recomputed with SHA-256 and
// reported, and the first step that does not hold stops the walk and says why. Nothing is trusted
// from the proof but the published root it is compared with.
import {
  addSums,
  leafIdPreimage,
  leafPreimage,
  nodePreimage,
  parseAmount,
  webCryptoSha256,
  type Sha256,
  type SumNode,
} from './encoding.ts';
import { parseProof, type LiabilityProof, type ProofNode } from './proof.ts';

export type StepKind = 'format' | 'balances' | 'leaf-id' | 'leaf' | 'node' | 'root';

export type VerificationProblem =
  | 'not_a_proof'
  | 'asset_count_mismatch'
  | 'amount_malformed'
  | 'negative_amount'
  | 'negative_sum'
  | 'leaves_do_not_add_up'
  | 'root_hash_mismatch'
  | 'root_sums_mismatch';

export interface VerificationStep {
  readonly kind: StepKind;
  /** Which of the customer's leaves (for leaf-id, leaf, node, root). */
  readonly leaf?: number;
  /** For `node`: how far up the path (1 = just above the leaf). */
  readonly depth?: number;
  readonly hash?: string;
  readonly sums?: readonly string[];
  readonly ok: boolean;
  readonly problem?: VerificationProblem;
}

export interface VerificationResult {
  readonly ok: boolean;
  readonly steps: readonly VerificationStep[];
  /** The step that broke, when one did. */
  readonly failure: VerificationStep | null;
  readonly proof: LiabilityProof | null;
}

class Broken extends Error {
  constructor(readonly step: VerificationStep) {
    super(step.problem);
  }
}

function amounts(texts: readonly string[], count: number, fail: (problem: VerificationProblem) => never): bigint[] {
  if (texts.length !== count) fail('asset_count_mismatch');
  return texts.map((text) => {
    const amount = parseAmount(text);
    if (amount === null) fail('amount_malformed');
    return amount;
  });
}

function show(node: SumNode): { hash: string; sums: string[] } {
  return { hash: node.hash, sums: node.sums.map(String) };
}

interface Walk {
  proof: LiabilityProof;
  sha256: Sha256;
  steps: VerificationStep[];
  count: number;
}

function breakAt(walk: Walk, step: Omit<VerificationStep, 'ok'>): never {
  const broken = { ...step, ok: false };
  walk.steps.push(broken);
  throw new Broken(broken);
}

function checkBalances(walk: Walk): void {
  const { proof, count } = walk;
  const fail = (problem: VerificationProblem): never => breakAt(walk, { kind: 'balances', problem });
  const balances = amounts(proof.balances, count, fail);
  const total = proof.leaves.reduce<bigint[]>(
    (sum, leaf) => addSums(sum, amounts(leaf.amounts, count, fail)),
    balances.map(() => 0n),
  );
  if ([...balances, ...total].some((amount) => amount < 0n)) fail('negative_amount');
  if (total.some((amount, asset) => amount !== balances[asset])) fail('leaves_do_not_add_up');
  walk.steps.push({ kind: 'balances', sums: proof.balances, ok: true });
}

async function walkLeaf(walk: Walk, leafNumber: number, root: SumNode): Promise<void> {
  const { proof, sha256, count } = walk;
  const leaf = proof.leaves[leafNumber] as LiabilityProof['leaves'][number];
  const at = { leaf: leafNumber };
  const id = await sha256(leafIdPreimage(proof.customerId, proof.nonce, leaf.index));
  walk.steps.push({ kind: 'leaf-id', ...at, hash: id, ok: true });
  const leafAmounts = amounts(leaf.amounts, count, (problem) => breakAt(walk, { kind: 'leaf', ...at, problem }));
  let node: SumNode = { hash: await sha256(leafPreimage(id, leafAmounts)), sums: leafAmounts };
  walk.steps.push({ kind: 'leaf', ...at, ...show(node), ok: true });
  for (const [depthIndex, step] of leaf.path.entries()) {
    const depth = depthIndex + 1;
    const fail = (problem: VerificationProblem): never => breakAt(walk, { kind: 'node', ...at, depth, problem });
    const sibling: SumNode = { hash: step.hash, sums: amounts(step.sums, count, fail) };
    if (sibling.sums.some((sum) => sum < 0n)) fail('negative_sum');
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256(nodePreimage(left, right)), sums: addSums(left.sums, right.sums) };
    walk.steps.push({ kind: 'node', ...at, depth, ...show(node), ok: true });
  }
  if (node.hash !== root.hash) breakAt(walk, { kind: 'root', ...at, ...show(node), problem: 'root_hash_mismatch' });
  if (node.sums.some((sum, asset) => sum !== root.sums[asset])) {
    breakAt(walk, { kind: 'root', ...at, ...show(node), problem: 'root_sums_mismatch' });
  }
  walk.steps.push({ kind: 'root', ...at, ...show(node), ok: true });
}

function publishedRoot(walk: Walk, root: ProofNode): SumNode {
  const sums = amounts(root.sums, walk.count, (problem) => breakAt(walk, { kind: 'format', problem }));
  if (sums.some((sum) => sum < 0n)) breakAt(walk, { kind: 'format', problem: 'negative_sum' });
  return { hash: root.hash, sums };
}

/** Walks every leaf of the proof in `json` from its amounts to the published root. */
export async function verifyProof(json: unknown, sha256: Sha256 = webCryptoSha256): Promise<VerificationResult> {
  const proof = parseProof(json);
  if (!proof) {
    const failure: VerificationStep = { kind: 'format', ok: false, problem: 'not_a_proof' };
    return { ok: false, steps: [failure], failure, proof: null };
  }
  const walk: Walk = { proof, sha256, steps: [], count: proof.snapshot.assets.length };
  try {
    const root = publishedRoot(walk, proof.snapshot.root);
    walk.steps.push({ kind: 'format', ok: true });
    checkBalances(walk);
    for (let leaf = 0; leaf < proof.leaves.length; leaf += 1) await walkLeaf(walk, leaf, root);
    return { ok: true, steps: walk.steps, failure: null, proof };
  } catch (error) {
    if (!(error instanceof Broken)) throw error;
    return { ok: false, steps: walk.steps, failure: error.step, proof };
  }
}

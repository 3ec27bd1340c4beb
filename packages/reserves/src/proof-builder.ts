// Assembles a customer's proof from the tree's nodes: the server's proof call and the tests use it.
import type { SumNode } from './encoding.ts';
import type { LiabilityProof, ProofLeaf, ProofNode, ProofSnapshot, ReserveAddress } from './proof.ts';
import { PROOF_FORMAT } from './proof.ts';
import { pathOf, type NodeSource } from './tree.ts';

export function proofNode(node: SumNode): ProofNode {
  return { hash: node.hash, sums: node.sums.map(String) };
}

export interface CustomerLeaf {
  readonly index: number;
  readonly position: number;
  readonly amounts: readonly bigint[];
}

/** A customer's leaf with its siblings read from `source`, a tree of `height` levels. */
export function proofLeaf(source: NodeSource, leaf: CustomerLeaf, height: number): ProofLeaf {
  return {
    index: leaf.index,
    position: leaf.position,
    amounts: leaf.amounts.map(String),
    path: pathOf(source, leaf.position, height).map((step) => ({ side: step.side, ...proofNode(step.node) })),
  };
}

export function assembleProof(parts: {
  snapshot: ProofSnapshot;
  customerId: string;
  nonce: string;
  leaves: readonly ProofLeaf[];
  reserves: readonly ReserveAddress[];
}): LiabilityProof {
  const count = parts.snapshot.assets.length;
  const balances = parts.leaves.reduce<bigint[]>(
    (sum, leaf) => sum.map((amount, asset) => amount + BigInt(leaf.amounts[asset] as string)),
    new Array<bigint>(count).fill(0n),
  );
  return {
    format: PROOF_FORMAT,
    snapshot: parts.snapshot,
    customerId: parts.customerId,
    nonce: parts.nonce,
    balances: balances.map(String),
    leaves: [...parts.leaves].sort((a, b) => a.index - b.index),
    reserves: parts.reserves,
  };
}

// The Merkle sum tree. Shape: leaves in position order form level 0; each level pairs its nodes
// (0,1), (2,3), ...; an odd last node is carried up unchanged. The root is the only node of the top
// level. Two ways to build the same tree: `SumTreeBuilder` streams millions of leaves in position
// order keeping one pending node per level (the snapshot job), and `buildLevels` keeps every level
// of a small tree (a chunk of leaves when a proof is served, and the tests).
import { emptyRootPreimage, parentNode, type SumNode, type SyncSha256 } from './encoding.ts';

/** Where the sibling sits: `left` means the sibling is hashed first. */
export type Side = 'left' | 'right';

export interface PathStep {
  readonly side: Side;
  readonly node: SumNode;
}

export interface SumTreeBuilderOptions {
  readonly hash: SyncSha256;
  readonly assetCount: number;
  /** Nodes at this level and above are reported to `onNode` (0: every node). */
  readonly reportFromLevel: number;
  readonly onNode?: (level: number, index: number, node: SumNode) => void;
}

export interface BuiltTree {
  readonly root: SumNode;
  /** How many nodes each level holds, level 0 (the leaves) first. */
  readonly levelCounts: readonly number[];
}

export class SumTreeBuilder {
  readonly #options: SumTreeBuilderOptions;
  readonly #pending: (SumNode | undefined)[] = [];
  readonly #counts: number[] = [];
  #finished = false;

  constructor(options: SumTreeBuilderOptions) {
    this.#options = options;
  }

  /** The next leaf, in position order. Its sums are its amounts, none negative. */
  push(leaf: SumNode): void {
    if (this.#finished) throw new Error('The tree is already finished');
    assertNode(leaf, this.#options.assetCount);
    this.#emit(0, leaf);
  }

  finish(assets: readonly string[]): BuiltTree {
    this.#finished = true;
    if (this.#counts.length === 0) {
      const root = { hash: this.#options.hash(emptyRootPreimage(assets)), sums: assets.map(() => 0n) };
      return { root, levelCounts: [] };
    }
    for (let level = 0; ; level += 1) {
      const node = this.#pending[level];
      if (level === this.#counts.length - 1 && this.#counts[level] === 1 && node) {
        return { root: node, levelCounts: [...this.#counts] };
      }
      if (node) {
        this.#pending[level] = undefined;
        this.#emit(level + 1, node);
      }
    }
  }

  #emit(level: number, node: SumNode): void {
    const index = this.#counts[level] ?? 0;
    this.#counts[level] = index + 1;
    if (level >= this.#options.reportFromLevel) this.#options.onNode?.(level, index, node);
    const waiting = this.#pending[level];
    if (waiting) {
      this.#pending[level] = undefined;
      this.#emit(level + 1, parentNode(this.#options.hash, waiting, node));
    } else {
      this.#pending[level] = node;
    }
  }
}

/** Every level of the tree over `leaves` (level 0 first, the root alone last). */
export function buildLevels(hash: SyncSha256, leaves: readonly SumNode[]): SumNode[][] {
  if (leaves.length === 0) throw new RangeError('A tree needs at least one leaf');
  const levels: SumNode[][] = [[...leaves]];
  for (let level = levels[0] as SumNode[]; level.length > 1;) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right ? parentNode(hash, level[i] as SumNode, right) : (level[i] as SumNode));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** Reads node `index` of `level`; `count(level)` says how many the level holds. */
export interface NodeSource {
  count(level: number): number;
  node(level: number, index: number): SumNode;
}

/** The siblings from leaf `position` up to (not including) the root of a tree of `height` levels. */
export function pathOf(source: NodeSource, position: number, height: number): PathStep[] {
  const steps: PathStep[] = [];
  let index = position;
  for (let level = 0; level < height - 1; level += 1) {
    const sibling = index ^ 1;
    if (sibling < source.count(level)) {
      steps.push({ side: sibling < index ? 'left' : 'right', node: source.node(level, sibling) });
    }
    index >>= 1;
  }
  return steps;
}

export function levelsSource(levels: readonly (readonly SumNode[])[]): NodeSource {
  return {
    count: (level) => levels[level]?.length ?? 0,
    node(level, index) {
      const node = levels[level]?.[index];
      if (!node) throw new RangeError(`No node ${index} at level ${level}`);
      return node;
    },
  };
}

function assertNode(node: SumNode, assetCount: number): void {
  if (node.sums.length !== assetCount) throw new RangeError(`A leaf needs ${assetCount} amounts`);
  if (node.sums.some((amount) => amount < 0n)) throw new RangeError('A leaf amount cannot be negative');
}

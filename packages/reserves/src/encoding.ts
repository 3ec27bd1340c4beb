// What each hash of the proof of liabilities commits to, written once for the builder (Node, sync
// SHA-256) and the verifier (WebCrypto, async). Every preimage is UTF-8 text with a domain tag, so a
// leaf can never be read as a node nor a node as a leaf (second-preimage attacks on Merkle trees),
// and amounts are whole minor units in decimal: no floating point anywhere.

/** A node of the sum tree: its hash and, per asset of the snapshot, the sum of the leaves below it. */
export interface SumNode {
  readonly hash: string;
  readonly sums: readonly bigint[];
  /** `sums.join(',')` when already at hand (the builder keeps it: each node's text is made once). */
  readonly text?: string;
}

/** SHA-256 of UTF-8 text as lowercase hex, synchronous: what the snapshot builder runs millions of times. */
export type SyncSha256 = (text: string) => string;
/** SHA-256 of UTF-8 text as lowercase hex: WebCrypto in the browser and in Node. */
export type Sha256 = (text: string) => Promise<string>;

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const encoder = new TextEncoder();

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte];
  return out;
}

/** WebCrypto's SHA-256 (globalThis.crypto.subtle: every browser and Node 20+). */
export const webCryptoSha256: Sha256 = async (text) =>
  bytesToHex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text))));

const LEAF_ID_TAG = 'rora-por/leaf-id/v1';
const LEAF_TAG = 'rora-por/leaf/v1';
const NODE_TAG = 'rora-por/node/v1';
const EMPTY_TAG = 'rora-por/empty/v1';

/** hash(customer id, per-snapshot nonce, leaf index): only the customer and Rora can link it to them. */
export function leafIdPreimage(customerId: string, nonce: string, index: number): string {
  return `${LEAF_ID_TAG}|${customerId}|${nonce}|${index}`;
}

/** A leaf commits to its id and its amounts, one per asset of the snapshot in the snapshot's order. */
export function leafPreimage(leafId: string, amounts: readonly bigint[] | string): string {
  return `${LEAF_TAG}|${leafId}|${typeof amounts === 'string' ? amounts : amounts.join(',')}`;
}

/**
 * A node commits to both children's hashes and both children's sums (not only their total), so a
 * child's sum cannot be shifted to its sibling without changing the hash (the flaw of the first
 * Merkle sum trees). Its own sums are the children's added per asset.
 */
export function nodePreimage(left: SumNode, right: SumNode): string {
  return `${NODE_TAG}|${left.hash}|${right.hash}|${sumsText(left)}|${sumsText(right)}`;
}

export function sumsText(node: SumNode): string {
  return node.text ?? node.sums.join(',');
}

/** The root of a snapshot with no customer at all. */
export function emptyRootPreimage(assets: readonly string[]): string {
  return `${EMPTY_TAG}|${assets.join(',')}`;
}

export function addSums(left: readonly bigint[], right: readonly bigint[]): bigint[] {
  if (left.length !== right.length) throw new RangeError('Sums of different asset counts cannot be added');
  return left.map((amount, asset) => amount + (right[asset] as bigint));
}

export function parentNode(hash: SyncSha256, left: SumNode, right: SumNode): SumNode {
  const sums = addSums(left.sums, right.sums);
  return { hash: hash(nodePreimage(left, right)), sums, text: sums.join(',') };
}

export function leafNode(hash: SyncSha256, leaf: LeafInput): SumNode & { text: string } {
  const id = hash(leafIdPreimage(leaf.customerId, leaf.nonce, leaf.index));
  const text = leaf.amounts.join(',');
  return { hash: hash(leafPreimage(id, text)), sums: leaf.amounts, text };
}

/** One of a customer's leaves before it is hashed. */
export interface LeafInput {
  readonly customerId: string;
  readonly nonce: string;
  /** Which of the customer's leaves (0, 1, 2, ...). */
  readonly index: number;
  readonly amounts: readonly bigint[];
}

const AMOUNT = /^-?(0|[1-9]\d{0,77})$/;

/** A decimal amount of minor units as bigint, or null when it is not one (negatives parse: the verifier refuses them). */
export function parseAmount(text: unknown): bigint | null {
  return typeof text === 'string' && AMOUNT.test(text) ? BigInt(text) : null;
}

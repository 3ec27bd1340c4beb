// A customer's proof of inclusion, as the API serves it and the page downloads it: the snapshot's
// published root and totals, the customer's nonce and leaves, and for each leaf the siblings up to
// the root. Plain JSON (amounts as decimal strings) so any tool can read it.

export const PROOF_FORMAT = 'rora-liability-proof/v1';

export interface ProofNode {
  readonly hash: string;
  /** Per asset of the snapshot, in `snapshot.assets` order, minor units. */
  readonly sums: readonly string[];
}

export interface ProofStep extends ProofNode {
  /** Where the sibling sits: `left` is hashed before the running node. */
  readonly side: 'left' | 'right';
}

export interface ProofLeaf {
  /** Which of the customer's leaves (the index hashed into its id). */
  readonly index: number;
  /** Its place among the snapshot's shuffled leaves. */
  readonly position: number;
  readonly amounts: readonly string[];
  readonly path: readonly ProofStep[];
}

/** One platform address holding reserves, with its signed ownership message. */
export interface ReserveAddress {
  readonly asset: string;
  readonly network: string;
  readonly address: string;
  /** `hot`, `deposit`, `cold`, `omnibus`. */
  readonly role: string;
  readonly balance: string;
  readonly message: string;
  /** `bip322-simple`, `eip191`, `xrp-secp256k1`, `solana-ed25519`. */
  readonly scheme: string;
  readonly signature: string;
  /** The signing key where the scheme needs it to check the address (XRP). */
  readonly publicKey: string | null;
}

export interface ProofSnapshot {
  readonly id: string;
  readonly takenAt: string;
  /** The ledger position: the last transfer sequence the snapshot saw, and PostgreSQL's snapshot. */
  readonly ledgerPosition: { readonly transferSeq: string; readonly pgSnapshot: string };
  readonly assets: readonly string[];
  /** Minor-unit scale per asset (8 for BTC), for display. */
  readonly scales: readonly number[];
  readonly root: ProofNode;
}

export interface LiabilityProof {
  readonly format: typeof PROOF_FORMAT;
  readonly snapshot: ProofSnapshot;
  readonly customerId: string;
  readonly nonce: string;
  /** What Rora owed the customer at the snapshot, per asset: the leaves must add up to it. */
  readonly balances: readonly string[];
  readonly leaves: readonly ProofLeaf[];
  readonly reserves: readonly ReserveAddress[];
}

const HASH = /^[0-9a-f]{64}$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isNode(value: unknown): value is ProofNode {
  return isRecord(value) && typeof value.hash === 'string' && HASH.test(value.hash) && isStrings(value.sums);
}

function isLeaf(value: unknown): value is ProofLeaf {
  return (
    isRecord(value) &&
    Number.isSafeInteger(value.index) &&
    Number.isSafeInteger(value.position) &&
    isStrings(value.amounts) &&
    Array.isArray(value.path) &&
    value.path.every(
      (step: unknown) => isNode(step) && isRecord(step) && (step.side === 'left' || step.side === 'right'),
    )
  );
}

function isSnapshot(value: unknown): value is ProofSnapshot {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.takenAt === 'string' &&
    isRecord(value.ledgerPosition) &&
    isStrings(value.assets) &&
    Array.isArray(value.scales) &&
    isNode(value.root)
  );
}

/** The proof in `json`, or null when it is not shaped like one (the verifier then says so). */
export function parseProof(json: unknown): LiabilityProof | null {
  if (!isRecord(json) || json.format !== PROOF_FORMAT) return null;
  const shaped =
    isSnapshot(json.snapshot) &&
    typeof json.customerId === 'string' &&
    typeof json.nonce === 'string' &&
    isStrings(json.balances) &&
    Array.isArray(json.leaves) &&
    json.leaves.every(isLeaf) &&
    Array.isArray(json.reserves);
  return shaped ? (json as unknown as LiabilityProof) : null;
}

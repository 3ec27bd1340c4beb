// The page's verification: the proof walked step by step with WebCrypto (@rora/reserves), then its
// label (the snapshot's time and root) compared with what Rora published under that snapshot's id,
// so a file whose every hash was recomputed around a made-up root still fails, and so does one
// whose time was changed. Steps become rows the page renders. The proof names
// the customer it was made for (their id is hashed into every leaf id, so it cannot be swapped
// without breaking the walk): a file of another customer verifies, but as theirs, not the reader's.
import { formatMinor } from '../../../lib/format/numbers.ts';
import { compareLabels, labelOf, verifyProof, type SnapshotLabel, type VerificationStep } from '@rora/reserves';

export interface StepRow {
  readonly key: string;
  readonly kind: VerificationStep['kind'] | 'published';
  readonly leaf: number | null;
  readonly depth: number | null;
  readonly hash: string | null;
  readonly ok: boolean;
  /** The i18n key of what went wrong (`audit:problems.*`). */
  readonly problem: string | null;
}

/**
 * Whose proof it is: the signed-in customer's (`yours`), another customer's (`another`), or not
 * known because no customer is signed in (`unknown`). Only `yours` may call the balances "your".
 */
export type ProofOwner = 'yours' | 'another' | 'unknown';

export interface PageVerification {
  readonly ok: boolean;
  readonly rows: readonly StepRow[];
  readonly failure: StepRow | null;
  /** The proof's balances at the snapshot, formatted, per asset with a non-zero amount. */
  readonly balances: readonly { asset: string; amount: string }[];
  readonly owner: ProofOwner;
}

function toRow(step: VerificationStep, index: number): StepRow {
  return {
    key: `${index}`,
    kind: step.kind,
    leaf: step.leaf ?? null,
    depth: step.depth ?? null,
    hash: step.hash ?? null,
    ok: step.ok,
    problem: step.problem ?? null,
  };
}

/** The snapshot Rora published under an id (its time and root); null when it published none. */
export type PublishedLabel = (snapshotId: string) => Promise<SnapshotLabel | null>;

function ownerOf(proofCustomerId: string | undefined, customerId: string | null): ProofOwner {
  if (customerId === null || proofCustomerId === undefined) return 'unknown';
  return proofCustomerId === customerId ? 'yours' : 'another';
}

/** Why the proof's label is not the published one, as an `audit:problems.*` key; null when it is. */
function labelProblem(proof: SnapshotLabel, published: SnapshotLabel | null): string | null {
  if (published === null) return 'snapshot_not_published';
  const failed = compareLabels(proof, published).find((check) => !check.ok);
  if (!failed) return null;
  return failed.field === 'taken-at' ? 'time_not_published' : 'root_not_published';
}

/**
 * Checks `json` (a proof) and that its time and root are the ones published for its snapshot, and says whether
 * it is the proof of `customerId` (the signed-in customer; null when nobody is signed in).
 */
export async function verifyOnPage(
  json: unknown,
  publishedLabel: PublishedLabel,
  customerId: string | null,
): Promise<PageVerification> {
  const result = await verifyProof(json);
  const rows = result.steps.map(toRow);
  const proof = result.proof;
  const owner = ownerOf(proof?.customerId, customerId);
  const balances = proof
    ? proof.snapshot.assets.flatMap((asset, index) => {
        const minor = BigInt(proof.balances[index] ?? '0');
        return minor > 0n ? [{ asset, amount: formatMinor(minor, proof.snapshot.scales[index] ?? 0) }] : [];
      })
    : [];
  if (!result.ok || !proof) {
    return { ok: false, rows, failure: rows.find((row) => !row.ok) ?? null, balances, owner };
  }
  const problem = labelProblem(labelOf(proof), await publishedLabel(proof.snapshot.id));
  const matches = problem === null;
  const row: StepRow = {
    key: 'published',
    kind: 'published',
    leaf: null,
    depth: null,
    hash: proof.snapshot.root.hash,
    ok: matches,
    problem,
  };
  return { ok: matches, rows: [...rows, row], failure: matches ? null : row, balances, owner };
}

/** The first characters of a hash, for rows that must fit a phone. */
export function shortHash(hash: string): string {
  return `${hash.slice(0, 12)}…${hash.slice(-6)}`;
}

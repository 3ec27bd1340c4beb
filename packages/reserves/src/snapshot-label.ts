// Which snapshot a proof says it is of (its id and time) and the root it walks to, checked against
// the snapshot as published: Rora's own record of it (GET /api/v1/audit/snapshots/:id, saved or
// fetched) or the ownership messages the reserve addresses signed, each naming the snapshot, its
// time and its liabilities root. A proof relabelled to another snapshot keeps its root, so every
// hash still walks; only this check sees that the label is not the root's.
import { isRecord } from './proof.ts';
import type { LiabilityProof } from './proof.ts';

export interface SnapshotLabel {
  readonly id: string;
  readonly takenAt: string;
  readonly rootHash: string;
}

export type LabelField = 'snapshot-id' | 'taken-at' | 'root';

export interface LabelCheck {
  readonly field: LabelField;
  readonly ok: boolean;
  /** What the proof says. */
  readonly proof: string;
  /** What the published snapshot says. */
  readonly published: string;
}

export function labelOf(proof: LiabilityProof): SnapshotLabel {
  return { id: proof.snapshot.id, takenAt: proof.snapshot.takenAt, rootHash: proof.snapshot.root.hash };
}

/** The same instant, however written (`…00.000Z`, `…00Z`); texts that are not times must be equal. */
function sameTime(left: string, right: string): boolean {
  const [a, b] = [Date.parse(left), Date.parse(right)];
  return Number.isNaN(a) || Number.isNaN(b) ? left === right : a === b;
}

/** One check per part of the label: the snapshot's id, its time, and its liabilities root. */
export function compareLabels(proof: SnapshotLabel, published: SnapshotLabel): LabelCheck[] {
  return [
    { field: 'snapshot-id', ok: proof.id === published.id, proof: proof.id, published: published.id },
    {
      field: 'taken-at',
      ok: sameTime(proof.takenAt, published.takenAt),
      proof: proof.takenAt,
      published: published.takenAt,
    },
    { field: 'root', ok: proof.rootHash === published.rootHash, proof: proof.rootHash, published: published.rootHash },
  ];
}

/**
 * The label of a snapshot as the API publishes it (`{ data: snapshot }` or the snapshot alone: its
 * `id`, `takenAt` and `rootHash` or `root.hash`); null when `json` is not one.
 */
export function publishedLabel(json: unknown): SnapshotLabel | null {
  const snapshot = isRecord(json) && isRecord(json.data) ? json.data : json;
  if (!isRecord(snapshot)) return null;
  const rootHash =
    typeof snapshot.rootHash === 'string' ? snapshot.rootHash : isRecord(snapshot.root) ? snapshot.root.hash : null;
  if (typeof snapshot.id !== 'string' || typeof snapshot.takenAt !== 'string' || typeof rootHash !== 'string') {
    return null;
  }
  return { id: snapshot.id, takenAt: snapshot.takenAt, rootHash };
}

/** A reserve address as its ownership message names it. */
export interface OwnedAddress {
  readonly address: string;
  readonly network: string;
}

/**
 * The message a reserve address signs for a snapshot: the snapshot job signs it, and a verifier
 * rebuilds it to check that a signature is for this snapshot and this address. Its format lives
 * here only, so the job and the verifiers cannot drift apart.
 */
export function ownershipMessage(label: SnapshotLabel, owned: OwnedAddress): string {
  return [
    'Rora proof of reserves',
    `Snapshot: ${label.id}`,
    `Taken at: ${label.takenAt}`,
    `Liabilities root: ${label.rootHash}`,
    `Address: ${owned.address} (${owned.network})`,
  ].join('\n');
}

/**
 * The label an ownership message signs, from its `Snapshot:`, `Taken at:` and `Liabilities root:`
 * lines (ownershipMessage's); null when it lacks one of them.
 */
export function signedLabel(message: string): SnapshotLabel | null {
  const line = (name: string) =>
    message
      .split('\n')
      .find((text) => text.startsWith(`${name}: `))
      ?.slice(name.length + 2)
      .trim();
  const [id, takenAt, rootHash] = [line('Snapshot'), line('Taken at'), line('Liabilities root')];
  return id && takenAt && rootHash ? { id, takenAt, rootHash } : null;
}

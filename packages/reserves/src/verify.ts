// The command-line verifier: checks a proof file downloaded from the audit page, step by step (the
// same code as the page), that the snapshot the proof names is the one published with its root, and
// the reserve addresses' signed ownership messages.
//   npx tsx packages/reserves/src/verify.ts proof.json [published]
// `published` is the snapshot as Rora publishes it, a saved file or its address
// (https://…/api/v1/audit/snapshots/<id>). Without it the proof's snapshot id, time and root are
// checked against what the reserve addresses in the same file signed (the ownership messages name
// all three): that only shows the file agrees with itself, since whoever made the file chose those
// addresses, so the verdict says the root was not checked against a published one, and exits 1.
// Exit code 0 when everything verifies, 1 when something does not, 2 when a file cannot be read.
import { readFile } from 'node:fs/promises';
import { checkReserve, provenReserves, signatureHolds } from './signatures.ts';
import type { LiabilityProof } from './proof.ts';
import {
  compareLabels,
  labelOf,
  ownershipMessage,
  publishedLabel,
  signedLabel,
  type LabelCheck,
  type SnapshotLabel,
} from './snapshot-label.ts';
import { verifyProof, type VerificationStep } from './verification.ts';

const USAGE = 'Usage: npx tsx packages/reserves/src/verify.ts proof.json [published-snapshot.json | https://…]';

function describeStep(step: VerificationStep): string {
  const where = step.leaf === undefined ? '' : ` leaf ${step.leaf}`;
  const depth = step.depth === undefined ? '' : ` depth ${step.depth}`;
  const hash = step.hash ? ` ${step.hash}` : '';
  const mark = step.ok ? 'ok  ' : 'FAIL';
  return `${mark} ${step.kind}${where}${depth}${hash}${step.problem ? `  <- ${step.problem}` : ''}`;
}

const FIELD_NAMES: Record<LabelCheck['field'], string> = {
  'snapshot-id': 'snapshot id',
  'taken-at': 'taken at',
  root: 'liabilities root',
};

function describeLabel(check: LabelCheck, source: string): string {
  const name = FIELD_NAMES[check.field];
  return check.ok
    ? `ok   ${name} ${check.proof} (${source})`
    : `FAIL ${name}  <- the proof says ${check.proof}; the ${source}: ${check.published}`;
}

function ratio(reserves: bigint, liabilities: bigint): string {
  if (liabilities === 0n) return 'nothing owed';
  const bps = (reserves * 10_000n) / liabilities;
  return `${bps / 100n}.${String(bps % 100n).padStart(2, '0')} %`;
}

async function readJson(where: string): Promise<unknown> {
  if (/^https?:\/\//.test(where)) {
    const response = await fetch(where);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  }
  return JSON.parse(await readFile(where, 'utf8'));
}

/** The labels the reserve addresses signed, each with how many signatures that hold name it. */
function signedSources(proof: LiabilityProof): { label: SnapshotLabel; source: string }[] {
  const labels = new Map<string, { label: SnapshotLabel; count: number }>();
  for (const reserve of proof.reserves) {
    const label = signedLabel(reserve.message);
    // Only a message in the format, for the address that signed it, vouches for a label.
    if (!label || reserve.message !== ownershipMessage(label, reserve) || !signatureHolds(reserve)) continue;
    const key = `${label.id}|${label.takenAt}|${label.rootHash}`;
    labels.set(key, { label, count: (labels.get(key)?.count ?? 0) + 1 });
  }
  return [...labels.values()].map(({ label, count }) => ({
    label,
    source: count === 1 ? 'signed reserve message' : `${count} signed reserve messages`,
  }));
}

function liabilitiesVerdict(
  walked: boolean,
  sources: { count: number; published: boolean },
  failed: readonly LabelCheck[],
): string {
  if (!walked) return 'Liabilities: NOT verified.';
  if (sources.count === 0) {
    return 'Liabilities: NOT verified: nothing published names this snapshot (no published snapshot given, no reserve signature holds).';
  }
  if (failed.length > 0) {
    const names = [...new Set(failed.map((check) => FIELD_NAMES[check.field]))].join(', ');
    return `Liabilities: NOT verified: the proof is labelled with another snapshot than the published one (${names} differ).`;
  }
  if (!sources.published) {
    return (
      'Liabilities: NOT checked against a published snapshot. The balances are included in the root this file ' +
      'names, which its own reserve messages sign; give the snapshot as Rora publishes it as the second ' +
      'argument (…/api/v1/audit/snapshots/<id>) to check that root is the published one.'
    );
  }
  return 'Liabilities: your balances are included in the published root.';
}

async function main(): Promise<number> {
  const [file, publishedAt] = process.argv.slice(2);
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  let json: unknown;
  let published: SnapshotLabel | null = null;
  try {
    json = await readJson(file);
    if (publishedAt) {
      published = publishedLabel(await readJson(publishedAt));
      if (!published) throw new Error('not a published audit snapshot (id, takenAt, rootHash)');
    }
  } catch (error) {
    console.error(`Cannot read ${publishedAt && json !== undefined ? publishedAt : file}: ${(error as Error).message}`);
    return 2;
  }
  const result = await verifyProof(json);
  for (const step of result.steps) console.log(describeStep(step));
  const proof = result.proof;
  if (!proof) return 1;

  const sources = published ? [{ label: published, source: 'published snapshot' }] : signedSources(proof);
  const labelChecks = sources.flatMap(({ label, source }) =>
    compareLabels(labelOf(proof), label).map((check) => ({ check, source })),
  );
  for (const { check, source } of labelChecks) console.log(describeLabel(check, source));
  const failed = labelChecks.filter(({ check }) => !check.ok).map(({ check }) => check);
  const included = result.ok && published !== null && failed.length === 0;
  console.log(`\n${liabilitiesVerdict(result.ok, { count: sources.length, published: published !== null }, failed)}`);

  const checks = proof.reserves.map((reserve) => checkReserve(proof, reserve));
  for (const check of checks) {
    const { reserve } = check;
    console.log(
      `${check.ok ? 'ok  ' : 'FAIL'} reserve ${reserve.asset} ${reserve.network} ${reserve.address} ${reserve.balance} (${reserve.scheme})${check.problem ? `  <- ${check.problem}` : ''}`,
    );
  }
  const proven = provenReserves(checks);
  console.log('\nAsset  liabilities (minor units)  proven reserves  coverage');
  proof.snapshot.assets.forEach((asset, index) => {
    const liabilities = BigInt(proof.snapshot.root.sums[index] ?? '0');
    const reserves = proven.get(asset) ?? 0n;
    console.log(
      `${asset.padEnd(6)} ${String(liabilities).padStart(26)}  ${String(reserves).padStart(15)}  ${ratio(reserves, liabilities)}`,
    );
  });
  return included && checks.every((check) => check.ok) ? 0 : 1;
}

process.exitCode = await main();

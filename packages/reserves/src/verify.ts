// The command-line verifier: checks a proof file downloaded from the audit page, step by step (the
// same code as the page), and the reserve addresses' signed ownership messages.
//   npx tsx packages/reserves/src/verify.ts proof.json
// Exit code 0 when everything verifies, 1 when something does not, 2 when the file cannot be read.
import { readFile } from 'node:fs/promises';
import { checkReserve, provenReserves } from './signatures.ts';
import { verifyProof, type VerificationStep } from './verification.ts';

function describeStep(step: VerificationStep): string {
  const where = step.leaf === undefined ? '' : ` leaf ${step.leaf}`;
  const depth = step.depth === undefined ? '' : ` depth ${step.depth}`;
  const hash = step.hash ? ` ${step.hash}` : '';
  const mark = step.ok ? 'ok  ' : 'FAIL';
  return `${mark} ${step.kind}${where}${depth}${hash}${step.problem ? `  <- ${step.problem}` : ''}`;
}

function ratio(reserves: bigint, liabilities: bigint): string {
  if (liabilities === 0n) return 'nothing owed';
  const bps = (reserves * 10_000n) / liabilities;
  return `${bps / 100n}.${String(bps % 100n).padStart(2, '0')} %`;
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npx tsx packages/reserves/src/verify.ts proof.json');
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const result = await verifyProof(json);
  for (const step of result.steps) console.log(describeStep(step));
  const proof = result.proof;
  if (!proof) return 1;
  console.log(
    result.ok ? '\nLiabilities: your balances are included in the published root.' : '\nLiabilities: NOT verified.',
  );

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
  return result.ok && checks.every((check) => check.ok) ? 0 : 1;
}

process.exitCode = await main();

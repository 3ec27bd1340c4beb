// `npm run ledger:check`: checks every ledger invariant on the running database, in one snapshot,
// then the coins on chain against the ledger per asset (chain-check.ts, ADR 0044), and prints the
// result. Exit 0: sound. Exit 1: an invariant is broken or a chain holds less than the ledger says
// beyond what is in flight. Exit 2: no database.
// Connects to DATABASE_URL, or else to the embedded PostgreSQL that `npm start` runs under
// RORA_DATA_DIR/pg (default .data/pg) if it is running. It never starts, migrates or writes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { EMBEDDED_PASSWORD, isProcessAlive, readLockFile } from '@rora/db';
import { INVARIANT_NAMES, runLedgerCheck } from '@rora/ledger';
import { compareChainBalances, printChainComparison } from './chain-check.ts';

type Print = (line: string) => void;

/** The URL of the embedded server if its postmaster.pid names a live process, else null. */
async function embeddedUrl(dataDir: string): Promise<string | null> {
  const lock = await readLockFile(dataDir);
  if (!lock || !Number.isInteger(lock.port) || !isProcessAlive(lock.pid)) return null;
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${lock.port}/postgres`;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Checks the ledger at `url`; returns the exit code. */
export async function ledgerCheck(url: string, print: Print): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
  try {
    const { violations, summary } = await runLedgerCheck(pool);
    print(`Ledger at ${redact(url)}`);
    print(
      `  ${summary.accounts} accounts, ${summary.transfers} transfers, ${summary.pendingHolds} pending holds; ` +
        `assets: ${summary.assets.join(', ') || 'none'}`,
    );
    for (const name of INVARIANT_NAMES) {
      const broken = violations.filter((v) => v.invariant === name);
      print(`${broken.length === 0 ? 'ok  ' : 'FAIL'} ${name}`);
      for (const violation of broken) print(`       ${violation.message}`);
    }
    print(violations.length === 0 ? 'All ledger invariants hold.' : `${violations.length} violation(s) found.`);
    const short = printChainComparison(await compareChainBalances(pool), print);
    print(short ? 'A chain holds less than the ledger says.' : 'Every chain read covers the ledger.');
    return violations.length === 0 && !short ? 0 : 1;
  } finally {
    await pool.end();
  }
}

async function main(): Promise<number> {
  const dataDir = path.resolve(process.env.RORA_DATA_DIR || '.data', 'pg');
  const url = process.env.DATABASE_URL || (await embeddedUrl(dataDir));
  if (!url) {
    console.error(
      `No database to check: DATABASE_URL is not set and no embedded PostgreSQL is running in ${dataDir}.\n` +
        'Start the app (npm start) or set DATABASE_URL, then run npm run ledger:check again.',
    );
    return 2;
  }
  try {
    return await ledgerCheck(url, (line) => console.log(line));
  } catch (error) {
    console.error(`Could not check the ledger at ${redact(url)}: ${(error as Error).message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}

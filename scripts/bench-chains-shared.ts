// What both chains of `npm run bench:chains` share: customers with addresses, the poll that sees the
// balances credited, and one printed line of figures against the same run's node-read baseline.
import { performance } from 'node:perf_hooks';
import type { NetworkId } from '@rora/chains';
import type { Database } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import type { App } from '../apps/api/src/app.ts';
import { insertSignedInCustomer } from '../apps/api/src/modules/orders/testing/server-child.ts';

export async function customerAddresses(
  app: App,
  database: Database,
  options: { readonly count: number; readonly network: NetworkId },
): Promise<string[]> {
  const addresses: string[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const { userId } = await insertSignedInCustomer(database.pool, 'bench-chains');
    await app.services.wallets.addresses.generate(userId);
    const wallet = await app.services.wallets.repository.findByNetwork(userId, options.network);
    if (!wallet) throw new Error(`a customer has no ${options.network} wallet`);
    addresses.push(wallet.address);
  }
  return addresses;
}

/** Milliseconds from `since` until `count` deposits read as credited (polled every 5 ms). */
export async function watchCredited(database: Database, count: number, since: number): Promise<number> {
  for (;;) {
    const { rows } = await database.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM chain_deposits WHERE status = 'credited'`,
    );
    if (Number(rows[0]?.n) >= count) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function line(label: string, ms: number, deposits: number, baselineMs: number): string {
  const perSecond = Math.round((deposits / ms) * 1000);
  return `  ${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${String(perSecond).padStart(6)} deposits/s  ${(ms / baselineMs).toFixed(1)}x the node read`;
}

/** The four timed lines and the target of one chain's run, then its ledger checked. */
export async function reportRun(
  database: Database,
  run: {
    confirmations: number;
    paying: number;
    credited: number;
    readMs: number;
    recordMs: number;
    creditMs: number;
    visibleMs: number;
  },
): Promise<void> {
  const { paying, readMs, visibleMs, creditMs } = run;
  console.log(line('baseline: read and parse the block (node)', readMs, paying, readMs));
  console.log(line('scanner pass: record every deposit', run.recordMs, paying, readMs));
  console.log(line(`scanner pass at ${run.confirmations} confirmations: credit all`, creditMs, paying, readMs));
  console.log(line('  of which until every balance is visible', visibleMs, paying, readMs));
  console.log(
    `  block to balances: ${visibleMs.toFixed(0)} ms for ${run.credited} deposits ` +
      `(target under 2000 ms: ${visibleMs < 2000 ? 'met' : 'NOT met'}); notifications done at ${creditMs.toFixed(0)} ms`,
  );
  await assertLedgerInvariants(database.db);
  console.log('  every deposit credited once; ledger invariants hold');
}

/** Every deposit credited exactly once (one ledger transfer each), or the run fails. */
export async function assertCreditedOnce(database: Database, expected: number): Promise<number> {
  const { rows } = await database.pool.query<{ status: string; count: string }>(
    `SELECT status, count(*)::text AS count FROM chain_deposits GROUP BY status`,
  );
  const credited = Number(rows.find((row) => row.status === 'credited')?.count ?? 0);
  const transfers = await database.pool.query<{ count: string }>(
    `SELECT count(*)::text AS count FROM ledger_transfers WHERE code = 'deposit'`,
  );
  if (credited !== expected || Number(transfers.rows[0]?.count) !== expected) {
    throw new Error(
      `expected ${expected} deposits credited once, got ${credited} (${transfers.rows[0]?.count} transfers)`,
    );
  }
  return credited;
}

// The swap's own invariants (TESTING.md #4 and #9), checked beside the ledger's after every money
// test: each swap has exactly its hold, in the state its status says; a completed swap posted all
// of it and credited exactly `receive` once; a failed one returned all of it; no swap hold is orphaned.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import { derivedId } from '../../../lib/derived-id.ts';

export async function checkSwapInvariants(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    status: string;
    quantity: string;
    receive: string;
    to_asset: string;
    from_asset: string;
    hold_status: string | null;
    hold_amount: string | null;
    hold_asset: string | null;
    posted: string | null;
    voided: string | null;
  }>(sql`
    SELECT s.id, s.user_id, s.status, s.quantity::text, s.receive::text, s.to_asset, s.from_asset,
           h.status AS hold_status, h.amount::text AS hold_amount, h.asset AS hold_asset,
           h.posted_amount::text AS posted, h.voided_amount::text AS voided
      FROM swaps s LEFT JOIN ledger_holds h ON h.id = s.id`);
  for (const row of rows) {
    const expected = { in_progress: 'pending', completed: 'posted', failed: 'voided' }[row.status];
    if (row.hold_status !== expected || row.hold_amount !== row.quantity || row.hold_asset !== row.from_asset) {
      problems.push(
        `swap ${row.id} (${row.status}) has hold ${row.hold_status} of ${row.hold_amount} ${row.hold_asset}`,
      );
    }
    if (row.status === 'completed' && row.posted !== row.quantity) problems.push(`swap ${row.id} posted ${row.posted}`);
    if (row.status === 'failed' && row.posted !== '0') problems.push(`failed swap ${row.id} posted ${row.posted}`);
    const credits = await db.execute<{ amount: string; asset: string }>(
      sql`SELECT amount::text, asset FROM ledger_transfers WHERE id = ${derivedId('swap', row.id, 'receive')}`,
    );
    const credit = credits.rows[0];
    if (row.status === 'completed' && (credit?.amount !== row.receive || credit?.asset !== row.to_asset)) {
      problems.push(`completed swap ${row.id} credited ${credit?.amount} ${credit?.asset}, not ${row.receive}`);
    }
    if (row.status !== 'completed' && credit) problems.push(`${row.status} swap ${row.id} credited the target`);
  }
  const orphans = await db.execute<{ id: string }>(
    sql`SELECT h.id FROM ledger_holds h WHERE h.code = 'swap_hold' AND NOT EXISTS (SELECT 1 FROM swaps s WHERE s.id = h.id)`,
  );
  for (const orphan of orphans.rows) problems.push(`swap hold ${orphan.id} belongs to no swap`);
  return problems;
}

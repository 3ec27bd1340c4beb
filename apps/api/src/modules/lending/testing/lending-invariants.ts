// The lending module's own invariants (TESTING.md #4 and #9), checked beside the ledger's after
// every money test: an open request has exactly its pending collateral hold; a lent loan posted all
// of it; a cancelled one voided all of it; each customer's escrow equals the collateral of their
// active loans; a settled loan's collateral was split exactly between lender and borrower, and one
// settled from its collateral records the debt and penalty it paid for.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';

export async function checkLendingInvariants(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const holds = await db.execute<{ id: string; status: string; hold_status: string | null; fits: boolean }>(sql`
    SELECT l.id, l.status, h.status AS hold_status,
           (h.amount = l.collateral AND h.asset = l.collateral_asset AND a.owner_id = l.borrower_id) AS fits
      FROM loans l LEFT JOIN ledger_holds h ON h.id = l.id LEFT JOIN ledger_accounts a ON a.id = h.account_id`);
  const expected: Record<string, string> = {
    open: 'pending',
    cancelled: 'voided',
    active: 'posted',
    repaid: 'posted',
    liquidated: 'posted',
    closed: 'posted',
  };
  for (const row of holds.rows) {
    if (row.hold_status !== expected[row.status] || !row.fits) {
      problems.push(`loan ${row.id} (${row.status}) has hold ${row.hold_status} (fits: ${row.fits})`);
    }
  }
  const escrow = await db.execute<{ owner: string; asset: string; balance: string; pledged: string }>(sql`
    SELECT a.owner_id AS owner, a.asset, a.balance::text,
           coalesce((SELECT sum(l.collateral) FROM loans l WHERE l.borrower_id = a.owner_id
                       AND l.collateral_asset = a.asset AND l.status = 'active'), 0)::text AS pledged
      FROM ledger_accounts a WHERE a.kind = 'loan_escrow'`);
  for (const row of escrow.rows) {
    if (row.balance !== row.pledged) {
      problems.push(`escrow of ${row.owner} in ${row.asset} holds ${row.balance}, active loans pledge ${row.pledged}`);
    }
  }
  const settled = await db.execute<{ id: string }>(sql`
    SELECT id FROM loans WHERE status IN ('repaid', 'liquidated', 'closed')
       AND (collateral_seized IS NULL OR collateral_returned IS NULL OR closed_at IS NULL)`);
  for (const row of settled.rows) problems.push(`settled loan ${row.id} lacks its settlement`);
  // Every loan of a test database was settled by today's code, which records what the collateral
  // paid for (a loan settled before migration 0106 keeps NULL: this holds for test databases only).
  const unrecorded = await db.execute<{ id: string }>(sql`
    SELECT id FROM loans WHERE status IN ('liquidated', 'closed')
       AND (debt_settled IS NULL OR penalty IS NULL OR collateral_worth IS NULL)`);
  for (const row of unrecorded.rows)
    problems.push(`loan ${row.id} settled from collateral lacks its debt, penalty and worth`);
  return problems;
}

// What a customer's running loans add to and take from their portfolio, per asset: as a lender, the
// principal they are to be paid back (`lent`); as a borrower, the debt they would repay now
// (`owed`: principal + interest to now, the figure the repay step charges, debtAt). Read on the
// caller's transaction, so the portfolio reads its balances and the loans in one snapshot.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { runningLoansOf } from './lending.repository.ts';
import type { LendingSettings } from './lending-settings.ts';
import { debtAt } from './loan-view.ts';

export interface LoanHoldings {
  /** Per asset, the principal of the running loans the customer funded. */
  lent: Map<string, bigint>;
  /** Per asset, what the customer would repay now on the running loans they borrowed. */
  owed: Map<string, bigint>;
}

export type LoanHoldingsReader = (db: Db | Tx, userId: string) => Promise<LoanHoldings>;

export function createLoanHoldings(deps: { clock: Clock; settings: LendingSettings }): LoanHoldingsReader {
  return async (db, userId) => {
    // loans_lender_idx; a customer cannot lend to themselves, so no loan is counted on both sides.
    const lentRows = await db.execute<{ asset: string; lent: string }>(sql`
      SELECT asset, sum(principal)::text AS lent FROM loans
       WHERE lender_id = ${userId} AND status = 'active' GROUP BY asset`);
    const borrowed = await runningLoansOf(db, userId);
    const now = deps.clock.now();
    const owed = new Map<string, bigint>();
    for (const loan of borrowed) {
      owed.set(loan.asset, (owed.get(loan.asset) ?? 0n) + debtAt(loan, now, deps.settings).debt);
    }
    return { lent: new Map(lentRows.rows.map((row) => [row.asset, BigInt(row.lent)])), owed };
  };
}

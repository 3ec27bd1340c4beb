// What a customer's running loans add to and take from their portfolio, per asset: as a lender, the
// principal they are to be paid back (`lent`); as a borrower, the debt they would repay now
// (`owed`: principal + interest to now, the figure the repay step charges, debtAt). Read on the
// caller's transaction, so the portfolio reads its balances and the loans in one snapshot.
import type { Clock } from '../../lib/clock.ts';
import type { LoanHoldingsReader } from '../portfolio/index.ts';
import { runningLentByAsset, runningLoansOf } from './lending.repository.ts';
import type { LendingSettings } from './lending-settings.ts';
import { debtAt } from './loan-view.ts';

export function createLoanHoldings(deps: { clock: Clock; settings: LendingSettings }): LoanHoldingsReader {
  return async (db, userId) => {
    // A customer cannot lend to themselves, so no loan is counted on both sides.
    const lent = await runningLentByAsset(db, userId);
    const borrowed = await runningLoansOf(db, userId);
    const now = deps.clock.now();
    const owed = new Map<string, bigint>();
    for (const loan of borrowed) {
      owed.set(loan.asset, (owed.get(loan.asset) ?? 0n) + debtAt(loan, now, deps.settings).debt);
    }
    return { lent, owed };
  };
}

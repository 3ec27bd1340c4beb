// The six views of spec §7 and one loan's detail. How the last two read (ADR 0028):
// get-my-repaid-loans is what I borrowed and is settled (repaid, or paid from the collateral:
// liquidated or closed); get-my-repaid-loan-requests is what I lent and is settled, the lender's
// side of the same loans. Another customer's loan answers 404 unless it is an open request (the
// marketplace shows those to everyone).
import { sql, type SQL } from 'drizzle-orm';
import type { Loan, LoanList, LoanMarketQuery, PageQuery } from '@rora/contracts';
import type { Db } from '@rora/db';
import { AppError } from '../../lib/errors.ts';
import { eventsOf, findLoan, pageLoans, type LoanRow } from './lending.repository.ts';
import { loanView, type ViewContext } from './loan-view.ts';

export type LoanViewName = 'myRequests' | 'myBorrowing' | 'myLending' | 'myRepaidBorrowing' | 'myRepaidLending';

export interface LendingViews {
  market(userId: string, query: LoanMarketQuery): Promise<LoanList>;
  mine(userId: string, view: LoanViewName, page: PageQuery): Promise<LoanList>;
  get(userId: string, id: string): Promise<Loan>;
}

const SETTLED = sql.raw(`('repaid', 'liquidated', 'closed')`);
const NEWEST = sql.raw('l.created_at DESC, l.id');

function viewWhere(userId: string, view: LoanViewName): { where: SQL; order: SQL } {
  const where = {
    myRequests: sql`l.borrower_id = ${userId} AND l.status = 'open'`,
    myBorrowing: sql`l.borrower_id = ${userId} AND l.status = 'active'`,
    myLending: sql`l.lender_id = ${userId} AND l.status = 'active'`,
    myRepaidBorrowing: sql`l.borrower_id = ${userId} AND l.status IN ${SETTLED}`,
    myRepaidLending: sql`l.lender_id = ${userId} AND l.status IN ${SETTLED}`,
  }[view];
  const order = view === 'myRepaidBorrowing' || view === 'myRepaidLending' ? sql.raw('l.closed_at DESC, l.id') : NEWEST;
  return { where, order };
}

export function createLendingViews(deps: {
  db: Db;
  context: (viewerId: string) => Promise<ViewContext>;
}): LendingViews {
  const { db } = deps;

  async function listOf(userId: string, rows: LoanRow[], page: { page: number; limit: number; total: number }) {
    const [timelines, context] = await Promise.all([
      eventsOf(
        db,
        rows.map((row) => row.id),
      ),
      deps.context(userId),
    ]);
    const items = rows.map((row) => loanView(row, timelines.get(row.id) ?? [], context));
    return { items, ...page };
  }

  return {
    async market(userId, query) {
      const filters = [sql`l.status = 'open'`, sql`l.borrower_id <> ${userId}`];
      if (query.asset) filters.push(sql`l.asset = ${query.asset}`);
      if (query.termDays) filters.push(sql`l.term_days = ${query.termDays}`);
      const order = {
        rate_desc: sql.raw('l.rate_bps DESC, l.created_at DESC, l.id'),
        rate_asc: sql.raw('l.rate_bps ASC, l.created_at DESC, l.id'),
        newest: NEWEST,
      }[query.sort];
      const where = sql.join(filters, sql` AND `);
      const { items, total } = await pageLoans(db, {
        where,
        order,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return listOf(userId, items, { page: query.page, limit: query.limit, total });
    },

    async mine(userId, view, page) {
      const { items, total } = await pageLoans(db, {
        ...viewWhere(userId, view),
        limit: page.limit,
        offset: (page.page - 1) * page.limit,
      });
      return listOf(userId, items, { page: page.page, limit: page.limit, total });
    },

    async get(userId, id) {
      const loan = /^[0-9a-f-]{36}$/i.test(id) ? await findLoan(db, id) : null;
      const visible = loan && (loan.borrowerId === userId || loan.lenderId === userId || loan.status === 'open');
      if (!loan || !visible) throw new AppError('resource_not_found', { message: 'Loan not found' });
      const { items } = await listOf(userId, [loan], { page: 1, limit: 1, total: 1 });
      return items[0]!;
    },
  };
}

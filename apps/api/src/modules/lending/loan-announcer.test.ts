// A loan step's notifications when the database goes away while they are sent (a session ended,
// PostgreSQL stopped): each party is told once, however the sending broke and the sweep resumed it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Loan } from '@rora/contracts';
import { queryDeadlineError } from '@rora/db';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { loseSessionWhen, restoreSession } from '../../testing/session-loss.ts';
import { NOTIFY_GRACE_MS } from '../notifications/index.ts';
import { approvedCustomer, createLendingTestApp, lent, openRequest } from './testing/lending-fixtures.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createLendingTestApp();
});
afterEach(async () => t.close());

const fundedNotices = async (user: TestUser) =>
  (await t.app.services.notifications.list(user.userId, { page: 1, limit: 20 })).items.filter(
    (notification) => notification.kind === 'loan_funded',
  ).length;

/** The session ends as the lender's loan_funded notification is written. */
const loseLenderNotice = () =>
  loseSessionWhen(
    t.database.pool,
    'notifications',
    'INSERT',
    `NEW.kind = 'loan_funded' AND NEW.data->>'role' = 'lender'`,
  );

describe("a loan step's notifications", () => {
  it('tells the party already told only once when the sweep resumes a broken sending', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    await loseLenderNotice();
    await lent(t, borrower, lender);
    await restoreSession(t.database.pool, 'notifications', 'loan_events');

    t.clock.advance(NOTIFY_GRACE_MS);
    await t.app.services.lending.risk.sweep();
    await t.app.services.lending.risk.sweep();
    expect([await fundedNotices(borrower), await fundedNotices(lender)]).toEqual([1, 1]);
  });

  it('still tells everyone when the database is gone for the rest of the sending too', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    await loseLenderNotice();
    await loseSessionWhen(
      t.database.pool,
      'loan_events',
      'UPDATE',
      `NEW.notified_at IS NULL AND OLD.notified_at IS NOT NULL`,
    );
    await lent(t, borrower, lender);
    await restoreSession(t.database.pool, 'notifications', 'loan_events');

    t.clock.advance(NOTIFY_GRACE_MS);
    await t.app.services.lending.risk.sweep();
    expect([await fundedNotices(borrower), await fundedNotices(lender)]).toEqual([1, 1]);
  });
});

describe('a loan step whose notification fails after it committed', () => {
  /** Lends on a fresh request with one key; `failure` is what the borrower's notification meets. */
  async function lendWhileNotifyFails(failure: Error) {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await openRequest(t, borrower);
    const price = vi.spyOn(t.app.services.lending.prices, 'price');
    let pricesReadBeforeFailure = -1;
    vi.spyOn(t.app.services.notifications, 'notify').mockImplementationOnce(async () => {
      pricesReadBeforeFailure = price.mock.calls.length;
      throw failure;
    });
    const headers = { ...lender.headers, 'idempotency-key': crypto.randomUUID() };
    const lend = () => t.app.inject({ method: 'POST', url: `/api/v1/p2p/lend/${loan.id}`, headers });
    const first = await lend();
    const readsAfterFailure = price.mock.calls.length - pricesReadBeforeFailure;
    return { loan, first, readsAfterFailure, retry: await lend() };
  }

  it('answers 503 at a deadline without reading on, and the retry gets the committed loan', async () => {
    const { loan, first, readsAfterFailure, retry } = await lendWhileNotifyFails(queryDeadlineError());
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('5');
    // The loan's view (its context's prices) is not read after the deadline: a second wait.
    expect(readsAfterFailure).toBe(0);
    expect(retry.statusCode).toBe(200);
    expect((retry.json() as { data: Loan }).data).toMatchObject({ id: loan.id, status: 'active' });
  });

  it('answers 503 without reading on when it waited for a connection in vain', async () => {
    // node-postgres's error once the pool's wait for a free connection (10 s) has passed.
    const { first, readsAfterFailure, retry } = await lendWhileNotifyFails(
      new Error('timeout exceeded when trying to connect'),
    );
    expect(first.statusCode).toBe(503);
    expect(readsAfterFailure).toBe(0);
    expect(retry.statusCode).toBe(200);
  });

  it('still answers the step when the failure is not the database; the sweep tells the rest', async () => {
    const { first, retry } = await lendWhileNotifyFails(new Error('notification store refused'));
    expect(first.statusCode).toBe(200);
    expect((first.json() as { data: Loan }).data.status).toBe('active');
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});

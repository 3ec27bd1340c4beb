// A loan step's notifications when the database goes away while they are sent (a session ended,
// PostgreSQL stopped): each party is told once, however the sending broke and the sweep resumed it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { loseSessionWhen, restoreSession } from '../../testing/session-loss.ts';
import { NOTIFY_GRACE_MS } from '../notifications/index.ts';
import { approvedCustomer, createLendingTestApp, lent } from './testing/lending-fixtures.ts';

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

// A lender's portfolio keeps what they lent: the principal of a running loan is theirs to be paid
// back (`lent`, in the total), not gone; once repaid it is available again, with the interest.
import type { Dashboard } from '@rora/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { approvedCustomer, createLendingTestApp, deposit, lent, step } from './testing/lending-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createLendingTestApp();
});
afterAll(() => t.close());

async function usdtOf(user: { headers: Record<string, string> }) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: user.headers });
  const dashboard = response.json().data as Dashboard;
  const usdt = dashboard.assets.find((asset) => asset.assetSymbol === 'USDT')!;
  return { available: usdt.available, lent: usdt.lent, total: usdt.total, totalBalance: dashboard.totalBalance };
}

it('counts a running loan’s principal as lent, in the total, until it is repaid', async () => {
  const lender = await approvedCustomer(t, { USDT: '5000' });
  const borrower = await approvedCustomer(t, { BTC: '1' });
  const before = await usdtOf(lender);
  expect(before).toMatchObject({ available: '5000', lent: '0', total: '5000' });

  const loan = await lent(t, borrower, lender);
  const running = await usdtOf(lender);
  expect(running).toMatchObject({ available: '4000', lent: '1000', total: '5000' });
  expect(running.totalBalance).toBe(before.totalBalance);
  // The borrower's portfolio counts none of it as lent.
  expect((await usdtOf(borrower)).lent).toBe('0');

  await deposit(t, borrower, 'USDT', '100');
  expect((await step(t, borrower, 'repay', loan.id)).statusCode).toBe(200);
  const repaid = await usdtOf(lender);
  expect(repaid.lent).toBe('0');
  expect(Number(repaid.available)).toBeGreaterThan(5000);
  expect(repaid.total).toBe(repaid.available);
});

// A lender's portfolio keeps what they lent: the principal of a running loan is theirs to be paid
// back (`lent`, in the total), not gone; once repaid it is available again, with the interest. A
// borrower's portfolio subtracts what they owe (`owed`: the debt the repay step would charge now),
// so borrowing leaves their total as it was but for the interest; the collateral counts once, in
// loanEscrow. Balances and loans are read in one snapshot, even while repayments commit.
import { randomUUID } from 'node:crypto';
import type { Dashboard, Loan } from '@rora/contracts';
import { createLedger } from '@rora/ledger';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { formatCents, parsePrice, toCents, usdValue } from '../prices/index.ts';
import { DAY_MS } from './loan-math.ts';
import {
  approvedCustomer,
  createLendingTestApp,
  deposit,
  lent,
  openRequest,
  step,
} from './testing/lending-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createLendingTestApp();
});
afterAll(() => t.close());

async function dashboardOf(user: { headers: Record<string, string> }): Promise<Dashboard> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Dashboard;
}

const assetOf = (dashboard: Dashboard, symbol: string) =>
  dashboard.assets.find((asset) => asset.assetSymbol === symbol)!;

async function usdtOf(user: { headers: Record<string, string> }) {
  const dashboard = await dashboardOf(user);
  const usdt = assetOf(dashboard, 'USDT');
  return { available: usdt.available, lent: usdt.lent, total: usdt.total, totalBalance: dashboard.totalBalance };
}

async function loanOf(user: TestUser, id: string): Promise<Loan> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/p2p/${id}`, headers: user.headers });
  return (response.json() as { data: Loan }).data;
}

/** The portfolio's worth from its own assets' totals and prices, rounded once: what totalBalance must say. */
function netWorth(dashboard: Dashboard): string {
  let exact = 0n;
  for (const asset of dashboard.assets) {
    if (asset.usdPrice === null) continue;
    const scale = assetScale(asset.assetSymbol as AssetSymbol);
    exact += usdValue(parseAmount(asset.total, scale, { allowNegative: true }), scale, parsePrice(asset.usdPrice));
  }
  return formatCents(toCents(exact));
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

it('subtracts what a borrower owes: the total moves only by the interest, and not at all once repaid', async () => {
  const lender = await approvedCustomer(t, { USDT: '5000' });
  const borrower = await approvedCustomer(t, { BTC: '1' });
  const before = await dashboardOf(borrower);
  expect(assetOf(before, 'USDT')).toMatchObject({ available: '0', owed: '0', total: '0' });

  const loan = await lent(t, borrower, lender);
  const running = await dashboardOf(borrower);
  // Repaying now charges the minimum interest: the portfolio owes exactly what the loan's card says.
  expect(assetOf(running, 'USDT')).toMatchObject({
    available: '1000',
    owed: loan.debtNow,
    total: `-${loan.interestNow}`,
  });
  // The collateral is still the borrower's, counted once: moved to loanEscrow, the BTC total unchanged.
  expect(assetOf(running, 'BTC')).toMatchObject({ available: '0.975', loanEscrow: '0.025', total: '1' });
  expect(assetOf(running, 'BTC').usdValue).toBe(assetOf(before, 'BTC').usdValue);
  expect(running.totalBalance).toBe(netWorth(running));
  const interest = parseAmount(loan.interestNow!, 6);
  expect(interest).toBeGreaterThan(0n);
  const btcWorth = usdValue(10n ** 8n, 8, parsePrice(assetOf(running, 'BTC').usdPrice!));
  expect(running.totalBalance).toBe(formatCents(toCents(btcWorth - usdValue(interest, 6, parsePrice('1')))));

  // Ten days on, the interest has run past the minimum: owed follows the loan's debt to the minor unit.
  t.clock.advance(10 * DAY_MS);
  const later = await loanOf(borrower, loan.id);
  expect(parseAmount(later.debtNow!, 6)).toBeGreaterThan(parseAmount(loan.debtNow!, 6));
  const accrued = await dashboardOf(borrower);
  expect(assetOf(accrued, 'USDT')).toMatchObject({ owed: later.debtNow, total: `-${later.interestNow}` });
  expect(accrued.totalBalance).toBe(netWorth(accrued));

  await deposit(t, borrower, 'USDT', '100');
  const repay = await step(t, borrower, 'repay', loan.id);
  expect(repay.statusCode, repay.body).toBe(200);
  const paid = (repay.json() as { data: Loan }).data.paid!;
  expect(paid).toBe(later.debtNow);
  const repaid = await dashboardOf(borrower);
  const usdt = assetOf(repaid, 'USDT');
  expect(usdt).toMatchObject({ owed: '0', total: usdt.available });
  expect(parseAmount(usdt.available, 6)).toBe(parseAmount('1100', 6) - parseAmount(paid, 6));
  expect(assetOf(repaid, 'BTC')).toMatchObject({ available: '1', loanEscrow: '0', total: '1' });
  // Repaying moved coins and debt together: the worth is what it was just before, to the cent.
  expect(repaid.totalBalance).toBe(netWorth(repaid));
  expect(
    toCents(usdValue(parseAmount(usdt.available, 6), 6, parsePrice('1'))) -
      toCents(usdValue(parseAmount(assetOf(accrued, 'USDT').total, 6, { allowNegative: true }), 6, parsePrice('1'))),
  ).toBe(10_000n);
});

it('reads below zero where the borrowed coins were spent and the debt is more than what is left', async () => {
  const lender = await approvedCustomer(t, { USDT: '5000' });
  const borrower = await approvedCustomer(t, { BTC: '0.025' });
  const loan = await lent(t, borrower, lender);
  // The borrowed 1,000 USDT leave Rora (a withdrawal, as the ledger records one).
  await createLedger().transfer(t.database.db, {
    id: randomUUID(),
    asset: 'USDT',
    debit: { owner: borrower.userId, kind: 'available' },
    credit: { system: 'external_world' },
    amount: parseAmount('1000', 6),
    code: 'withdrawal',
  });
  const dashboard = await dashboardOf(borrower);
  const usdt = assetOf(dashboard, 'USDT');
  expect(usdt).toMatchObject({ available: '0', owed: loan.debtNow, total: `-${loan.debtNow}` });
  expect(usdt.usdValue).toBe(`-${formatCents(toCents(usdValue(parseAmount(loan.debtNow!, 6), 6, parsePrice('1'))))}`);
  expect(assetOf(dashboard, 'BTC')).toMatchObject({ loanEscrow: '0.025', total: '0.025' });
  expect(dashboard.totalBalance).toBe(netWorth(dashboard));
});

it('reads balances and debts in one snapshot while repayments commit', async () => {
  const lender = await approvedCustomer(t, { USDT: '10000' });
  const borrower = await approvedCustomer(t, { BTC: '1', USDT: '200' });
  const loans: Loan[] = [];
  for (let index = 0; index < 6; index += 1) {
    const request = await openRequest(t, borrower);
    expect((await step(t, lender, 'lend', request.id)).statusCode).toBe(200);
    loans.push(request);
  }
  // The clock stands still: repaying changes where the coins are, never what the borrower is worth.
  const before = await dashboardOf(borrower);
  const worth = { usdt: assetOf(before, 'USDT').total, btc: assetOf(before, 'BTC').total };
  const reads = Array.from({ length: 24 }, () => dashboardOf(borrower));
  const repays = loans.map((loan) => step(t, borrower, 'repay', loan.id));
  const [dashboards, answers] = await Promise.all([Promise.all(reads), Promise.all(repays)]);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  for (const dashboard of [...dashboards, await dashboardOf(borrower)]) {
    expect({ usdt: assetOf(dashboard, 'USDT').total, btc: assetOf(dashboard, 'BTC').total }).toEqual(worth);
  }
  expect(assetOf(await dashboardOf(borrower), 'USDT').owed).toBe('0');
});

// P2P lending end to end on the real app and PostgreSQL: post (collateral held), lend (escrow and
// principal in one batch), repay (debt to the lender, fee to the house, collateral back), cancel,
// the views each party sees, refusals, and the risk sweep (margin call, liquidation, stale price,
// overdue close). The ledger's and the loans' invariants are checked after every test.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import { assetScale, formatAmount, scaleFactor, type AssetSymbol } from '@rora/money';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { findLoan } from './lending.repository.ts';
import { DAY_MS, seizureFor } from './loan-math.ts';
import { NOTIFY_GRACE_MS } from '../notifications/index.ts';
import { debtAt } from './loan-view.ts';
import { checkLendingInvariants } from './testing/lending-invariants.ts';
import {
  REQUEST,
  approvedCustomer,
  balances,
  createLendingTestApp,
  deposit,
  houseFees,
  lent,
  openRequest,
  postRequest,
  setPrice,
  step,
  view,
} from './testing/lending-fixtures.ts';

// A fresh database per test: the risk sweep and the clock act on every loan there is.
let t: TestApp;
beforeEach(async () => {
  t = await createLendingTestApp();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await checkLendingInvariants(t.database.db)).toEqual([]);
  await t.close();
});

const USDT = 1_000_000n;
const BTC_COLLATERAL = 2_500_000n;

describe('posting, lending, repaying', () => {
  it('holds the collateral on posting and shows the request on the marketplace to others only', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const other = await approvedCustomer(t);
    const loan = await openRequest(t, borrower);
    expect(loan).toMatchObject({ status: 'open', role: 'borrower', initialLtvBps: 6154, amount: '1000' });
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ held: BTC_COLLATERAL });
    expect((await view(t, borrower, '/get-my-loan-requests')).map((l) => l.id)).toEqual([loan.id]);
    expect((await view(t, borrower, '')).map((l) => l.id)).not.toContain(loan.id);
    expect((await view(t, other, '?asset=USDT&termDays=30')).map((l) => l.id)).toContain(loan.id);
  });

  it('moves principal and collateral on lending, and repays principal plus interest less the fee', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    expect(loan).toMatchObject({ status: 'active', role: 'lender' });
    expect(await balances(t, borrower.userId, 'USDT')).toMatchObject({ available: 1000n * USDT });
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ held: 0n, loanEscrow: BTC_COLLATERAL });
    expect((await view(t, borrower, '/get-my-accepted-loans')).map((l) => l.id)).toEqual([loan.id]);
    expect((await view(t, lender, '/get-my-accepted-lends')).map((l) => l.id)).toEqual([loan.id]);

    t.clock.advance(10 * DAY_MS);
    await deposit(t, borrower, 'USDT', '10');
    const feesBefore = await houseFees(t, 'USDT');
    const repaid = await step(t, borrower, 'repay', loan.id);
    expect(repaid.statusCode, repaid.body).toBe(200);
    // 1,000 USDT × 10 % × 10/365 = 2.739726... rounded up to 2.739727; fee 10 % of it rounded down.
    expect(repaid.json().data).toMatchObject({ status: 'repaid', paid: '1002.739727', fee: '0.273972' });
    expect(repaid.json().data).toMatchObject({ debtNow: '1002.739727', interestNow: '2.739727' });
    expect(await balances(t, lender.userId, 'USDT')).toMatchObject({ available: 1002_465_755n });
    expect((await houseFees(t, 'USDT')) - feesBefore).toBe(273_972n);
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ available: 100_000_000n, loanEscrow: 0n });
    expect((await view(t, borrower, '/get-my-repaid-loans')).map((l) => l.id)).toEqual([loan.id]);
    expect((await view(t, lender, '/get-my-repaid-loan-requests')).map((l) => l.id)).toEqual([loan.id]);
    expect(await view(t, lender, '/get-my-accepted-lends')).toEqual([]);
  });

  it('charges the minimum interest period on an early repayment', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1', USDT: '10' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    t.clock.advance(60_000);
    const repaid = await step(t, borrower, 'repay', loan.id);
    // Seven days: 1,000 × 10 % × 7/365 = 1.917808..., rounded up.
    expect(repaid.json().data).toMatchObject({ paid: '1001.917809' });
  });

  it('posts once for a retried Idempotency-Key, answering the retry with the first answer', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const headers = { ...borrower.headers, 'idempotency-key': 'post-once' };
    const send = () => t.app.inject({ method: 'POST', url: '/api/v1/p2p', headers, payload: REQUEST });
    const [first, retry] = [await send(), await send()];
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.body).toBe(first.body);
    expect(await view(t, borrower, '/get-my-loan-requests')).toHaveLength(1);
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ held: BTC_COLLATERAL });
  });

  it('returns the collateral when an open request is cancelled', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const loan = await openRequest(t, borrower);
    const cancelled = await step(t, borrower, 'cancel', loan.id);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ available: 100_000_000n, held: 0n });
    expect(await view(t, borrower, '/get-my-loan-requests')).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a request above the initial LTV, without collateral, or without approved KYC', async () => {
    const borrower = await approvedCustomer(t, { BTC: '0.01' });
    const tooMuch = await postRequest(t, borrower, { ...REQUEST, collateralAmount: '0.02' });
    expect(tooMuch.json().error.code).toBe('loan_ltv_above_initial_limit');
    const uncovered = await postRequest(t, borrower);
    expect(uncovered.json().error.code).toBe('loan_collateral_exceeds_available_balance');
    const small = await postRequest(t, borrower, { ...REQUEST, amount: '5', collateralAmount: '0.001' });
    expect(small.json().error.code).toBe('loan_amount_below_minimum');
    const same = await postRequest(t, borrower, { ...REQUEST, collateralAsset: 'USDT' });
    expect(same.json().error.code).toBe('loan_assets_must_differ');
    const term = await postRequest(t, borrower, { ...REQUEST, termDays: 31 });
    expect([term.statusCode, term.json().error.code]).toEqual([422, 'loan_term_not_offered']);
    const rate = await postRequest(t, borrower, { ...REQUEST, rateBps: 5001 });
    expect([rate.statusCode, rate.json().error.code]).toEqual([422, 'loan_rate_out_of_range']);
    // A number in a string is a wrong type, answered as every wrong type is: not as a range or a term.
    for (const wrong of [{ rateBps: '500' }, { termDays: '30' }]) {
      const typed = await postRequest(t, borrower, { ...REQUEST, ...wrong });
      expect([typed.statusCode, typed.json().data[0]]).toEqual([
        400,
        expect.objectContaining({ code: 'request_validation_failed', field: Object.keys(wrong)[0] }),
      ]);
    }
    const decimals = await postRequest(t, borrower, { ...REQUEST, amount: '1.0000001' });
    expect(decimals.json().error.code).toBe('amount_has_too_many_decimals');
    const { createTestUser } = await import('../../testing/users.ts');
    const unverified = await createTestUser(t);
    expect((await postRequest(t, unverified)).json().error.code).toBe('kyc_approval_required');
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ held: 0n });
  });

  it('refuses lending to oneself, without the principal, and after the request was lent', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1', USDT: '5000' });
    const poor = await approvedCustomer(t, { USDT: '999' });
    const loan = await openRequest(t, borrower);
    expect((await step(t, borrower, 'lend', loan.id)).json().error.code).toBe('loan_cannot_lend_to_self');
    expect((await step(t, poor, 'lend', loan.id)).json().error.code).toBe('loan_principal_exceeds_available_balance');
    const lender = await approvedCustomer(t, { USDT: '2000' });
    expect((await step(t, lender, 'lend', loan.id)).statusCode).toBe(200);
    const again = await step(t, lender, 'lend', loan.id);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'loan_is_not_open']);
    // Another customer sees neither the active loan nor can they act on it: 404, as for no loan.
    for (const response of [
      await step(t, poor, 'lend', loan.id),
      await step(t, poor, 'repay', loan.id),
      await step(t, poor, 'cancel', loan.id),
      await t.app.inject({ method: 'GET', url: `/api/v1/p2p/${loan.id}`, headers: poor.headers }),
    ]) {
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'resource_not_found']);
    }
  });

  it('refuses a repayment the borrower cannot cover, and the lender repaying', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    const short = await step(t, borrower, 'repay', loan.id);
    expect(short.json().error.code).toBe('loan_repayment_exceeds_available_balance');
    // The lender can read the loan, so the step not theirs names its rule rather than "not found".
    const byLender = await step(t, lender, 'repay', loan.id);
    expect([byLender.statusCode, byLender.json().error]).toEqual([
      403,
      { code: 'loan_repay_by_borrower_only', message: 'Only the borrower can repay this loan' },
    ]);
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ loanEscrow: BTC_COLLATERAL });
  });

  it('names the rule when a party to a loan takes the other party’s step; a stranger gets 404', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const stranger = await approvedCustomer(t, { USDT: '1000' });
    const request = await openRequest(t, borrower);
    const byStranger = await step(t, stranger, 'cancel', request.id);
    expect([byStranger.statusCode, byStranger.json().error.code]).toEqual([404, 'resource_not_found']);
    expect((await step(t, lender, 'lend', request.id)).statusCode).toBe(200);
    const loan = request;
    const cases: Array<[TestUser, 'lend' | 'repay' | 'cancel', number, string]> = [
      [lender, 'repay', 403, 'loan_repay_by_borrower_only'],
      [lender, 'cancel', 403, 'loan_cancel_by_borrower_only'],
      [lender, 'lend', 409, 'loan_is_not_open'],
      [borrower, 'lend', 422, 'loan_cannot_lend_to_self'],
      [stranger, 'repay', 404, 'resource_not_found'],
      [stranger, 'cancel', 404, 'resource_not_found'],
    ];
    for (const [who, action, status, code] of cases) {
      const response = await step(t, who, action, loan.id);
      expect([response.statusCode, response.json().error.code], `${action} by ${who.email}`).toEqual([status, code]);
    }
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ loanEscrow: BTC_COLLATERAL });
  });
});

/**
 * A loan settled from its collateral: the debt and penalty stored and shown are what debtAt and
 * seizureFor give at its closing time and the sweep's prices, and what the ledger paid the lender
 * (who held none of the collateral coin before) is worth their sum: at least, and not a minor unit
 * more. Returns the row for the test's own figures.
 */
async function expectSettledFromCollateral(loanId: string, party: TestUser) {
  const row = (await findLoan(t.database.db, loanId))!;
  const { prices, settings } = t.app.services.lending;
  const valued = async (amount: bigint, asset: string) => ({
    amount,
    scale: assetScale(asset as AssetSymbol),
    price: (await prices.price(asset as AssetSymbol))!.units,
  });
  const debt = debtAt(row, row.closedAt!, settings);
  const owed = await valued(debt.debt, row.asset);
  const collateral = await valued(row.collateral, row.collateralAsset);
  const seizure = seizureFor({ debt: owed, collateral, penaltyBps: settings.liquidationPenaltyBps });
  expect(row).toMatchObject({
    debtSettled: debt.debt,
    penalty: seizure.penalty,
    collateralSeized: seizure.seized,
    collateralWorth: seizure.seizedWorth,
  });

  const lenderGot = (await balances(t, row.lenderId!, row.collateralAsset)).available;
  expect(lenderGot).toBe(row.collateralSeized);
  const owedValue = (row.debtSettled! + row.penalty!) * owed.price * scaleFactor(collateral.scale);
  const worth = (amount: bigint) => amount * collateral.price * scaleFactor(owed.scale);
  expect(row.collateralReturned! > 0n).toBe(true);
  expect(worth(lenderGot) >= owedValue && worth(lenderGot - 1n) < owedValue).toBe(true);

  const shown = await t.app.inject({ method: 'GET', url: `/api/v1/p2p/${loanId}`, headers: party.headers });
  const inAsset = (amount: bigint) => formatAmount(amount, owed.scale);
  expect(shown.json().data).toMatchObject({
    debtSettled: inAsset(debt.debt),
    penalty: inAsset(seizure.penalty),
    collateralWorth: inAsset(seizure.seizedWorth),
  });
  // Some collateral came back: what was seized covered the debt and penalty.
  expect(seizure.seizedWorth >= row.debtSettled! + row.penalty!).toBe(true);
  return row;
}

describe('the risk sweep', () => {
  it('warns at the margin-call level once, and liquidates at the liquidation level', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    await setPrice(t, 'BTC', '52000'); // 1,001.92 / 1,300 = 77.07 %
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ marginCalls: 1, liquidated: 0 });
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ marginCalls: 0, liquidated: 0 });
    await setPrice(t, 'BTC', '45000'); // 1,001.92 / 1,125 = 89.06 %
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ liquidated: 1 });
    const [settled] = await view(t, lender, '/get-my-repaid-loan-requests');
    // Owed 1,001.917809 × 1.05 = 1,052.0137 USDT, in BTC at 45,000 rounded up: 0.02337809.
    expect(settled).toMatchObject({ id: loan.id, status: 'liquidated', collateralSeized: '0.02337809' });
    // No debt was paid: the lender was paid from the collateral (never a negative interest)...
    expect(settled).toMatchObject({ paid: '0', interestNow: null, debtNow: null });
    // ...for the debt then and a 5 % penalty on it (rounded up), both in USDT.
    expect(settled).toMatchObject({ debtSettled: '1001.917809', penalty: '50.095891' });
    await expectSettledFromCollateral(loan.id, borrower);
    expect(settled!.timeline.map((event) => event.type)).toEqual(['requested', 'funded', 'margin_call', 'liquidated']);
    expect(await balances(t, lender.userId, 'BTC')).toMatchObject({ available: 2_337_809n });
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ available: 100_000_000n - 2_337_809n });
    const kinds = async (userId: string) =>
      (await t.app.services.notifications.list(userId, { page: 1, limit: 20 })).items.map((n) => n.kind);
    expect(await kinds(borrower.userId)).toEqual(expect.arrayContaining(['loan_margin_call', 'loan_liquidated']));
    expect(await kinds(lender.userId)).toEqual(expect.arrayContaining(['loan_funded', 'loan_liquidated']));
  });

  it('sends a notification a crash lost on the next sweep, once', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    await lent(t, borrower, lender);
    // As if the process died between the commit and the notification: the claim is given back.
    await t.database.db.execute(sql`UPDATE loan_events SET notified_at = NULL WHERE type = 'funded'`);
    await t.database.db.execute(sql`DELETE FROM notifications WHERE kind = 'loan_funded'`);
    // The sweep leaves a step of the last moments to its own request.
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ notified: 0 });
    t.clock.advance(NOTIFY_GRACE_MS);
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ notified: 1 });
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ notified: 0 });
    const funded = async (userId: string) =>
      (await t.app.services.notifications.list(userId, { page: 1, limit: 20 })).items.filter(
        (n) => n.kind === 'loan_funded',
      );
    expect(await funded(borrower.userId)).toHaveLength(1);
    expect(await funded(lender.userId)).toHaveLength(1);
  });

  it('never liquidates on a stale price', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    expect((await view(t, borrower, '/get-my-accepted-loans'))[0]).toMatchObject({ id: loan.id, priceIsStale: false });
    await setPrice(t, 'BTC', '30000', 10 * 60_000);
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ liquidated: 0, waitingForPrice: 1 });
    // The views say why a loan-to-value past the liquidation level stands with no margin call.
    const [borrowed] = await view(t, borrower, '/get-my-accepted-loans');
    expect(borrowed).toMatchObject({ id: loan.id, status: 'active', marginCall: false, priceIsStale: true });
    expect(borrowed!.ltvBps).toBeGreaterThan(t.app.services.lending.settings.liquidationLtvBps);
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/p2p/${loan.id}`, headers: lender.headers });
    expect(detail.json().data).toMatchObject({ priceIsStale: true });
    // A fresh price again: no note.
    await setPrice(t, 'BTC', '30000');
    expect((await view(t, borrower, '/get-my-accepted-loans'))[0]).toMatchObject({ priceIsStale: false });
  });

  it('closes a loan overdue past its grace period from the collateral', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    t.clock.advance(30 * DAY_MS + 71 * 3_600_000);
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ closed: 0 });
    t.clock.advance(3_600_000);
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ closed: 1 });
    const [settled] = await view(t, borrower, '/get-my-repaid-loans');
    expect(settled).toMatchObject({ id: loan.id, status: 'closed' });
    // 33 days of interest (1,000 × 10 % × 33/365 = 9.041095..., rounded up) and 5 % of the debt,
    // paid with BTC at 65,000: 1,059.493151 / 65,000 = 0.016299894..., rounded up.
    expect(settled).toMatchObject({ debtSettled: '1009.041096', penalty: '50.452055', collateralSeized: '0.0162999' });
    await expectSettledFromCollateral(loan.id, lender);
  });
});

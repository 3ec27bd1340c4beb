// Review of issue 17: the prices loans act on carry the time they were observed (a seeded catalogue
// price is as old as its row, outside the sandbox), and lending re-prices the request under its lock:
// a request whose collateral fell below the initial limit since posting, or priced on a stale or
// missing price, is refused and nothing moves.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { checkLendingInvariants } from './testing/lending-invariants.ts';
import {
  approvedCustomer,
  balances,
  createLendingTestApp,
  deposit,
  lent,
  openRequest,
  setPrice,
  step,
} from './testing/lending-fixtures.ts';
import { DAY_MS } from './loan-math.ts';

let t: TestApp;
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await checkLendingInvariants(t.database.db)).toEqual([]);
  await t.close();
});

const MINUTE = 60_000;

/** Records a catalogue price for `asset` observed `ageMs` before the test clock (as a feed would). */
async function observe(asset: string, usdPrice: string, ageMs: number) {
  const at = new Date(t.clock.now().getTime() - ageMs).toISOString();
  await t.database.db.execute(sql`
    INSERT INTO asset_prices (asset, usd_price, source, observed_at) VALUES (${asset}, ${usdPrice}::numeric, 'test', ${at}::timestamptz)`);
}

describe('outside the sandbox, a price is as old as its observation', () => {
  it('never liquidates on a catalogue price that stopped moving', async () => {
    t = await createLendingTestApp({ env: { DEV_ROUTES: 'false' } });
    // The seeded catalogue's prices were observed at the database's now(), which a busy machine
    // puts seconds past the test clock's start, so later than an observation made on that clock.
    await t.database.db.execute(sql`DELETE FROM asset_prices WHERE asset IN ('BTC', 'USDT')`);
    await observe('USDT', '1', 0);
    await observe('BTC', '65000', 0);
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await openRequest(t, borrower);
    expect((await step(t, lender, 'lend', loan.id)).statusCode).toBe(200);
    // Ten minutes later the feed's last BTC price (30,000, a second after lending) is 9:59 old.
    t.clock.advance(10 * MINUTE);
    await observe('BTC', '30000', 10 * MINUTE - 1000);
    await observe('USDT', '1', 0);
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ liquidated: 0, waitingForPrice: 1 });
    const observed = await t.app.services.lending.prices.price('BTC');
    expect(t.clock.now().getTime() - observed!.observedAt.getTime()).toBe(10 * MINUTE - 1000);
    await observe('BTC', '30000', 0);
    expect(await t.app.services.lending.risk.sweep()).toMatchObject({ liquidated: 1 });
  });
});

describe('lending re-prices the request', () => {
  it('refuses a request whose collateral fell below the initial limit, and moves nothing', async () => {
    t = await createLendingTestApp();
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await openRequest(t, borrower);
    await setPrice(t, 'BTC', '36000'); // 1,000 / 900 = 111 %
    const refused = await step(t, lender, 'lend', loan.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'loan_ltv_now_above_initial_limit' } });
    expect(await balances(t, lender.userId, 'USDT')).toMatchObject({ available: 1_000_000_000n });
    await setPrice(t, 'BTC', '61600'); // 1,000 / 1,540 = 64.94 %: under 65 % again
    expect((await step(t, lender, 'lend', loan.id)).statusCode).toBe(200);
  });

  it('refuses on a stale price (503) and on a missing one', async () => {
    t = await createLendingTestApp();
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await openRequest(t, borrower);
    await setPrice(t, 'BTC', '65000', 6 * MINUTE);
    const stale = await step(t, lender, 'lend', loan.id);
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toMatchObject({ error: { code: 'loan_price_is_stale' } });
    await t.database.db.execute(sql`DELETE FROM lending_price_overrides`);
    await t.database.db.execute(sql`DELETE FROM asset_prices WHERE asset = 'BTC'`);
    const missing = await step(t, lender, 'lend', loan.id);
    expect(missing.json()).toMatchObject({ error: { code: 'price_is_unavailable' } });
    expect(await balances(t, borrower.userId, 'BTC')).toMatchObject({ held: 2_500_000n, loanEscrow: 0n });
  });
});

describe('repaying at most the debt confirmed', () => {
  it('refuses 409 when the debt grew past maxDebt, repays when it did not', async () => {
    t = await createLendingTestApp();
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    await deposit(t, borrower, 'USDT', '10');
    t.clock.advance(10 * DAY_MS);
    const repay = (maxDebt: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/p2p/repay/${loan.id}`,
        headers: { ...borrower.headers, 'idempotency-key': crypto.randomUUID() },
        payload: { maxDebt },
      });
    // The dialog showed 1,002.739726 (a moment earlier); at commit the debt is 1,002.739727.
    const refused = await repay('1002.739726');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'loan_debt_above_confirmed' } });
    expect(await balances(t, borrower.userId, 'USDT')).toMatchObject({ available: 1010_000_000n });
    const malformed = await repay('1,0');
    expect(malformed.statusCode).toBe(400);
    expect((malformed.json() as { error: { code: string } }).error.code).toMatch(/^amount_/);
    const repaid = await repay('1002.739727');
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect(repaid.json()).toMatchObject({ data: { status: 'repaid', paid: '1002.739727' } });
  });
});

// Races on one loan under real concurrency (TESTING.md): requests reach the server together over
// keep-alive sockets (each sent but its last byte, then the last bytes in one loop), and the loan
// row lock makes exactly one of them take effect. Invariants are checked after each race. The app
// has production's pool, so a step that holds the lock and waits for a second connection while the
// other racers hold the rest (the whole API stopped) shows here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POOL_SIZE } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { checkLendingInvariants } from './testing/lending-invariants.ts';
import {
  approvedCustomer,
  balances,
  createLendingTestApp,
  lent,
  openRequest,
  postRequest,
  setPrice,
  step,
  view,
} from './testing/lending-fixtures.ts';
import { armedRequest } from '../../testing/armed-request.ts';
import { withOneFreeConnection } from '../../testing/one-free-connection.ts';

let t: TestApp;
let port: number;
beforeEach(async () => {
  t = await createLendingTestApp({ poolSize: POOL_SIZE });
  port = await t.listen();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await checkLendingInvariants(t.database.db)).toEqual([]);
  await t.close();
});

interface Armed {
  release(): void;
  answer: Promise<{ status: number; code: string }>;
}

/** One racer: the request sent but its last byte, answering with its status and error code. */
async function armed(user: TestUser, request: { method: string; path: string }): Promise<Armed> {
  const text = [
    `${request.method} /api/v1${request.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: Bearer ${user.token}`,
    `Idempotency-Key: ${crypto.randomUUID()}`,
    'Content-Length: 0',
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  const racer = await armedRequest(port, text);
  const answer = racer.answer.then(({ status, body }) => ({
    status,
    code: status < 300 ? 'ok' : ((JSON.parse(body) as { error: { code: string } }).error.code ?? '?'),
  }));
  return { release: racer.release, answer };
}

async function race(
  ...requests: Array<readonly [TestUser, { method: string; path: string }]>
): Promise<Record<string, number>> {
  const racers = await Promise.all(requests.map(([user, request]) => armed(user, request)));
  for (const racer of racers) racer.release();
  const answers = await Promise.all(racers.map((racer) => racer.answer));
  return answers.reduce<Record<string, number>>(
    (tally, { code }) => ({ ...tally, [code]: (tally[code] ?? 0) + 1 }),
    {},
  );
}

describe('one outcome per loan', () => {
  it('makes exactly one loan of twice as many lenders as connections funding one request at once', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const loan = await openRequest(t, borrower);
    const lenders = await Promise.all(
      Array.from({ length: 2 * POOL_SIZE }, () => approvedCustomer(t, { USDT: '1000' })),
    );
    const tally = await race(
      ...lenders.map((lender) => [lender, { method: 'POST', path: `/p2p/lend/${loan.id}` }] as const),
    );
    // A request no longer open is off the marketplace: to anyone but its parties it is no loan at all.
    expect(tally).toEqual({ ok: 1, resource_not_found: lenders.length - 1 });
    const paid = await Promise.all(lenders.map(async (lender) => (await balances(t, lender.userId, 'USDT')).available));
    expect(paid.filter((available) => available === 0n)).toHaveLength(1);
    expect(await balances(t, borrower.userId, 'USDT')).toMatchObject({ available: 1_000_000_000n });
  });

  it('repays once when the borrower repays twice at once', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1', USDT: '100' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    const repay = { method: 'POST', path: `/p2p/repay/${loan.id}` };
    expect(await race([borrower, repay], [borrower, repay])).toEqual({ ok: 1, loan_is_not_active: 1 });
    expect(await balances(t, lender.userId, 'USDT')).toMatchObject({ available: 1_001_726_029n });
  });

  it('gives one outcome to a repayment racing a liquidation', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1', USDT: '100' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await lent(t, borrower, lender);
    await setPrice(t, 'BTC', '40000');
    const racer = await armed(borrower, { method: 'POST', path: `/p2p/repay/${loan.id}` });
    racer.release();
    const [answer, sweep] = await Promise.all([racer.answer, t.app.services.lending.risk.sweep()]);
    const repaid = answer.code === 'ok';
    expect(repaid ? sweep.liquidated : 1).toBe(repaid ? 0 : sweep.liquidated);
    if (!repaid) expect(answer.code).toBe('loan_is_not_active');
    const [settled] = await view(t, lender, '/get-my-repaid-loan-requests');
    expect(settled?.status).toBe(repaid ? 'repaid' : 'liquidated');
  });

  it('gives one outcome to a cancel racing a lend', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const loan = await openRequest(t, borrower);
    const tally = await race(
      [borrower, { method: 'DELETE', path: `/p2p/${loan.id}` }],
      [lender, { method: 'POST', path: `/p2p/lend/${loan.id}` }],
    );
    expect(tally.ok).toBe(1);
    expect((tally.loan_is_not_open ?? 0) + (tally.resource_not_found ?? 0)).toBe(1);
    const btc = await balances(t, borrower.userId, 'BTC');
    const usdt = await balances(t, lender.userId, 'USDT');
    // Either the collateral came back and the lender kept the principal, or the loan stands.
    const cancelled = btc.loanEscrow === 0n;
    expect(cancelled ? usdt.available : btc.loanEscrow).toBe(cancelled ? 1_000_000_000n : 2_500_000n);
  });
});

describe('one connection at a time', () => {
  it('posts, funds, repays and cancels with one free connection in the pool', async () => {
    const borrower = await approvedCustomer(t, { BTC: '1', USDT: '100' });
    const lender = await approvedCustomer(t, { USDT: '1000' });
    const other = await openRequest(t, borrower);
    const answers = await withOneFreeConnection(t.database.pool, async () => {
      const posted = await postRequest(t, borrower);
      const id = (posted.json() as { data: { id: string } }).data.id;
      const funded = await step(t, lender, 'lend', id);
      const repaid = await step(t, borrower, 'repay', id);
      const cancelled = await step(t, borrower, 'cancel', other.id);
      return [posted, funded, repaid, cancelled].map((answer) => answer.statusCode);
    });
    expect(answers).toEqual([201, 200, 200, 200]);
  });
});

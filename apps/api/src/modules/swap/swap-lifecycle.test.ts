// A swap from hold to settlement on the real app and PostgreSQL, the settlement job driven by
// calling its handler with a moved clock (no test sleeps). After every test: the ledger's
// invariants and the swap's own (each swap has exactly its hold, in the state its status says).
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Swap, SwapList } from '@rora/contracts';
import { schema } from '@rora/db';
import { assertLedgerInvariants, createLedger } from '@rora/ledger';
import type { JobContext } from '@rora/worker';
import type { TestApp } from '../../testing/test-app.ts';
import { SETTLE_SWAP_JOB, SETTLE_SWAPS_JOB } from './index.ts';
import { checkSwapInvariants } from './testing/swap-invariants.ts';
import {
  approvedCustomer,
  balances,
  createSwapTestApp,
  getQuote,
  houseBalance,
  placeSwap,
} from './testing/swap-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSwapTestApp();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await checkSwapInvariants(t.database.db)).toEqual([]);
});
afterAll(async () => t.close());

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const context = (): JobContext => ({ db: t.database.db, now: () => t.clock.now(), log: silentLog });
const job = (name: string) => t.app.services.swap.jobs.find((definition) => definition.name === name)!;
const runSweep = () => job(SETTLE_SWAPS_JOB).run(context(), {});
const runSettle = (swapId: string) => job(SETTLE_SWAP_JOB).run(context(), { swapId });

async function notificationsOf(userId: string) {
  return t.database.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
}

async function placed(user: Awaited<ReturnType<typeof approvedCustomer>>, quantity = '0.1'): Promise<Swap> {
  const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity });
  const response = await placeSwap(t, user, { quoteId: quote.id, symbol: 'BTC/ETH', amount: quantity });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Swap }).data;
}

describe('a swap from hold to settlement', () => {
  it('holds the source at once, shows in progress, then settles through liquidity and notifies', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const liquidityBefore = {
      btc: await houseBalance(t, 'BTC', 'liquidity'),
      eth: await houseBalance(t, 'ETH', 'liquidity'),
    };
    const feesBefore = await houseBalance(t, 'BTC', 'fees');
    const swap = await placed(user);
    expect(swap).toMatchObject({ status: 'in_progress', from: 'BTC', to: 'ETH', amount: '0.1', receive: '1.8432375' });
    expect(Date.parse(swap.arrivesBy) - Date.parse(swap.createdAt)).toBe(30 * 60_000);
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 90_000_000n, held: 10_000_000n });

    // Not due yet: the job leaves it alone.
    t.clock.advance(19_000);
    expect(await runSettle(swap.id)).toEqual({ swapId: swap.id, outcome: 'not_due' });
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 90_000_000n, held: 10_000_000n });

    t.clock.advance(1_000);
    expect(await runSettle(swap.id)).toEqual({ swapId: swap.id, outcome: 'completed' });
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 90_000_000n, held: 0n });
    expect(await balances(t, user.userId, 'ETH')).toEqual({ available: 1_843_237_500_000_000_000n, held: 0n });
    expect(await houseBalance(t, 'BTC', 'liquidity')).toBe(liquidityBefore.btc + 9_975_000n);
    expect(await houseBalance(t, 'ETH', 'liquidity')).toBe(liquidityBefore.eth - 1_843_237_500_000_000_000n);
    expect(await houseBalance(t, 'BTC', 'fees')).toBe(feesBefore + 25_000n);

    const [notification] = await notificationsOf(user.userId);
    expect(notification).toMatchObject({ kind: 'swap_completed', data: { swapId: swap.id } });
    expect(notification!.message).toBe('Your swap of 0.1 BTC is complete: 1.8432375 ETH arrived in your wallet.');

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/swaps', headers: user.headers });
    expect((list.json() as { data: SwapList }).data).toMatchObject({
      total: 1,
      items: [{ id: swap.id, status: 'completed', completedAt: t.clock.now().toISOString() }],
    });
  });

  it('settles once when the job runs twice, or the sweep and the job both take it', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const swap = await placed(user);
    t.clock.advance(20_000);
    const [first, second, sweep] = (await Promise.all([runSettle(swap.id), runSettle(swap.id), runSweep()])) as [
      { outcome: string },
      { outcome: string },
      { completed: number },
    ];
    expect([first, second].filter((run) => run.outcome === 'completed').length + sweep.completed).toBe(1);
    expect(await runSettle(swap.id)).toEqual({ swapId: swap.id, outcome: 'already_settled' });
    expect(await balances(t, user.userId, 'ETH')).toEqual({ available: 1_843_237_500_000_000_000n, held: 0n });
    const credits = await t.database.db
      .select()
      .from(schema.ledgerTransfers)
      .where(and(eq(schema.ledgerTransfers.code, 'swap'), eq(schema.ledgerTransfers.asset, 'ETH')));
    expect(credits.filter((transfer) => transfer.metadata.swapId === swap.id)).toHaveLength(1);
    expect(await notificationsOf(user.userId)).toHaveLength(1);
  });

  it('lets the every-minute sweep settle every due swap, in any order', async () => {
    const users = await Promise.all([approvedCustomer(t), approvedCustomer(t), approvedCustomer(t)]);
    const swaps = [];
    for (const user of users) swaps.push(await placed(user, '0.2'));
    t.clock.advance(20_000);
    const result = await runSweep();
    expect(result).toMatchObject({ completed: 3, failed: 0, errors: 0 });
    for (const user of users) expect((await balances(t, user.userId, 'BTC')).held).toBe(0n);
  });

  it('refuses an expired quote, a used quote, another customer’s quote and a mismatched order', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const other = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    const code = async (response: Awaited<ReturnType<typeof placeSwap>>) => [
      response.statusCode,
      response.json().error.code,
    ];
    expect(await code(await placeSwap(t, other, { quoteId: quote.id }))).toEqual([404, 'resource_not_found']);
    expect(await code(await placeSwap(t, user, { quoteId: 'not-a-quote' }))).toEqual([
      400,
      'swap_quote_id_must_be_uuid',
    ]);
    expect(await code(await placeSwap(t, user, { quoteId: quote.id, symbol: 'BTC/USDT' }))).toEqual([
      422,
      'swap_order_does_not_match_quote',
    ]);
    expect(await code(await placeSwap(t, user, { quoteId: quote.id, amount: '0.2' }))).toEqual([
      422,
      'swap_order_does_not_match_quote',
    ]);
    t.clock.advance(30_000);
    expect(await code(await placeSwap(t, user, { quoteId: quote.id }))).toEqual([409, 'swap_quote_expired']);

    const fresh = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    expect((await placeSwap(t, user, { quoteId: fresh.id })).statusCode).toBe(201);
    expect(await code(await placeSwap(t, user, { quoteId: fresh.id }))).toEqual([409, 'swap_quote_already_used']);
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 90_000_000n, held: 10_000_000n });
  });

  it('replays a retried order with the same Idempotency-Key instead of holding twice', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    const first = await placeSwap(t, user, { quoteId: quote.id }, 'retry-key-1');
    const retry = await placeSwap(t, user, { quoteId: quote.id }, 'retry-key-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 90_000_000n, held: 10_000_000n });
  });

  it('refuses a customer without approved KYC, holding nothing', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    await t.database.db.update(schema.users).set({ kycStatus: 'in_progress' }).where(eq(schema.users.id, user.userId));
    const response = await placeSwap(t, user, { quoteId: quote.id });
    expect([response.statusCode, response.json().error.code]).toEqual([403, 'kyc_approval_required']);
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 100_000_000n, held: 0n });
  });

  it('fails and returns the source when the house cannot cover the target at settlement', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const swap = await placed(user, '0.5');
    // The house's ETH leaves between placing and settling.
    const eth = await houseBalance(t, 'ETH', 'liquidity');
    const moveLiquidity = (debit: 'liquidity' | 'external_world', credit: 'liquidity' | 'external_world') =>
      createLedger().transfer(t.database.db, {
        id: crypto.randomUUID(),
        asset: 'ETH',
        debit: { system: debit },
        credit: { system: credit },
        amount: eth - 1n,
        code: 'house_funding',
      });
    await moveLiquidity('liquidity', 'external_world');
    onTestFinished(async () => void (await moveLiquidity('external_world', 'liquidity')));
    t.clock.advance(20_000);
    expect(await runSettle(swap.id)).toEqual({ swapId: swap.id, outcome: 'failed' });
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 100_000_000n, held: 0n });
    expect(await balances(t, user.userId, 'ETH')).toEqual({ available: 0n, held: 0n });
    const [notification] = await notificationsOf(user.userId);
    expect(notification).toMatchObject({ kind: 'swap_failed' });
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/swaps/${swap.id}`, headers: user.headers });
    expect(one.json().data).toMatchObject({ status: 'failed', failureReason: 'liquidity_unavailable' });
  });

  it('answers 404 for another customer’s swap and for an unknown id', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const other = await approvedCustomer(t, { BTC: '1' });
    const swap = await placed(user);
    for (const url of [`/api/v1/swaps/${swap.id}`, '/api/v1/swaps/not-an-id', `/api/v1/swaps/${crypto.randomUUID()}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'resource_not_found']);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/swaps/${swap.id}` })).statusCode).toBe(401);
  });
});

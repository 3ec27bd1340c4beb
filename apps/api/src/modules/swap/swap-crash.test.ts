// A settlement that crashes mid-way resumes without settling twice: a crash inside the settlement
// transaction (after the ledger moved, before commit) leaves no trace and the rerun settles once; a
// crash after commit but before the customer was told settles nothing more and the sweep notifies once.
// A placing whose answer was lost with its process answers the retry from the swap (ADR 0024).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Swap } from '@rora/contracts';
import { schema } from '@rora/db';
import { assertLedgerInvariants, createLedger, type Ledger } from '@rora/ledger';
import { loseAnswer } from '../../testing/idempotency.ts';
import { loseSessionWhen, restoreSession } from '../../testing/session-loss.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { NOTIFY_GRACE_MS } from '../notifications/index.ts';
import { createSwapSettlement } from './settlement.ts';
import { checkSwapInvariants } from './testing/swap-invariants.ts';
import { approvedCustomer, balances, createSwapTestApp, getQuote, placeSwap } from './testing/swap-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSwapTestApp();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await checkSwapInvariants(t.database.db)).toEqual([]);
});
afterAll(async () => t.close());

async function dueSwap(): Promise<{ swap: Swap; userId: string }> {
  const user = await approvedCustomer(t, { BTC: '1' });
  const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
  const response = await placeSwap(t, user, { quoteId: quote.id });
  t.clock.advance(20_000);
  return { swap: (response.json() as { data: Swap }).data, userId: user.userId };
}

async function swapRow(id: string) {
  const [row] = await t.database.db.select().from(schema.swaps).where(eq(schema.swaps.id, id));
  return row!;
}

const notificationsOf = (userId: string) =>
  t.database.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));

/** A settlement on the real database whose notifying fails with `message`. */
function settlementThatCannotNotify(message: string) {
  return createSwapSettlement({
    db: t.database.db,
    ledger: createLedger(),
    clock: t.clock,
    notifications: {
      notify: async () => {
        throw new Error(message);
      },
    },
    events: t.app.services.events,
  });
}
describe('a settlement that crashes', () => {
  it('inside its transaction, after the ledger moved: nothing stays, and the rerun settles once', async () => {
    const { swap, userId } = await dueSwap();
    const real = createLedger();
    const crashing: Ledger = {
      ...real,
      apply: async (tx, ops) => {
        await real.apply(tx, ops);
        throw new Error('the process died before commit');
      },
    };
    const { services } = t.app;
    const broken = createSwapSettlement({
      db: t.database.db,
      ledger: crashing,
      clock: t.clock,
      notifications: services.notifications,
      events: services.events,
    });
    await expect(broken.settleOne(swap.id)).rejects.toThrow('the process died before commit');
    expect(await swapRow(swap.id)).toMatchObject({ status: 'in_progress', attempts: 1, settledAt: null });
    expect(await balances(t, userId, 'BTC')).toEqual({ available: 90_000_000n, held: 10_000_000n });
    expect(await balances(t, userId, 'ETH')).toEqual({ available: 0n, held: 0n });

    expect(await services.swap.settlement.settleOne(swap.id)).toBe('completed');
    expect(await services.swap.settlement.settleOne(swap.id)).toBe('already_settled');
    expect(await balances(t, userId, 'ETH')).toEqual({ available: 1_843_237_500_000_000_000n, held: 0n });
    expect(await notificationsOf(userId)).toHaveLength(1);
  });

  it('after commit, before the customer was told: settles nothing more, and the sweep notifies once', async () => {
    const { swap, userId } = await dueSwap();
    const { services } = t.app;
    const settlement = settlementThatCannotNotify('the process died before notifying');
    await expect(settlement.settleOne(swap.id)).rejects.toThrow('the process died before notifying');
    expect(await swapRow(swap.id)).toMatchObject({ status: 'completed', notifiedAt: null });
    expect(await notificationsOf(userId)).toHaveLength(0);

    expect(await services.swap.settlement.settleOne(swap.id)).toBe('already_settled');
    t.clock.advance(NOTIFY_GRACE_MS);
    expect(await services.swap.settlement.settleDue()).toMatchObject({ completed: 0, notified: 1 });
    expect(await services.swap.settlement.settleDue()).toMatchObject({ completed: 0, notified: 0 });
    expect(await balances(t, userId, 'ETH')).toEqual({ available: 1_843_237_500_000_000_000n, held: 0n });
    const notifications = await notificationsOf(userId);
    expect(notifications.map((notification) => notification.kind)).toEqual(['swap_completed']);
  });
});

describe('a settlement whose database session is lost while the customer is told', () => {
  it('and while its claim is given back: the sweep still notifies once', async () => {
    const { swap, userId } = await dueSwap();
    const { services } = t.app;
    // The session ends (57P01) on any write that would give the notification back.
    await loseSessionWhen(
      t.database.pool,
      'swaps',
      'UPDATE',
      'OLD.notified_at IS NOT NULL AND NEW.notified_at IS NULL',
    );
    const settlement = settlementThatCannotNotify('terminating connection due to administrator command');
    await expect(settlement.settleOne(swap.id)).rejects.toThrow();
    await restoreSession(t.database.pool, 'swaps');

    t.clock.advance(NOTIFY_GRACE_MS);
    await services.swap.settlement.settleDue();
    await services.swap.settlement.settleDue();
    const notifications = await notificationsOf(userId);
    expect(notifications.map((notification) => notification.kind)).toEqual(['swap_completed']);
    expect(await swapRow(swap.id)).toMatchObject({ status: 'completed' });
  });
});

describe('a swap whose answer died with its process', () => {
  it('answers the retry from the swap that was placed, and places nothing twice', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    const key = `swap-${quote.id}`;
    const first = await placeSwap(t, user, { quoteId: quote.id }, key);
    expect(first.statusCode, first.body).toBe(201);
    await loseAnswer(t, user.userId, key);
    const retry = await placeSwap(t, user, { quoteId: quote.id }, key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(retry.json().data).toEqual(first.json().data);
    const placed = await t.database.db.select().from(schema.swaps).where(eq(schema.swaps.userId, user.userId));
    expect(placed).toHaveLength(1);
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 90_000_000n, held: 10_000_000n });
  });
});

describe('a swap placed by POST /order whose answer died with its process', () => {
  it('answers the retry from the swap, and places nothing twice', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    const key = `swap-${quote.id}`;
    const order = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { ...user.headers, 'idempotency-key': key },
        payload: { type: 'swap', quoteId: quote.id },
      });
    const first = await order();
    expect(first.statusCode, first.body).toBe(201);
    await loseAnswer(t, user.userId, key);
    const retry = await order();
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(retry.json().data).toEqual(first.json().data);
    const placed = await t.database.db.select().from(schema.swaps).where(eq(schema.swaps.userId, user.userId));
    expect(placed).toHaveLength(1);
  });
});

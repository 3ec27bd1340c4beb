// Market orders on an external platform that fails as real ones do (DESIGN §1.4), on real
// PostgreSQL: an order the platform never received is returned whole; one it executed but whose
// answer was lost is settled after asking the platform; one whose outcome cannot be learned stays
// pending, and reconciling settles or returns it once the platform can be asked, never touching an
// order young enough to still be in flight.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { seedSwapLiquidity } from '../swap/index.ts';
import { EXTERNAL_VENUES, createSimulatedVenue, type VenueAdapter } from '../venues/index.ts';
import { toOrderIntent } from './order-request.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  balanceOf,
  createMarketsTestApp,
  get,
  placeOrder,
  units,
} from './testing/orders-fixtures.ts';
import { createVenueOrders, pendingVenueOrder } from './venue-orders.ts';

const buy = { symbol: 'BTC/USDT', side: 'buy', amount: '0.02', venue: 'kraken' } as const;

async function statusOf(t: TestApp, orderId: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
    orderId,
  ]);
  return rows[0]!.status;
}

describe('a platform that never receives the order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMarketsTestApp({ env: { VENUE_SANDBOX_UNREACHABLE_BPS: '10000' } });
    await seedSwapLiquidity(t.database);
  });
  afterEach(async () => assertOrdersConsistent(t));
  afterAll(async () => t.close());

  it('answers 503 venue_is_unavailable and returns the whole hold; the order shows as rejected', async () => {
    const customer = await approvedCustomer(t, { USDT: '5000' });
    const response = await placeOrder(t, customer, buy);
    expect([response.statusCode, response.json().error.code]).toEqual([503, 'venue_is_unavailable']);
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: units('5000', 'USDT'), held: 0n });
    const [order] = (await get(t, customer, '/order')).json().data.items;
    expect(order).toMatchObject({ venue: 'kraken', status: 'rejected', cancelReason: 'venue_unavailable', fills: [] });
  });
});

describe('a platform whose answer is lost after it executed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMarketsTestApp({ env: { VENUE_SANDBOX_LOST_ANSWER_BPS: '10000' } });
    await seedSwapLiquidity(t.database);
  });
  afterEach(async () => assertOrdersConsistent(t));
  afterAll(async () => t.close());

  it('asks the platform what it did and settles the fills it reports', async () => {
    const customer = await approvedCustomer(t, { USDT: '5000' });
    const response = await placeOrder(t, customer, buy);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({ status: 'filled', filledAmount: '0.02' });
    const fee = (units('0.02', 'BTC') * 60n + 9_999n) / 10_000n;
    expect(await balanceOf(t, customer, 'BTC')).toEqual({ available: units('0.02', 'BTC') - fee, held: 0n });
  });
});

describe('an order whose outcome cannot be learned', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMarketsTestApp();
    await seedSwapLiquidity(t.database);
  });
  afterEach(async () => assertOrdersConsistent(t));
  afterAll(async () => t.close());

  /** Kraken as simulated, whose answers can be lost and who can be made unreachable for questions. */
  function flakyKraken(mode: { execute: 'lose-answer' | 'unreachable' }) {
    const venue = EXTERNAL_VENUES.find((item) => item.id === 'kraken')!;
    const real = createSimulatedVenue({ venue, index: EXTERNAL_VENUES.indexOf(venue) + 1, clock: t.clock });
    let answersQuestions = false;
    const adapter: VenueAdapter = {
      ...real,
      async execute(input) {
        if (mode.execute === 'lose-answer') await real.execute(input);
        throw new Error('socket hang up');
      },
      async findOrder(market, clientOrderId) {
        if (!answersQuestions) throw new Error('socket hang up');
        return real.findOrder(market, clientOrderId);
      },
    };
    return { adapter, answer: () => (answersQuestions = true) };
  }

  async function placePending(adapter: VenueAdapter) {
    const customer = await approvedCustomer(t, { USDT: '5000' });
    const venueOrders = createVenueOrders({
      db: t.database.db,
      ledger: createLedger(),
      clock: t.clock,
      adapterOf: () => adapter,
    });
    const intent = toOrderIntent(buy);
    const order = pendingVenueOrder(randomUUID(), customer.userId, intent, t.clock.now());
    const placed = await venueOrders.execute({ order, intent, adapter });
    return { customer, venueOrders, placed };
  }

  it('stays pending with its hold, then settles once the platform says it executed', async () => {
    const kraken = flakyKraken({ execute: 'lose-answer' });
    const { customer, venueOrders, placed } = await placePending(kraken.adapter);
    expect(placed.order.status).toBe('pending');
    expect(await statusOf(t, placed.order.id)).toBe('pending');
    expect((await balanceOf(t, customer, 'USDT')).held).toBeGreaterThan(0n);

    // Too young: still possibly in flight, untouched.
    kraken.answer();
    expect(await venueOrders.reconcilePending({ olderThan: placed.order.createdAt })).toEqual({
      settled: 0,
      returned: 0,
      unknown: 0,
    });
    const later = new Date(placed.order.createdAt.getTime() + 1);
    expect(await venueOrders.reconcilePending({ olderThan: later })).toEqual({ settled: 1, returned: 0, unknown: 0 });
    expect(await statusOf(t, placed.order.id)).toBe('filled');
    expect(await balanceOf(t, customer, 'USDT')).toMatchObject({ held: 0n });
    expect((await balanceOf(t, customer, 'BTC')).available).toBeGreaterThan(0n);
  });

  it('stays pending while the platform cannot be asked, then is returned once it says it never got it', async () => {
    const kraken = flakyKraken({ execute: 'unreachable' });
    const { customer, venueOrders, placed } = await placePending(kraken.adapter);
    const later = new Date(placed.order.createdAt.getTime() + 1);
    expect(await venueOrders.reconcilePending({ olderThan: later })).toEqual({ settled: 0, returned: 0, unknown: 1 });
    expect(await statusOf(t, placed.order.id)).toBe('pending');
    kraken.answer();
    expect(await venueOrders.reconcilePending({ olderThan: later })).toEqual({ settled: 0, returned: 1, unknown: 0 });
    expect(await statusOf(t, placed.order.id)).toBe('rejected');
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: units('5000', 'USDT'), held: 0n });
  });
});

// POST /order, DELETE /order/{id}, GET /order on real PostgreSQL: crossing limit orders trade at the
// maker's price with each venue's fees to the minor unit; a cancel returns the remaining hold; the
// list filters by type; retries with the same Idempotency-Key replay; the KYC gate and the order rules
// answer their codes. Every test ends with the ledger invariants and the books checked against the
// database.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VENUES } from '@rora/contracts';
import { createTestUser } from '../../testing/users.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  balanceOf,
  createMarketsTestApp,
  get,
  placeOrder,
  units,
} from './testing/orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp();
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

describe('crossing limit orders', () => {
  it.each(VENUES.map((venue) => [venue.id, venue.makerFeeBps, venue.takerFeeBps] as const))(
    'trade at the maker’s price with %s fees (maker %i bps, taker %i bps) to the minor unit',
    async (venue, makerBps, takerBps) => {
      const seller = await approvedCustomer(t, { ETH: '2' });
      const buyer = await approvedCustomer(t, { USDT: '10000' });
      const sell = await placeOrder(t, seller, {
        symbol: 'ETH/USDT',
        type: 'sell',
        price: '3000.5',
        amount: '1.5',
        venue,
      });
      expect(sell.statusCode, sell.body).toBe(201);
      expect(sell.json().data).toMatchObject({
        status: 'open',
        side: 'sell',
        orderType: 'limit',
        venue,
        filledAmount: '0',
      });

      const buy = await placeOrder(t, buyer, {
        symbol: 'ETH-USDT',
        side: 'buy',
        orderType: 'limit',
        price: '3100',
        amount: '1',
        venue,
      });
      expect(buy.statusCode, buy.body).toBe(201);
      const order = buy.json().data;
      // 1 ETH at the maker's 3000.5 USDT: the buyer (taker) pays the fee in ETH, the seller (maker) in USDT.
      const notional = units('3000.5', 'USDT');
      const buyerFee = (units('1', 'ETH') * BigInt(takerBps) + 9_999n) / 10_000n;
      const sellerFee = (notional * BigInt(makerBps) + 9_999n) / 10_000n;
      expect(order).toMatchObject({
        status: 'filled',
        filledAmount: '1',
        filledTotal: '3000.5',
        averagePrice: '3000.5',
      });
      expect(order.fills).toEqual([
        expect.objectContaining({ price: '3000.5', amount: '1', total: '3000.5', role: 'taker', feeAsset: 'ETH' }),
      ]);
      expect(units(order.fee, 'ETH')).toBe(buyerFee);

      expect(await balanceOf(t, buyer, 'ETH')).toEqual({ available: units('1', 'ETH') - buyerFee, held: 0n });
      // The buy held 3100 for 1 ETH; the 99.5 of price improvement came back when it filled.
      expect(await balanceOf(t, buyer, 'USDT')).toEqual({ available: units('10000', 'USDT') - notional, held: 0n });
      expect(await balanceOf(t, seller, 'USDT')).toEqual({ available: notional - sellerFee, held: 0n });
      expect(await balanceOf(t, seller, 'ETH')).toEqual({ available: units('0.5', 'ETH'), held: units('0.5', 'ETH') });

      const makerView = (await get(t, seller, `/order/${sell.json().data.id}`)).json().data;
      expect(makerView).toMatchObject({ status: 'partially_filled', filledAmount: '1', fee: expect.any(String) });
      expect(units(makerView.fee, 'USDT')).toBe(sellerFee);
      expect(makerView.fills[0]).toMatchObject({ role: 'maker', feeAsset: 'USDT' });
      await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${sell.json().data.id}`, headers: seller.headers });
    },
  );
});

describe('cancel', () => {
  it('returns the remaining hold and closes the order; a second cancel is refused', async () => {
    const buyer = await approvedCustomer(t, { USDT: '500' });
    const placed = (
      await placeOrder(t, buyer, { symbol: 'BTC/USDT', side: 'buy', price: '20000', amount: '0.01' })
    ).json().data;
    expect(await balanceOf(t, buyer, 'USDT')).toEqual({ available: units('300', 'USDT'), held: units('200', 'USDT') });
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${placed.id}`, headers: buyer.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(await balanceOf(t, buyer, 'USDT')).toEqual({ available: units('500', 'USDT'), held: 0n });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${placed.id}`, headers: buyer.headers });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'order_must_be_open']);
  });

  it('answers 404 for another customer’s order, as for one that does not exist, and 401 without sign-in', async () => {
    const owner = await approvedCustomer(t, { USDT: '100' });
    const other = await approvedCustomer(t);
    const placed = (
      await placeOrder(t, owner, { symbol: 'BTC/USDT', side: 'buy', price: '1000', amount: '0.01' })
    ).json().data;
    for (const url of [`/api/v1/order/${placed.id}`, '/api/v1/order/not-an-id']) {
      const response = await t.app.inject({ method: 'DELETE', url, headers: other.headers });
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'resource_not_found']);
    }
    expect((await get(t, other, `/order/${placed.id}`)).statusCode).toBe(404);
    expect((await get(t, null, `/order/${placed.id}`)).statusCode).toBe(401);
    expect((await get(t, owner, `/order/${placed.id}`)).statusCode).toBe(200);
    // The other customer's tries left it open on the book, where its owner cancels it.
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${placed.id}`, headers: owner.headers });
    expect([cancel.statusCode, cancel.json().data.status]).toEqual([200, 'cancelled']);
  });

  it('refuses the cancel of an order a committed batch closed without reading orders; another customer still gets 404', async () => {
    const seller = await approvedCustomer(t, { LTC: '1' });
    const buyer = await approvedCustomer(t, { USDT: '100' });
    const other = await approvedCustomer(t);
    const order = { symbol: 'LTC/USDT', price: '47.13', amount: '0.5' };
    const sell = (await placeOrder(t, seller, { ...order, side: 'sell' })).json().data;
    const buy = (await placeOrder(t, buyer, { ...order, side: 'buy' })).json().data;
    expect([sell.status, buy.status]).toEqual(['open', 'filled']);
    // With the orders table locked, a cancel that read an order would wait for the lock.
    const locker = await t.database.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
      const cancel = (user: typeof buyer, id: string) =>
        Promise.race([
          t.app.inject({ method: 'DELETE', url: `/api/v1/order/${id}`, headers: user.headers }),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
        ]);
      const filled = await cancel(buyer, buy.id);
      expect([filled?.statusCode, filled?.json().error.code]).toEqual([409, 'order_must_be_open']);
      // The seller's order, filled by the same batch, is remembered as closed as well.
      const alsoFilled = await cancel(seller, sell.id);
      expect([alsoFilled?.statusCode, alsoFilled?.json().error.code]).toEqual([409, 'order_must_be_open']);
      // Not the caller's: read, as before (so it waits for the lock, then answers 404).
      const notTheirs = t.app.inject({ method: 'DELETE', url: `/api/v1/order/${buy.id}`, headers: other.headers });
      expect(await Promise.race([notTheirs, new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))])).toBe(
        'waiting',
      );
      await locker.query('ROLLBACK');
      const answer = await notTheirs;
      expect([answer.statusCode, answer.json().error.code]).toEqual([404, 'resource_not_found']);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      locker.release();
    }
  });
});

describe('GET /order', () => {
  it('lists the customer’s orders newest first with their fills, filtered by type', async () => {
    const user = await approvedCustomer(t, { USDT: '200000', BTC: '1' });
    const open = (
      await placeOrder(t, user, { symbol: 'BTC/USDT', side: 'buy', price: '10000', amount: '0.001' })
    ).json().data;
    t.clock.advance(1000);
    const dark = (
      await placeOrder(t, user, { symbol: 'BTC/USDT', type: 'dark pool', side: 'buy', price: '10000', amount: '10' })
    ).json().data;
    await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${open.id}`, headers: user.headers });
    const all = (await get(t, user, '/order?page=1&limit=10')).json().data;
    expect(all).toMatchObject({ page: 1, limit: 10, total: 2 });
    expect(all.items.map((item: { id: string }) => item.id)).toEqual([dark.id, open.id]);
    expect((await get(t, user, '/order?type=dark%20pool')).json().data.items).toEqual([
      expect.objectContaining({ id: dark.id, type: 'dark pool', darkPool: true }),
    ]);
    expect((await get(t, user, '/order?type=open')).json().data.items.map((item: { id: string }) => item.id)).toEqual([
      dark.id,
    ]);
    expect((await get(t, user, '/order?type=closed')).json().data.items.map((item: { id: string }) => item.id)).toEqual(
      [open.id],
    );
    expect((await get(t, user, '/order?type=buy')).json().data.total).toBe(1);
    expect((await get(t, user, '/order?type=swap')).json().error.code).toBe('order_type_not_supported');
    await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${dark.id}`, headers: user.headers });
  });
});

describe('placing', () => {
  it('refuses a type that is neither a trade nor a swap, naming the field', async () => {
    const user = await approvedCustomer(t, { USDT: '100' });
    const response = await placeOrder(t, user, { symbol: 'BTC/USDT', type: 'short', amount: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data[0].field).toBe('type');
  });

  it('replays a retry with the same Idempotency-Key instead of placing twice', async () => {
    const user = await approvedCustomer(t, { USDT: '1000' });
    const body = { symbol: 'LTC/USDT', side: 'buy', price: '50', amount: '2' };
    const first = await placeOrder(t, user, body, 'retry-key-1');
    const second = await placeOrder(t, user, body, 'retry-key-1');
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect((await get(t, user, '/order')).json().data.total).toBe(1);
    expect((await placeOrder(t, user, { ...body, amount: '3' }, 'retry-key-1')).statusCode).toBe(422);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${first.json().data.id}`, headers: user.headers });
  });

  it('refuses buying and selling before KYC is approved, after checking the order itself', async () => {
    const user = await createTestUser(t);
    const refused = await placeOrder(t, user, { symbol: 'BTC/USDT', side: 'buy', price: '100', amount: '1' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'kyc_approval_required']);
    const malformed = await placeOrder(t, user, { symbol: 'DOGE/USDT', side: 'buy', price: '1', amount: '1' });
    expect(malformed.json().error.code).toBe('pair_is_not_listed');
  });

  it('lets a customer trade once approved, though the session was read before the approval', async () => {
    const user = await createTestUser(t);
    // The session (with the approval it carries) is read and cached while KYC is still pending.
    expect(await t.app.services.sessions.authenticate(user.token)).toMatchObject({ kycApproved: false });
    const body = { symbol: 'LTC/USDT', side: 'buy', price: '50', amount: '1' };
    expect((await placeOrder(t, user, body)).json().error.code).toBe('kyc_approval_required');
    await t.database.pool.query(`UPDATE users SET kyc_status = 'approved' WHERE id = $1`, [user.userId]);
    // Still the cached identity (kycApproved false): the order path reads the approval itself.
    const refusedForMoney = await placeOrder(t, user, body);
    expect(refusedForMoney.json().error.code).toBe('available_balance_must_cover_order');
  });

  it('refuses an order the available balance does not cover, holding nothing', async () => {
    const user = await approvedCustomer(t, { USDT: '99' });
    const response = await placeOrder(t, user, { symbol: 'SOL/USDT', side: 'buy', price: '100', amount: '1' });
    expect([response.statusCode, response.json().error.code]).toEqual([422, 'available_balance_must_cover_order']);
    expect(await balanceOf(t, user, 'USDT')).toEqual({ available: units('99', 'USDT'), held: 0n });
    expect((await get(t, user, '/order')).json().data.total).toBe(0);
  });

  it.each([
    [{ symbol: 'BTC/USDT', side: 'buy', price: '100.05', amount: '1' }, 'price_must_be_multiple_of_tick'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '100', amount: '0.000000001' }, 'amount_has_too_many_decimals'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '100', amount: '0.000015' }, 'quantity_must_be_multiple_of_lot'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '10', amount: '0.00001' }, 'notional_must_reach_minimum'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '0', amount: '1' }, 'price_must_be_positive'],
    [{ symbol: 'BTC/USDT', amount: '1' }, 'order_side_required'],
    [{ symbol: 'BTC/USDT', type: 'buy', side: 'sell', amount: '1' }, 'order_side_must_match_type'],
    [{ symbol: 'BTC/USDT', side: 'buy', orderType: 'limit', amount: '1' }, 'limit_order_requires_price'],
    [{ symbol: 'BTC/USDT', side: 'buy', orderType: 'market', price: '1', amount: '1' }, 'market_order_takes_no_price'],
    [{ symbol: 'BTC/USDT', side: 'sell', orderType: 'market', total: '100' }, 'order_total_applies_to_market_buy_only'],
    [{ symbol: 'BTC/USDT', side: 'buy', orderType: 'market' }, 'order_amount_or_total_required'],
    [
      { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '1', total: '5' },
      'order_amount_and_total_are_exclusive',
    ],
    [
      { symbol: 'BTC/USDT', side: 'buy', price: '100', amount: '1', timeInForce: 'IOC', postOnly: true },
      'post_only_requires_limit_gtc',
    ],
    [
      { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '1', timeInForce: 'GTC' },
      'time_in_force_applies_to_limit_orders',
    ],
    [
      { symbol: 'BTC/USDT', type: 'dark pool', side: 'buy', orderType: 'market', amount: '1' },
      'dark_pool_accepts_limit_orders_only',
    ],
    [
      { symbol: 'SOL/USDT', type: 'dark pool', side: 'buy', price: '100', amount: '1000' },
      'dark_pool_not_available_for_pair',
    ],
    [
      { symbol: 'BTC/USDT', type: 'dark pool', side: 'buy', price: '100', amount: '2000', venue: 'kraken' },
      'dark_pool_is_on_rora_only',
    ],
    [
      { symbol: 'BTC/USDT', type: 'dark pool', side: 'buy', price: '50000', amount: '1.99998' },
      'notional_must_reach_dark_pool_minimum',
    ],
    [
      { symbol: 'ETH/USDT', type: 'dark pool', side: 'sell', price: '2500', amount: '19.9999' },
      'notional_must_reach_dark_pool_minimum',
    ],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '100', amount: '1', venue: 'nasdaq' }, 'venue_is_not_listed'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '1e3', amount: '1' }, 'amount_is_not_a_decimal'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: 100, amount: '1' }, 'amount_is_not_a_decimal'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '100', amount: ['1'] }, 'amount_is_not_a_decimal'],
    [{ symbol: 'BTC/USDT', side: 'buy', price: '100', amount: null }, 'amount_is_empty'],
  ])('refuses %j with %s', async (body, code) => {
    const user = await approvedCustomer(t, { USDT: '1000000', BTC: '10', ETH: '100' });
    const response = await placeOrder(t, user, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toBe(code);
  });

  it('refuses a body that is no object as any route does, not as an order type', async () => {
    const user = await approvedCustomer(t);
    for (const payload of ['[]', 'null', '"5"', '5']) {
      const headers = { ...user.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' };
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/order', headers, payload });
      expect([payload, response.statusCode, response.json().error.code]).toEqual([
        payload,
        400,
        'request_validation_failed',
      ]);
    }
  });
});

// Concurrency on real PostgreSQL: orders released together over HTTP against a balance that covers
// only some of them, on one market and across two markets (two runners holding from the same
// balance at once), and a balance spent by another transaction between a runner's read and its commit. No
// balance goes negative, exactly the covered orders are accepted, and the books equal the database.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { requireMarket } from '../markets/index.ts';
import { toOrderIntent } from './order-request.ts';
import { jsonOf, race } from './testing/http-race.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  balanceOf,
  batchesWaiting,
  createMarketsTestApp,
  units,
  withdrawOn,
} from './testing/orders-fixtures.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createMarketsTestApp();
  port = await t.listen();
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

const order = (token: string, body: object) => ({
  method: 'POST',
  path: '/api/v1/order',
  headers: { authorization: token, 'idempotency-key': randomUUID() },
  body,
});

describe('orders released together', () => {
  it('50 orders worth 5,000 against 1,000 available: exactly 10 are placed, nothing goes negative', async () => {
    const customer = await approvedCustomer(t, { USDT: '1000' });
    const responses = await race(
      port,
      Array.from({ length: 50 }, (_, index) =>
        order(customer.headers.authorization, {
          symbol: 'SOL/USDT',
          side: 'buy',
          price: `${100 - (index % 2)}.5`,
          amount: '1',
        }),
      ),
    );
    const placed = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 422);
    expect(placed.length + refused.length).toBe(50);
    expect(refused.every((response) => jsonOf(response).error?.code === 'available_balance_must_cover_order')).toBe(
      true,
    );
    const held = placed.reduce((sum, response) => sum + units(String(jsonOf(response).data!.price), 'USDT'), 0n);
    expect(held).toBeLessThanOrEqual(units('1000', 'USDT'));
    expect(units('1000', 'USDT') - held).toBeLessThan(units('99.5', 'USDT'));
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: units('1000', 'USDT') - held, held });
  });

  it('two markets’ runners holding from one balance at once never overspend it', async () => {
    const customer = await approvedCustomer(t, { USDT: '1000' });
    const responses = await race(
      port,
      Array.from({ length: 40 }, (_, index) =>
        order(customer.headers.authorization, {
          symbol: index % 2 === 0 ? 'BNB/USDT' : 'LTC/USDT',
          side: 'buy',
          price: '100',
          amount: '1',
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(10);
    expect(responses.filter((response) => response.status === 422)).toHaveLength(30);
    expect(await balanceOf(t, customer, 'USDT')).toEqual({ available: 0n, held: units('1000', 'USDT') });
  });
});

describe('a balance spent elsewhere during a batch', () => {
  it('drops the order whose hold the ledger refuses and commits the others of the batch', async () => {
    const market = requireMarket('XRP/USDT');
    const spender = await approvedCustomer(t, { USDT: '100' });
    const other = await approvedCustomer(t, { USDT: '100' });
    const runner = t.app.services.markets.orders.runners.runner(market);
    await runner.start();
    // A withdrawal in flight holds the spender's account while the runner reads the balance it is about
    // to spend, then spends 60 of it and commits while the runner's commit waits for the lock.
    const withdrawal = await t.database.pool.connect();
    try {
      await withdrawal.query('BEGIN');
      await withdrawal.query(
        `SELECT 1 FROM ledger_accounts WHERE owner_id = $1 AND asset = 'USDT' AND kind = 'available' FOR UPDATE`,
        [spender.userId],
      );
      const body = { symbol: 'XRP/USDT', side: 'buy', price: '0.5', amount: '100' } as const;
      const placing = Promise.allSettled([
        runner.place({ orderId: randomUUID(), userId: spender.userId, intent: toOrderIntent(body) }),
        runner.place({ orderId: randomUUID(), userId: other.userId, intent: toOrderIntent(body) }),
      ]);
      await batchesWaiting(t);
      await withdrawOn(withdrawal, spender.userId, '60');
      await withdrawal.query('COMMIT');
      const [first, second] = await placing;
      expect(first.status === 'rejected' && (first.reason as { code: string }).code).toBe(
        'available_balance_must_cover_order',
      );
      expect(second.status === 'fulfilled' && second.value.order.status).toBe('open');
      expect(await balanceOf(t, spender, 'USDT')).toEqual({ available: units('40', 'USDT'), held: 0n });
      expect(await balanceOf(t, other, 'USDT')).toEqual({ available: units('50', 'USDT'), held: units('50', 'USDT') });
      await runner.cancel(second.status === 'fulfilled' ? second.value.order.id : '');
    } finally {
      withdrawal.release();
    }
  });
});

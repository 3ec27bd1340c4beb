// A customer whose order fills in full is notified, with what it bought or sold at what average price;
// a partial fill is not, and the house's orders never are.
import { afterEach, describe, expect, it } from 'vitest';
import { readNotification } from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import { topics, type RealtimeEvent } from '../realtime/index.ts';
import type { TestUser } from '../../testing/users.ts';
import {
  batchesWaiting,
  approvedCustomer,
  assertOrdersConsistent,
  placeOrder,
  setUpMarketsTestApp,
  until,
} from './testing/orders-fixtures.ts';

let t: TestApp;
setUpMarketsTestApp((app) => (t = app));
afterEach(async () => assertOrdersConsistent(t));

async function notificationsOf(user: TestUser) {
  const list = await t.app.services.notifications.list(user.userId, { page: 1, limit: 20 });
  return list.items.filter((item) => item.kind === 'order_filled');
}

/** The customer's order_filled notifications, `count` of them: stored with their batch, so no wait. */
async function filledNotifications(user: TestUser, count: number) {
  const items = await notificationsOf(user);
  expect(items).toHaveLength(count);
  return items;
}

describe('order filled notifications', () => {
  it('stores the notification with the trade, then pushes it to the customer', async () => {
    const seller = await approvedCustomer(t, { LTC: '1' });
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    const pushed: RealtimeEvent[] = [];
    const stop = t.app.services.events.subscribe(topics.user(buyer.userId), (event) => {
      if (event.channel === 'notifications') pushed.push(event);
    });
    await placeOrder(t, seller, { symbol: 'LTC/USDT', type: 'sell', price: '80', amount: '1' });
    // Inserts into notifications wait: a batch that stores them cannot commit meanwhile.
    const lock = await t.database.pool.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE notifications IN SHARE MODE');
    let answeredWhileLocked = false;
    const buying = placeOrder(t, buyer, { symbol: 'LTC/USDT', type: 'buy', price: '80', amount: '1' });
    void buying.then(() => (answeredWhileLocked = true));
    // The buy's batch is in the database, waiting for the lock to store the notification.
    await batchesWaiting(t, 1);
    const stillLocked = answeredWhileLocked;
    await lock.query('ROLLBACK');
    lock.release();
    expect(stillLocked).toBe(false);

    const buy = await buying;
    expect(buy.json().data.status).toBe('filled');
    // Committed with the trade: there when the order is answered, without waiting.
    const stored = await notificationsOf(buyer);
    expect(stored).toMatchObject([{ kind: 'order_filled', isRead: false, data: { orderId: buy.json().data.id } }]);
    await until(async () => pushed.length > 0, 'the notification pushed');
    expect(pushed).toEqual([{ channel: 'notifications', type: 'created', data: stored[0] }]);
    stop();
  });

  it('tells both sides of a full fill, and nobody of a partial one', async () => {
    const seller = await approvedCustomer(t, { LTC: '5' });
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    const sell = await placeOrder(t, seller, { symbol: 'LTC/USDT', type: 'sell', price: '80', amount: '3' });
    expect(sell.statusCode, sell.body).toBe(201);
    const buy = await placeOrder(t, buyer, { symbol: 'LTC/USDT', type: 'buy', price: '80', amount: '2' });
    expect(buy.json().data.status).toBe('filled');

    const [bought] = await filledNotifications(buyer, 1);
    expect(readNotification(bought!)).toEqual({
      kind: 'order_filled',
      params: {
        orderId: buy.json().data.id,
        symbol: 'LTC/USDT',
        side: 'buy',
        amount: '2',
        averagePrice: '80',
        total: '160',
      },
    });
    expect(bought!.message).toBe('Your buy order on LTC/USDT filled: you bought 2 LTC at an average price of 80 USDT.');
    // The seller's order filled 2 of 3 in that batch: once it fills in full, there is one notification.
    const rest = await placeOrder(t, buyer, { symbol: 'LTC/USDT', type: 'buy', price: '80', amount: '1' });
    expect(rest.json().data.status).toBe('filled');
    await filledNotifications(buyer, 2);
    const sold = await filledNotifications(seller, 1);
    expect(sold.map((item) => readNotification(item)?.params)).toMatchObject([
      { side: 'sell', amount: '3', total: '240' },
    ]);
  });

  it('tells each customer of its own order when one batch fills several', async () => {
    const [first, second] = [await approvedCustomer(t, { LTC: '1' }), await approvedCustomer(t, { LTC: '1' })];
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    const sells = [
      await placeOrder(t, first, { symbol: 'LTC/USDT', type: 'sell', price: '80', amount: '1' }),
      await placeOrder(t, second, { symbol: 'LTC/USDT', type: 'sell', price: '82', amount: '1' }),
    ];
    const buy = await placeOrder(t, buyer, { symbol: 'LTC/USDT', type: 'buy', price: '82', amount: '2' });
    expect(buy.json().data.status).toBe('filled');

    const told = await Promise.all([first, second, buyer].map((user) => filledNotifications(user, 1)));
    expect(told.map((items) => items.map((item) => readNotification(item)?.params))).toEqual([
      [
        {
          orderId: sells[0]!.json().data.id,
          symbol: 'LTC/USDT',
          side: 'sell',
          amount: '1',
          averagePrice: '80',
          total: '80',
        },
      ],
      [
        {
          orderId: sells[1]!.json().data.id,
          symbol: 'LTC/USDT',
          side: 'sell',
          amount: '1',
          averagePrice: '82',
          total: '82',
        },
      ],
      [{ orderId: buy.json().data.id, symbol: 'LTC/USDT', side: 'buy', amount: '2', averagePrice: '81', total: '162' }],
    ]);
  });

  it('does not notify the house for its own orders', async () => {
    const house = await approvedCustomer(t, { USDT: '1000' });
    const seller = await approvedCustomer(t, { LTC: '1' });
    await placeOrder(t, seller, { symbol: 'LTC/USDT', type: 'sell', price: '81', amount: '1' });
    const outcome = await t.app.services.markets.orders.service.placeForHouse({
      userId: house.userId,
      body: { symbol: 'LTC/USDT', type: 'buy', price: '81', amount: '1' },
    });
    expect(outcome.order.status).toBe('filled');
    // The seller's notification comes from the same batch as the house's would.
    expect(await filledNotifications(seller, 1)).toHaveLength(1);
    expect(await notificationsOf(house)).toEqual([]);
  });
});

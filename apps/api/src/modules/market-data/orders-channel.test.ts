// The customer's own `orders` channel over a real WebSocket, beside the public market streams: an
// order placed over HTTP, and each fill of it, reaches its owner's socket as `orders`/`updated` with
// the order as GET /order/{id} shows it, and never reaches another customer's socket.
// (The orders module publishes these events; the test lives here with the other stream tests.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderUpdatedEventSchema, type Order, type RealtimeMessage } from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  createMarketsTestApp,
  get,
  placeOrder,
} from '../orders/testing/orders-fixtures.ts';
import { openSocket } from './testing/ws-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp();
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

const orderIds = (messages: RealtimeMessage[]) =>
  messages.filter((message) => message.channel === 'orders').map((message) => (message.data as Order).id);

describe('the orders channel', () => {
  it('tells the owner, and only the owner, that an order was placed and then filled', async () => {
    const owner = await approvedCustomer(t, { ADX: '1000' });
    const taker = await approvedCustomer(t, { USDT: '100' });
    const bystander = await approvedCustomer(t);
    const ownerSocket = await openSocket(t, owner);
    const takerSocket = await openSocket(t, taker);
    const bystanderSocket = await openSocket(t, bystander);

    const placed = await placeOrder(t, owner, { symbol: 'ADX/USDT', side: 'sell', price: '0.25', amount: '100' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.id as string;
    const opened = orderUpdatedEventSchema.parse(
      await ownerSocket.waitFor('the order placed', (message) => message.channel === 'orders'),
    );
    expect(opened.data).toMatchObject({ id: orderId, status: 'open', filledAmount: '0', fills: [] });

    const take = await placeOrder(t, taker, { symbol: 'ADX/USDT', side: 'buy', orderType: 'market', amount: '40' });
    const takerOrderId = take.json().data.id as string;
    const filled = orderUpdatedEventSchema.parse(
      await ownerSocket.waitFor(
        'the fill',
        (message) => message.channel === 'orders' && (message.data as Order).status === 'partially_filled',
      ),
    );
    const stored = (await get(t, owner, `/order/${orderId}`)).json().data;
    expect(filled.data).toMatchObject({ id: orderId, filledAmount: '40', fee: stored.fee });
    expect(filled.data.fills).toEqual(stored.fills);
    await takerSocket.waitFor('the taker’s own order', (message) => message.channel === 'orders');

    await Promise.all([ownerSocket, takerSocket, bystanderSocket].map((socket) => socket.drain()));
    expect(new Set(orderIds(ownerSocket.received))).toEqual(new Set([orderId]));
    expect(new Set(orderIds(takerSocket.received))).toEqual(new Set([takerOrderId]));
    expect(orderIds(bystanderSocket.received)).toEqual([]);
    for (const socket of [ownerSocket, takerSocket, bystanderSocket]) socket.close();
    await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${orderId}`, headers: owner.headers });
  });
});

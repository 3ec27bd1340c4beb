// Price alerts on real PostgreSQL: an alert fires once, the first time the last price crosses it,
// with a notification (its params, for the bell's text in the reader's language), an `alerts`
// event on the owner's stream only, and an e-mail in the owner's language when AI price
// notifications are on (and no e-mail when they are off); the rules of POST /alert; listing and
// deleting one's own alerts. The active-alert limit under concurrency: alerts-limit.race.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RealtimeMessage } from '@rora/contracts';
import { schema } from '@rora/db';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  createMarketsTestApp,
  get,
  placeOrder,
} from '../orders/testing/orders-fixtures.ts';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createMarketsTestApp();
  seller = await approvedCustomer(t, { BNB: '100' });
  buyer = await approvedCustomer(t, { USDT: '100000' });
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

const createAlert = (user: TestUser, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/alert', headers: user.headers, payload: body });

/** A trade on BNB/USDT at `price`: the seller rests, the buyer lifts it. */
async function tradeAt(price: string) {
  await placeOrder(t, seller, { symbol: 'BNB/USDT', side: 'sell', price, amount: '0.1' });
  await placeOrder(t, buyer, { symbol: 'BNB/USDT', side: 'buy', orderType: 'market', amount: '0.1' });
  await t.app.services.markets.alerts.settled();
}

/** The bell's list; the notifications route may answer with or without the { data } envelope. */
async function bell(user: TestUser): Promise<Array<Record<string, unknown>>> {
  const body = (await get(t, user, '/notification')).json();
  return (body.data ?? body).items;
}

async function outbox(email: string) {
  return t.app.services.outbox.list({ to: email, limit: 10 });
}

/** A customer's WebSocket, collecting what the server pushes. */
async function stream(user: TestUser) {
  const received: RealtimeMessage[] = [];
  const socket = await t.app.injectWS(
    '/api/v1/ws',
    { headers: user.headers },
    { onInit: (ws) => ws.on('message', (data) => received.push(JSON.parse(data.toString()) as RealtimeMessage)) },
  );
  const arrived = async (predicate: (message: RealtimeMessage) => boolean) => {
    for (let tries = 0; tries < 100 && !received.some(predicate); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return received.filter(predicate);
  };
  await arrived((message) => message.type === 'ready');
  return { received, arrived, close: () => socket.terminate() };
}

const isAlertEvent = (message: RealtimeMessage) => message.channel === 'alerts';

describe('price alerts', () => {
  it('refuse an alert before the pair has a last price, and one on the wrong side of it', async () => {
    const customer = await approvedCustomer(t);
    const none = await createAlert(customer, { symbol: 'BNB/USDT', condition: 'above', price: '700' });
    expect([none.statusCode, none.json().error.code]).toEqual([409, 'market_has_no_last_price']);
    await tradeAt('600');
    const above = await createAlert(customer, { symbol: 'BNB/USDT', condition: 'above', price: '599.99' });
    expect(above.json().error.code).toBe('alert_price_must_be_above_last_price');
    const below = await createAlert(customer, { symbol: 'BNB/USDT', condition: 'below', price: '600' });
    expect(below.json().error.code).toBe('alert_price_must_be_below_last_price');
    const format = await createAlert(customer, { symbol: 'BNB/USDT', condition: 'below', price: '5.0000001' });
    expect(format.json().error.code).toBe('amount_has_too_many_decimals');
  });

  it('refuse a price off the tick or beyond the pair’s maximum with the order path’s codes, storing nothing', async () => {
    const customer = await approvedCustomer(t);
    await tradeAt('600');
    const refused = async (price: string) => {
      const response = await createAlert(customer, { symbol: 'BNB/USDT', condition: 'above', price });
      return [response.statusCode, response.json().error.code, response.json().data[0].field];
    };
    expect(await refused('700.005')).toEqual([400, 'price_must_be_multiple_of_tick', 'price']);
    expect(await refused('18446744073709551616')).toEqual([400, 'price_is_out_of_range', 'price']);
    expect(await refused('90071992547409.92')).toEqual([400, 'price_is_out_of_range', 'price']);
    const stored = await t.database.db
      .select()
      .from(schema.priceAlerts)
      .where(eq(schema.priceAlerts.userId, customer.userId));
    expect(stored).toEqual([]);
    const atMaximum = await createAlert(customer, {
      symbol: 'BNB/USDT',
      condition: 'above',
      price: '90071992547409.91',
    });
    expect(atMaximum.statusCode, atMaximum.body).toBe(201);
  });

  it.each([['sideways'], [''], [1], [null]])(
    'refuse the condition %j with the code that names the rule, on the field',
    async (condition) => {
      const customer = await approvedCustomer(t);
      const response = await createAlert(customer, { symbol: 'BNB/USDT', condition, price: '700' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'alert_condition_must_be_above_or_below' },
        data: [{ code: 'alert_condition_must_be_above_or_below', field: 'condition' }],
      });
    },
  );

  it('refuse a missing condition with the same code', async () => {
    const response = await createAlert(await approvedCustomer(t), { symbol: 'BNB/USDT', price: '700' });
    expect([response.statusCode, response.json().error.code]).toEqual([400, 'alert_condition_must_be_above_or_below']);
  });

  it('fire once when the last price first crosses them: bell, stream and e-mail', async () => {
    await tradeAt('600');
    const customer = await approvedCustomer(t);
    const bystander = await approvedCustomer(t);
    const [own, others] = [await stream(customer), await stream(bystander)];
    const alert = (await createAlert(customer, { symbol: 'BNB/USDT', condition: 'above', price: '610' })).json().data;
    expect(alert).toMatchObject({ symbol: 'BNB/USDT', condition: 'above', price: '610.00', status: 'active' });
    await tradeAt('605');
    expect((await get(t, customer, '/alert')).json().data.items[0].status).toBe('active');
    expect(own.received.filter(isAlertEvent)).toEqual([]);
    await tradeAt('612.5');
    const [fired] = (await get(t, customer, '/alert')).json().data.items;
    expect(fired).toMatchObject({ id: alert.id, status: 'triggered', triggeredPrice: '612.50' });
    expect(await own.arrived(isAlertEvent)).toEqual([{ channel: 'alerts', type: 'triggered', data: fired }]);
    expect(others.received.filter(isAlertEvent)).toEqual([]);
    expect(await bell(customer)).toEqual([
      expect.objectContaining({
        kind: 'price_alert',
        isRead: false,
        message: expect.stringContaining('BNB/USDT is above 610.00 USDT'),
        data: { alertId: alert.id, symbol: 'BNB/USDT', condition: 'above', price: '610.00', triggeredPrice: '612.50' },
      }),
    ]);
    const mails = await outbox(customer.email);
    expect(mails).toEqual([
      expect.objectContaining({ category: 'price_alert', status: 'sent', subject: 'Price alert: BNB/USDT' }),
    ]);
    expect(mails[0]!.text).toContain('the last price is 612.50 USDT, at or above your alert price of 610.00 USDT.');
    await tradeAt('620');
    expect(await bell(customer)).toHaveLength(1);
    expect(own.received.filter(isAlertEvent)).toHaveLength(1);
    own.close();
    others.close();
  });

  it('e-mail the owner in their own language, prices in its marks as the app shows them', async () => {
    await tradeAt('600');
    const customer = await approvedCustomer(t);
    const language = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/preferences/${customer.userId}`,
      headers: customer.headers,
      payload: { language: 'fr' },
    });
    expect(language.statusCode).toBe(200);
    await createAlert(customer, { symbol: 'BNB/USDT', condition: 'below', price: '595.5' });
    await tradeAt('590');
    const [mail] = await outbox(customer.email);
    expect(mail).toMatchObject({ category: 'price_alert', status: 'sent', subject: 'Alerte de prix\u00a0: BNB/USDT' });
    expect(mail!.text).toContain(
      'le dernier prix est de 590,00 USDT, inférieur ou égal à votre prix d’alerte de 595,50 USDT.',
    );
    expect((await bell(customer))[0]).toMatchObject({
      kind: 'price_alert',
      data: { symbol: 'BNB/USDT', condition: 'below', price: '595.50', triggeredPrice: '590.00' },
    });
  });

  it('send no e-mail when AI price notifications are off, but still ring the bell', async () => {
    const customer = await approvedCustomer(t);
    await t.database.db
      .update(schema.users)
      .set({ aiNotifications: false })
      .where(eq(schema.users.id, customer.userId));
    await tradeAt('600');
    await createAlert(customer, { symbol: 'BNB/USDT', condition: 'below', price: '590' });
    await tradeAt('585');
    expect(await bell(customer)).toHaveLength(1);
    expect((await outbox(customer.email)).map((mail) => mail.status)).toEqual(['suppressed']);
  });

  it('list and delete only one’s own alerts', async () => {
    await tradeAt('600');
    const owner = await approvedCustomer(t);
    const other = await approvedCustomer(t);
    const alert = (await createAlert(owner, { symbol: 'BNB/USDT', condition: 'above', price: '700' })).json().data;
    expect((await get(t, other, '/alert')).json().data.total).toBe(0);
    const stolen = await t.app.inject({ method: 'DELETE', url: `/api/v1/alert/${alert.id}`, headers: other.headers });
    expect([stolen.statusCode, stolen.json().error.code]).toEqual([404, 'resource_not_found']);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/alert/${alert.id}`, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect((await get(t, owner, '/alert')).json().data.total).toBe(0);
    expect((await get(t, null, '/alert')).statusCode).toBe(401);
  });
});

// A market's public trades survive a handover of its books (ADR 0073). Two API replicas on one
// database and an event bus (PostgreSQL LISTEN/NOTIFY, then NATS): the first writes the books, a customer's socket on the
// second follows the market's topic. The writer's last trade commits, but the writer dies before its
// 100 ms flush (its publisher stopped, then its lock session ended as in a kill -9). Once the second
// replica takes the books over, the socket receives that trade in a trades message, and every trade
// exactly once.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectDatabase, type Database } from '@rora/db';
import { buildApp, type App } from '../../app.ts';
import { loadTestConfig, type TestApp } from '../../testing/test-app.ts';
import {
  approvedCustomer,
  createMarketsTestApp,
  endWriterSession,
  listenAndAdvertise,
  until,
  writerPid,
} from '../orders/testing/orders-fixtures.ts';

let first: TestApp;
let secondDatabase: Database;
let second: App;

async function startReplicas(bus: 'postgres' | 'nats'): Promise<void> {
  first = await createMarketsTestApp({ env: { EVENT_BUS: bus } });
  await first.app.services.markets.start({ marketMaker: false, intervalMs: 1_000 });
  await listenAndAdvertise(first.app);
  secondDatabase = connectDatabase(first.database.url, { max: 6 });
  const config = loadTestConfig({ MARKET_MAKER: 'off', EVENT_BUS: bus });
  second = await buildApp({ config, database: secondDatabase, clock: first.clock });
  await second.services.markets.start({ marketMaker: false, intervalMs: 1_000 });
  await listenAndAdvertise(second);
}

async function stopReplicas(): Promise<void> {
  await second?.close();
  await secondDatabase?.close();
  await first?.close();
}

const placeOn = (app: App, headers: Record<string, string>, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: body,
  });

type Message = { type: string; data: { sequence?: number; trades?: Array<{ id: string; price: string }> } };

/** A customer's socket on `app`, subscribed to the market's topic, with every message it receives. */
async function follow(app: App, token: string, topic: string): Promise<{ messages: Message[]; close(): void }> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, ['bearer', token]);
  const messages: Message[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Message));
  await new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await until(async () => messages.some((message) => message.type === 'snapshot'), 'the snapshot');
  return { messages, close: () => socket.close() };
}

const tradesSent = (messages: Message[]) =>
  messages.filter((message) => message.type === 'trades').flatMap((message) => message.data.trades ?? []);

describe.each(['postgres', 'nats'] as const)('a takeover of the books over the %s bus', (bus) => {
  beforeAll(() => startReplicas(bus));
  afterAll(stopReplicas);

  it('sends the trades the old writer committed and did not send, each trade once', async () => {
    const seller = await approvedCustomer(first, { LTC: '5' });
    const buyer = await approvedCustomer(first, { USDT: '1000' });
    const sell = (price: string) => ({ symbol: 'LTC/USDT', side: 'sell', price, amount: '1' });
    const buy = (price: string) => ({ symbol: 'LTC/USDT', side: 'buy', price, amount: '1' });
    expect((await placeOn(first.app, seller.headers, sell('41'))).statusCode).toBe(201);
    const socket = await follow(second, buyer.token, 'market:LTC-USDT');

    // A trade the writer sends as usual.
    expect((await placeOn(first.app, buyer.headers, buy('41'))).json().data.status).toBe('filled');
    await until(async () => tradesSent(socket.messages).some((trade) => trade.price === '41'), 'the sent trade');

    // The writer's last trade commits; the writer dies before its trades go out.
    const events = first.app.services.events;
    const publish = events.publish;
    events.publish = (topic, event) => (topic.startsWith('market:') ? Promise.resolve() : publish(topic, event));
    try {
      expect((await placeOn(first.app, seller.headers, sell('42'))).statusCode).toBe(201);
      expect((await placeOn(first.app, buyer.headers, buy('42'))).json().data.status).toBe('filled');
      await new Promise((resolve) => setTimeout(resolve, 250));
      await new Promise((resolve) => {
        first.app.server.close(resolve);
        first.app.server.closeAllConnections();
      });
      await endWriterSession(first, (await writerPid(first))!);
    } finally {
      events.publish = publish;
    }
    expect(tradesSent(socket.messages).some((trade) => trade.price === '42')).toBe(false);

    // The second replica takes the books over a second later (its topic's sequence goes on from the
    // time: the test's clock stands still otherwise), and its topic sends the trade it never saw made.
    first.clock.advance(1_000);
    expect(await second.services.markets.orders.runners.claimWriter()).toBe(true);

    await until(async () => tradesSent(socket.messages).some((trade) => trade.price === '42'), 'the unsent trade');
    // And a trade of the new writer's own follows as usual.
    expect((await placeOn(second, seller.headers, sell('43'))).statusCode).toBe(201);
    expect((await placeOn(second, buyer.headers, buy('43'))).json().data.status).toBe('filled');
    await until(async () => tradesSent(socket.messages).some((trade) => trade.price === '43'), 'the next trade');
    socket.close();

    const stored = await first.database.pool.query<{ id: string }>(
      `SELECT id::text FROM order_fills WHERE pair = 'LTC/USDT' AND book = 'lit' ORDER BY seq`,
    );
    const sent = tradesSent(socket.messages).map((trade) => trade.id);
    expect(sent.toSorted()).toEqual(stored.rows.map((row) => row.id).toSorted());
  });
});

// Two API replicas on one database and the PostgreSQL event bus (ADR 0045): the first writes the
// books, the second forwards its customers' orders, cancels and estimates there, and serves the
// writer's public market data. When the writer's lock session ends (as in a kill -9 of its
// server, whose listener is closed too), the next order on the second replica makes it the writer,
// and the first, now without the lock, forwards to it. Every order is in the database once and the books equal it.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectDatabase, type Database } from '@rora/db';
import { buildApp, type App } from '../../app.ts';
import { loadTestConfig, type TestApp } from '../../testing/test-app.ts';
import { auditBook } from './book-audit.ts';
import {
  approvedCustomer,
  assertOrderRecords,
  balanceOf,
  createMarketsTestApp,
  endWriterSession,
  listenAndAdvertise,
  units,
  writerPid,
} from './testing/orders-fixtures.ts';

let first: TestApp;
let secondDatabase: Database;
let second: App;

beforeAll(async () => {
  first = await createMarketsTestApp({ env: { EVENT_BUS: 'postgres' } });
  await first.app.services.markets.start({ marketMaker: false, intervalMs: 1_000 });
  await listenAndAdvertise(first.app);
  secondDatabase = connectDatabase(first.database.url, { max: 6 });
  const config = loadTestConfig({ MARKET_MAKER: 'off', EVENT_BUS: 'postgres' });
  second = await buildApp({ config, database: secondDatabase, clock: first.clock });
  await second.services.markets.start({ marketMaker: false, intervalMs: 1_000 });
  await listenAndAdvertise(second);
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await first?.close();
});

const placeOn = (app: App, headers: Record<string, string>, body: object, key = randomUUID()) =>
  app.inject({ method: 'POST', url: '/api/v1/order', headers: { ...headers, 'idempotency-key': key }, payload: body });

async function waitFor(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 500) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function booksEqualDatabase(app: App): Promise<void> {
  for (const runner of app.services.markets.orders.runners.all()) {
    const audit = await auditBook(first.database.db, runner);
    expect(audit.differences, `${audit.symbol} book in memory vs database`).toEqual([]);
  }
}

describe('orders on a replica that does not write the books', () => {
  it('are forwarded to the writer, answered as if placed there, and replayed under their key', async () => {
    expect(first.app.services.markets.orders.runners.writesNow()).toBe(true);
    expect(second.services.markets.orders.runners.writesNow()).toBe(false);
    const buyer = await approvedCustomer(first, { USDT: '1000' });
    const key = randomUUID();
    const body = { symbol: 'LTC/USDT', side: 'buy', price: '40', amount: '2' };
    const placed = await placeOn(second, buyer.headers, body, key);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ symbol: 'LTC/USDT', status: 'open' });
    expect(await balanceOf(first, buyer, 'USDT')).toEqual({
      available: units('920', 'USDT'),
      held: units('80', 'USDT'),
    });
    // The retry, on either replica, replays the stored answer byte for byte.
    for (const app of [second, first.app])
      expect((await placeOn(app, buyer.headers, body, key)).body).toBe(placed.body);
    // The refusal of a rule comes back as the writer gave it.
    const short = await placeOn(second, buyer.headers, { ...body, amount: '100' });
    expect([short.statusCode, short.json().error.code]).toEqual([422, 'available_balance_must_cover_order']);
    await booksEqualDatabase(first.app);
  });

  it("cancels through the writer, and another customer's order is a 404", async () => {
    const owner = await approvedCustomer(first, { USDT: '100' });
    const stranger = await approvedCustomer(first);
    const placed = await placeOn(second, owner.headers, { symbol: 'LTC/USDT', side: 'buy', price: '30', amount: '1' });
    const id = placed.json().data.id as string;
    const foreign = await second.inject({ method: 'DELETE', url: `/api/v1/order/${id}`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    const cancelled = await second.inject({ method: 'DELETE', url: `/api/v1/order/${id}`, headers: owner.headers });
    expect([cancelled.statusCode, cancelled.json().data.status]).toEqual([200, 'cancelled']);
    expect(await balanceOf(first, owner, 'USDT')).toEqual({ available: units('100', 'USDT'), held: 0n });
    await booksEqualDatabase(first.app);
  });

  it('answers a cancel sent again after the writer did it as the cancelled order, and a fill as 409', async () => {
    const owner = await approvedCustomer(first, { USDT: '100', LTC: '1' });
    const place = (body: object) => placeOn(second, owner.headers, { symbol: 'LTC/USDT', ...body });
    const resting = (await place({ side: 'buy', price: '30', amount: '1' })).json().data.id as string;
    const forwarding = second.services.markets.orders.forwarding;
    const send = forwarding.send;
    // The writer cancels, its answer is lost, and the command goes to the writer again.
    forwarding.send = async (...args) => {
      await send(...args);
      return send(...args);
    };
    try {
      const cancelled = await second.inject({
        method: 'DELETE',
        url: `/api/v1/order/${resting}`,
        headers: owner.headers,
      });
      expect([cancelled.statusCode, cancelled.json().data.status]).toEqual([200, 'cancelled']);
      // An order that filled meanwhile is no cancel of the customer's: still refused.
      forwarding.send = send;
      const sold = (await place({ side: 'sell', price: '50', amount: '1' })).json().data.id as string;
      const buyer = await approvedCustomer(first, { USDT: '100' });
      forwarding.send = async (...args) => {
        await placeOn(first.app, buyer.headers, { symbol: 'LTC/USDT', side: 'buy', price: '50', amount: '1' });
        return send(...args);
      };
      const filled = await second.inject({ method: 'DELETE', url: `/api/v1/order/${sold}`, headers: owner.headers });
      expect([filled.statusCode, filled.json().error.code]).toEqual([409, 'order_must_be_open']);
    } finally {
      forwarding.send = send;
    }
    expect(await balanceOf(first, owner, 'LTC')).toEqual({ available: 0n, held: 0n });
    await booksEqualDatabase(first.app);
  });

  it("serves the writer's public market data, live, and its estimates", async () => {
    const seller = await approvedCustomer(first, { LTC: '5' });
    const buyer = await approvedCustomer(first, { USDT: '1000' });
    const { port } = second.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, ['bearer', buyer.token]);
    const events: Array<{ type: string; data: { trades?: Array<{ price: string }> } }> = [];
    socket.on('message', (raw: Buffer) => events.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ op: 'subscribe', topic: 'market:LTC-USDT' }));
    await waitFor(() => events.some((event) => event.type === 'snapshot'));
    await placeOn(first.app, seller.headers, { symbol: 'LTC/USDT', side: 'sell', price: '43.5', amount: '1' });
    await placeOn(second, buyer.headers, { symbol: 'LTC/USDT', side: 'buy', price: '43.5', amount: '1' });
    // The trade reaches the socket on the replica that did not make it.
    await waitFor(() => events.some((event) => event.data.trades?.[0]?.price === '43.5'));
    // And the trade's ticker and candles, which fall due on the clock's multiples: each moves the
    // topic's sequence, so the two reads below must not straddle one.
    const traded = events.findIndex((event) => event.data.trades?.[0]?.price === '43.5');
    await waitFor(() => ['ticker', 'candles'].every((type) => events.slice(traded).some((e) => e.type === type)));
    socket.close();
    for (const url of ['/api/v1/market/depth?symbol=LTC/USDT', '/api/v1/market/trades?symbol=LTC/USDT&limit=5']) {
      const [there, here] = await Promise.all([first.app.inject(url), second.inject(url)]);
      expect(here.json(), url).toEqual(there.json());
    }
    const rate = { symbol: 'LTC/USDT', side: 'buy', orderType: 'market', amount: '1' };
    const rates = await Promise.all(
      [first.app, second].map((app) =>
        app.inject({ method: 'POST', url: '/api/v1/order/rate', headers: buyer.headers, payload: rate }),
      ),
    );
    expect(rates[1]!.json()).toEqual(rates[0]!.json());
  });

  it('refuses a forwarded command without the writer token', async () => {
    const { port } = first.app.server.address() as AddressInfo;
    const forged = await fetch(`http://127.0.0.1:${port}/internal/v1/orders`, {
      method: 'POST',
      headers: { authorization: 'Writer guessed', 'content-type': 'application/json' },
      body: JSON.stringify({ op: 'cancel', userId: randomUUID(), orderId: randomUUID() }),
    });
    expect(forged.status).toBe(503);
  });

  it('audits a book (dev route) on its writer only: the replica that does not write says so', async () => {
    const seller = await approvedCustomer(first, { LTC: '1' });
    const sell = { symbol: 'LTC/USDT', side: 'sell', price: '60', amount: '1' };
    expect((await placeOn(second, seller.headers, sell)).statusCode).toBe(201);
    const url = '/api/v1/dev/markets/book?symbol=LTC/USDT';
    const onWriter = await first.app.inject(url);
    expect([onWriter.statusCode, onWriter.json().data.equal]).toEqual([200, true]);
    // Its own copy never saw the order it forwarded: comparing it would report a difference that is not there.
    const onReplica = await second.inject(url);
    expect([onReplica.statusCode, onReplica.json().error.code]).toEqual([503, 'market_is_unavailable']);
  });

  it('are taken over by the replica when the writer dies, and the old writer forwards to it', async () => {
    const seller = await approvedCustomer(first, { LTC: '5' });
    const buyer = await approvedCustomer(first, { USDT: '1000' });
    const resting = await placeOn(first.app, seller.headers, {
      symbol: 'LTC/USDT',
      side: 'sell',
      price: '45',
      amount: '3',
    });
    expect(resting.statusCode).toBe(201);
    // As a kill -9 of its server: no longer reachable, and its lock session ends.
    await new Promise((resolve) => {
      first.app.server.close(resolve);
      first.app.server.closeAllConnections();
    });
    await endWriterSession(first, (await writerPid(first))!);

    const taking = await placeOn(second, buyer.headers, { symbol: 'LTC/USDT', side: 'buy', price: '45', amount: '1' });
    expect([taking.statusCode, taking.json().data.status]).toEqual([201, 'filled']);
    expect(second.services.markets.orders.runners.writesNow()).toBe(true);
    // The old writer lost its lock: an order that reaches it now goes to the new writer.
    const viaOld = await placeOn(first.app, buyer.headers, {
      symbol: 'LTC/USDT',
      side: 'buy',
      price: '45',
      amount: '1',
    });
    expect([viaOld.statusCode, viaOld.json().data.status]).toEqual([201, 'filled']);
    expect(first.app.services.markets.orders.runners.writesNow()).toBe(false);
    expect(await balanceOf(first, seller, 'LTC')).toEqual({ available: units('2', 'LTC'), held: units('1', 'LTC') });
    await booksEqualDatabase(second);
    await assertOrderRecords(first.database.db);
    // The new writer reads the trades it did not see, and serves the old writer's market data.
    await second.services.markets.marketData.tick();
    const trades = (await second.inject('/api/v1/market/trades?symbol=LTC/USDT&limit=50')).json();
    expect(trades.data.items.filter((trade: { price: string }) => trade.price === '43.5')).toHaveLength(1);
    expect(trades.data.items.filter((trade: { price: string }) => trade.price === '45')).toHaveLength(2);
  });
});

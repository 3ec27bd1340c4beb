// The cluster test (issue 21, ADR 0045): two real API processes on one database and one event bus
// (NATS where it answers, else PostgreSQL), loopback only. Customers on different replicas trade and
// receive each other's fills over WebSockets. Then both replicas take a stream of crossing orders and
// the writer is killed with SIGKILL: the other replica takes the books over within seconds, every
// order answered 201 is in the database once with its fills, the ledger's invariants hold, and the
// surviving replica's books equal the database.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { natsAvailable, natsTestUrl } from '../../testing/nats.ts';
import { assertOrderRecords, units } from './testing/orders-fixtures.ts';
import { insertFundedCustomer, startServerChild, type ServerChild } from './testing/server-child.ts';

const bus = (await natsAvailable('cluster')) ? 'nats' : 'postgres';
const env = { EVENT_BUS: bus, NATS_URL: natsTestUrl.href };

interface Customer {
  userId: string;
  token: string;
}

async function customer(database: TestDatabase): Promise<Customer> {
  const deposits = [
    { asset: 'BTC' as const, amount: units('5', 'BTC') },
    { asset: 'USDT' as const, amount: units('500000', 'USDT') },
  ];
  return insertFundedCustomer(database, { emailPrefix: 'cluster', deposits });
}

function place(baseUrl: string, who: Customer, body: object) {
  return fetch(`${baseUrl}/api/v1/order`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who.token}`,
      'idempotency-key': randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

/** A customer's socket on a replica, keeping the orders events it receives. */
async function socketOf(baseUrl: string, who: Customer) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/v1/ws`, ['bearer', who.token]);
  const orders: Array<{ id: string; status: string }> = [];
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as { channel?: string; data?: { id: string; status: string } };
    if (message.channel === 'orders' && message.data) orders.push(message.data);
  });
  await new Promise((resolve) => socket.once('message', resolve));
  return { socket, orders };
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Acknowledged {
  id: string;
  fills: string[];
  at: number;
}

/** One client until `stop`: crossing limit orders around 60,000, every fourth resting away from it. */
async function client(
  baseUrl: string,
  who: Customer,
  side: 'buy' | 'sell',
  state: { stop: boolean; acknowledged: Acknowledged[] },
) {
  for (let index = 0; !state.stop; index += 1) {
    const away = index % 4 === 3 ? (side === 'buy' ? -5_000 : 5_000) : 0;
    const price = (60_000 + away + (side === 'buy' ? 5 : -5) * (index % 7)).toFixed(1);
    try {
      const response = await place(baseUrl, who, { symbol: 'BTC/USDT', side, price, amount: `0.00${1 + (index % 5)}` });
      if (response.status !== 201) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const { data } = (await response.json()) as { data: { id: string; fills: Array<{ id: string }> } };
      state.acknowledged.push({ id: data.id, fills: data.fills.map((fill) => fill.id), at: Date.now() });
    } catch {
      return; // its replica is gone
    }
  }
}

describe(`a cluster of two API processes (${bus} event bus)`, () => {
  let database: TestDatabase;
  let writer: ServerChild;
  let replica: ServerChild;
  beforeAll(async () => {
    database = await createTestDatabase();
    writer = await startServerChild({ databaseUrl: database.url, env });
    replica = await startServerChild({ databaseUrl: database.url, env });
  }, 120_000);
  afterAll(async () => {
    writer?.child.kill('SIGKILL');
    replica?.child.kill('SIGKILL');
    await database?.destroy();
  });

  it("lets customers on different replicas trade and hear of each other's fills", async () => {
    const [seller, buyer] = [await customer(database), await customer(database)];
    const sellerSocket = await socketOf(writer.baseUrl, seller);
    const buyerSocket = await socketOf(replica.baseUrl, buyer);
    const sell = await place(writer.baseUrl, seller, {
      symbol: 'BTC/USDT',
      side: 'sell',
      price: '61000',
      amount: '0.01',
    });
    const buy = await place(replica.baseUrl, buyer, {
      symbol: 'BTC/USDT',
      side: 'buy',
      price: '61000',
      amount: '0.01',
    });
    expect([sell.status, buy.status]).toEqual([201, 201]);
    const idOf = async (response: Response) => ((await response.json()) as { data: { id: string } }).data.id;
    const [sold, bought] = [await idOf(sell), await idOf(buy)];
    await until(() => sellerSocket.orders.some((o) => o.id === sold && o.status === 'filled'), 5_000, 'seller hears');
    await until(() => buyerSocket.orders.some((o) => o.id === bought && o.status === 'filled'), 5_000, 'buyer hears');
    sellerSocket.socket.close();
    buyerSocket.socket.close();
  });

  it(
    'survives a SIGKILL of the writer mid-stream: taken over, nothing lost or doubled',
    { timeout: 120_000 },
    async () => {
      const customers = await Promise.all(Array.from({ length: 6 }, () => customer(database)));
      const state = { stop: false, acknowledged: [] as Acknowledged[] };
      const clients = customers.map((who, index) =>
        client(index < 3 ? writer.baseUrl : replica.baseUrl, who, index % 2 ? 'sell' : 'buy', state),
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const killedAt = Date.now();
      writer.child.kill('SIGKILL');
      await until(() => state.acknowledged.some((order) => order.at > killedAt), 20_000, 'an order after the kill');
      const takeoverMs = Math.min(...state.acknowledged.filter((o) => o.at > killedAt).map((o) => o.at)) - killedAt;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      state.stop = true;
      await Promise.all(clients);
      console.log(
        `[cluster] ${state.acknowledged.length} orders acknowledged; first after the kill in ${takeoverMs} ms`,
      );

      const { rows } = await database.db.execute<{ id: string; fills: string[] }>(sql`
      SELECT o.id, coalesce(array_agg(f.id) FILTER (WHERE f.id IS NOT NULL), '{}') AS fills FROM orders o
        LEFT JOIN order_fills f ON f.taker_order_id = o.id OR f.maker_order_id = o.id GROUP BY o.id`);
      const stored = new Map(rows.map((row) => [row.id, new Set(row.fills)]));
      expect(new Set(state.acknowledged.map((order) => order.id)).size).toBe(state.acknowledged.length);
      for (const order of state.acknowledged) {
        expect(stored.has(order.id), `acknowledged order ${order.id} is stored`).toBe(true);
        for (const fill of order.fills) expect(stored.get(order.id)!.has(fill), `fill ${fill} is stored`).toBe(true);
      }
      await assertOrderRecords(database.db);
      const audit = await fetch(`${replica.baseUrl}/api/v1/dev/markets/book?symbol=BTC/USDT`);
      expect(((await audit.json()) as { data: unknown }).data).toMatchObject({ equal: true, differences: [] });
    },
  );
});

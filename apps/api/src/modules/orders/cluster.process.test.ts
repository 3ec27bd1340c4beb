// The cluster test (issue 21, ADR 0045, ADR 0046): three real API processes on one database and one
// event bus (NATS where it answers, else PostgreSQL), loopback only, with two market shards: BTC/USDT
// on shard 0, written by the first process, ETH/USDT on shard 1, written by the second; the third
// writes nothing at start and may take either over. Customers on different replicas trade on both
// shards and receive each other's fills over WebSockets. Then every replica takes a stream of
// crossing orders on both markets and shard 1's writer is killed with SIGKILL: the third replica
// takes shard 1 over within seconds while the first goes on writing shard 0, every order answered
// 201 is in the database once with its fills, the ledger's invariants hold, and each shard's books
// on its writer equal the database. Last, shard 0's writer hangs (SIGSTOP): its lease runs out, the
// spare takes shard 0 over and serves its orders, and once woken the old writer forwards to the spare.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { natsAvailable, natsTestUrl } from '../../testing/nats.ts';
import { assertOrderRecords, units } from './testing/orders-fixtures.ts';
import { insertFundedCustomer, startServerChild, type ServerChild } from './testing/server-child.ts';
import { WRITER_LEASE_MS } from './writer-lock.ts';

const bus = (await natsAvailable('cluster')) ? 'nats' : 'postgres';
const env = {
  EVENT_BUS: bus,
  NATS_URL: natsTestUrl.href,
  ORDER_SHARDS: '2',
  MARKET_SHARDS: 'BTC-USDT:0,ETH-USDT:1',
};
const SYMBOLS = ['BTC/USDT', 'ETH/USDT'] as const;
type Pair = (typeof SYMBOLS)[number];

interface Customer {
  userId: string;
  token: string;
}

async function customer(database: TestDatabase): Promise<Customer> {
  const deposits = [
    { asset: 'BTC' as const, amount: units('5', 'BTC') },
    { asset: 'ETH' as const, amount: units('100', 'ETH') },
    { asset: 'USDT' as const, amount: units('1000000', 'USDT') },
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
  symbol: Pair;
  fills: string[];
  /** When it was sent and when its answer came. */
  sentAt: number;
  at: number;
}

/** Around 60,000 for BTC and 3,000 for ETH: every fourth order rests away from the middle. */
function orderOf(symbol: Pair, side: 'buy' | 'sell', index: number) {
  const [middle, step, amount] =
    symbol === 'BTC/USDT' ? [60_000, 5, `0.00${1 + (index % 5)}`] : [3_000, 1, `0.0${1 + (index % 5)}`];
  const away = index % 4 === 3 ? (side === 'buy' ? -middle / 12 : middle / 12) : 0;
  const price = (middle + away + (side === 'buy' ? step : -step) * (index % 7)).toFixed(1);
  return { symbol, side, price, amount };
}

/** One client until `stop`: crossing limit orders on one market. */
async function client(
  baseUrl: string,
  who: Customer,
  order: { symbol: Pair; side: 'buy' | 'sell' },
  state: { stop: boolean; acknowledged: Acknowledged[] },
) {
  const { symbol, side } = order;
  for (let index = 0; !state.stop; index += 1) {
    try {
      const sentAt = Date.now();
      const response = await place(baseUrl, who, orderOf(symbol, side, index));
      if (response.status !== 201) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const { data } = (await response.json()) as { data: { id: string; fills: Array<{ id: string }> } };
      state.acknowledged.push({
        id: data.id,
        symbol,
        fills: data.fills.map((fill) => fill.id),
        sentAt,
        at: Date.now(),
      });
    } catch {
      return; // its replica is gone
    }
  }
}

/** Whether the book of `symbol` on the process at `baseUrl` equals the database (dev route). */
async function bookAudit(baseUrl: string, symbol: Pair): Promise<unknown> {
  const audit = await fetch(`${baseUrl}/api/v1/dev/markets/book?symbol=${symbol}`);
  return ((await audit.json()) as { data: unknown }).data;
}

/** Every acknowledged order is stored once, with the fills its answer named. */
async function assertAcknowledgedStored(database: TestDatabase, acknowledged: readonly Acknowledged[]) {
  const { rows } = await database.db.execute<{ id: string; fills: string[] }>(sql`
    SELECT o.id, coalesce(array_agg(f.id) FILTER (WHERE f.id IS NOT NULL), '{}') AS fills FROM orders o
      LEFT JOIN order_fills f ON f.taker_order_id = o.id OR f.maker_order_id = o.id GROUP BY o.id`);
  const stored = new Map(rows.map((row) => [row.id, new Set(row.fills)]));
  expect(new Set(acknowledged.map((order) => order.id)).size).toBe(acknowledged.length);
  for (const order of acknowledged) {
    expect(stored.has(order.id), `acknowledged order ${order.id} is stored`).toBe(true);
    for (const fill of order.fills) expect(stored.get(order.id)!.has(fill), `fill ${fill} is stored`).toBe(true);
  }
}

describe(`a cluster of three API processes and two market shards (${bus} event bus)`, () => {
  let database: TestDatabase;
  let shard0: ServerChild;
  let shard1: ServerChild;
  let spare: ServerChild;
  beforeAll(async () => {
    database = await createTestDatabase();
    // One after another, so each takes the shards it is meant to write at start.
    shard0 = await startServerChild({ databaseUrl: database.url, env: { ...env, SEQUENCER_SHARDS: '0' } });
    shard1 = await startServerChild({ databaseUrl: database.url, env: { ...env, SEQUENCER_SHARDS: '1' } });
    spare = await startServerChild({ databaseUrl: database.url, env: { ...env, SEQUENCER_SHARDS: 'all' } });
  }, 180_000);
  afterAll(async () => {
    for (const server of [shard0, shard1, spare]) server?.child.kill('SIGKILL');
    await database?.destroy();
  });

  it("lets customers on different replicas trade on both shards and hear of each other's fills", async () => {
    const [seller, buyer] = [await customer(database), await customer(database)];
    const sellerSocket = await socketOf(shard0.baseUrl, seller);
    const buyerSocket = await socketOf(spare.baseUrl, buyer);
    const idOf = async (response: Response) => {
      expect(response.status).toBe(201);
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    for (const [symbol, price] of [
      ['BTC/USDT', '61000'],
      ['ETH/USDT', '3100'],
    ] as const) {
      const sold = await idOf(await place(shard0.baseUrl, seller, { symbol, side: 'sell', price, amount: '0.01' }));
      const bought = await idOf(await place(spare.baseUrl, buyer, { symbol, side: 'buy', price, amount: '0.01' }));
      await until(() => sellerSocket.orders.some((o) => o.id === sold && o.status === 'filled'), 5_000, 'seller hears');
      await until(() => buyerSocket.orders.some((o) => o.id === bought && o.status === 'filled'), 5_000, 'buyer hears');
    }
    sellerSocket.socket.close();
    buyerSocket.socket.close();
  });

  it(
    "survives a SIGKILL of shard 1's writer mid-stream: taken over, shard 0 untouched, nothing lost or doubled",
    { timeout: 150_000 },
    async () => {
      const customers = await Promise.all(Array.from({ length: 12 }, () => customer(database)));
      const state = { stop: false, acknowledged: [] as Acknowledged[] };
      const servers = [shard0, shard1, spare];
      const clients = customers.map((who, index) =>
        client(
          servers[index % 3]!.baseUrl,
          who,
          { symbol: SYMBOLS[Math.floor(index / 3) % 2]!, side: Math.floor(index / 6) ? 'sell' : 'buy' },
          state,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const killedAt = Date.now();
      shard1.child.kill('SIGKILL');
      const after = (symbol: Pair) => state.acknowledged.filter((o) => o.symbol === symbol && o.sentAt > killedAt);
      await until(() => after('ETH/USDT').length > 0, 20_000, 'an ETH order after the kill');
      const takeoverMs = Math.min(...after('ETH/USDT').map((o) => o.at)) - killedAt;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      state.stop = true;
      await Promise.all(clients);
      const count = (symbol: Pair) => state.acknowledged.filter((o) => o.symbol === symbol).length;
      console.log(
        `[cluster] ${count('BTC/USDT')} BTC and ${count('ETH/USDT')} ETH orders acknowledged; ` +
          `shard 1 answered again ${takeoverMs} ms after the kill`,
      );
      expect(after('BTC/USDT').length).toBeGreaterThan(0);

      await assertAcknowledgedStored(database, state.acknowledged);
      await assertOrderRecords(database.db);
      // Shard 0 stayed with its writer; shard 1 went to the spare (the only process left that may write it).
      expect(await bookAudit(shard0.baseUrl, 'BTC/USDT')).toMatchObject({ equal: true, differences: [] });
      expect(await bookAudit(spare.baseUrl, 'ETH/USDT')).toMatchObject({ equal: true, differences: [] });
    },
  );

  it(
    "survives a hang of shard 0's writer: its lease runs out, the spare takes over, the woken writer forwards",
    { timeout: 150_000 },
    async () => {
      const customers = await Promise.all(Array.from({ length: 6 }, () => customer(database)));
      const state = { stop: false, acknowledged: [] as Acknowledged[] };
      // Every client on the spare: the hung process answers nobody.
      const clients = customers.map((who, index) =>
        client(
          spare.baseUrl,
          who,
          { symbol: index < 4 ? 'BTC/USDT' : 'ETH/USDT', side: index % 2 ? 'sell' : 'buy' },
          state,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const stoppedAt = Date.now();
      shard0.child.kill('SIGSTOP');
      const after = () => state.acknowledged.filter((o) => o.symbol === 'BTC/USDT' && o.sentAt > stoppedAt);
      await until(() => after().length > 0, 40_000, 'a BTC order after the hang');
      const takeoverMs = Math.min(...after().map((o) => o.at)) - stoppedAt;
      shard0.child.kill('SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Woken, it finds its lock gone: its orders go to the spare, which writes shard 0 now.
      const [woken] = customers;
      const response = await place(shard0.baseUrl, woken!, orderOf('BTC/USDT', 'buy', 3));
      expect(response.status).toBe(201);
      await response.body?.cancel();
      state.stop = true;
      await Promise.all(clients);
      console.log(
        `[cluster] shard 0 answered again ${takeoverMs} ms after its writer hung (lease ${WRITER_LEASE_MS} ms)`,
      );
      expect(takeoverMs).toBeLessThan(WRITER_LEASE_MS + 10_000);

      await assertAcknowledgedStored(database, state.acknowledged);
      await assertOrderRecords(database.db);
      expect(await bookAudit(spare.baseUrl, 'BTC/USDT')).toMatchObject({ equal: true, differences: [] });
    },
  );
});

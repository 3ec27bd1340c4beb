// Crash test (TESTING.md): the real server in a child process takes a stream of crossing orders from
// several clients over HTTP and is killed with SIGKILL mid-stream. Restarted on the same database,
// it rebuilds every book from the open orders: the book equals the database, every order answered
// 201 is there with its fills, no fill is lost or doubled, the ledger's invariants hold, and trading
// goes on.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { fundCustomer } from '@rora/ledger/testing';
import { assertOrderRecords, units } from './testing/orders-fixtures.ts';
import { insertSignedInCustomer, startServerChild, type ServerChild } from './testing/server-child.ts';

async function customer(database: TestDatabase, funds: { BTC: string; USDT: string }): Promise<string> {
  const { userId, token } = await insertSignedInCustomer(database.pool, 'crash');
  await fundCustomer(database.db, { owner: userId, asset: 'BTC', amount: units(funds.BTC, 'BTC') });
  await fundCustomer(database.db, { owner: userId, asset: 'USDT', amount: units(funds.USDT, 'USDT') });
  return token;
}

interface Audit {
  data: { equal: boolean; lit: number; dark: number; differences: string[] };
}

interface Acknowledged {
  id: string;
  fills: string[];
}

/**
 * One client until the server goes away: limit orders crossing around 60,000, and every fourth one
 * resting far from it, so the book holds orders whenever the server is killed.
 */
async function client(baseUrl: string, token: string, side: 'buy' | 'sell', acknowledged: Acknowledged[]) {
  for (let index = 0; ; index += 1) {
    const away = index % 4 === 3 ? (side === 'buy' ? -5_000 : 5_000) : 0;
    const price = (60_000 + away + (side === 'buy' ? 5 : -5) * (index % 7) + (index % 3) * 0.1).toFixed(1);
    const body = { symbol: 'BTC/USDT', side, price, amount: `0.00${1 + (index % 5)}` };
    try {
      const response = await fetch(`${baseUrl}/api/v1/order`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) continue;
      const { data } = (await response.json()) as { data: { id: string; fills: Array<{ id: string }> } };
      acknowledged.push({ id: data.id, fills: data.fills.map((fill) => fill.id) });
    } catch {
      return;
    }
  }
}

describe('killing the server mid-stream', () => {
  let database: TestDatabase;
  let server: ServerChild | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await database.destroy();
  });

  it('restarts with the book equal to the database and no fill lost or doubled', { timeout: 120_000 }, async () => {
    const tokens = await Promise.all(Array.from({ length: 6 }, () => customer(database, { BTC: '5', USDT: '500000' })));
    server = await startServerChild({ databaseUrl: database.url });
    // Two dark-pool orders resting far apart, so the dark book has something to rebuild too.
    for (const [token, side, price] of [
      [tokens[0]!, 'buy', '55000'],
      [tokens[1]!, 'sell', '70000'],
    ] as const) {
      const dark = await fetch(`${server.baseUrl}/api/v1/order`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ symbol: 'BTC/USDT', type: 'dark pool', side, price, amount: '2' }),
      });
      expect(dark.status, await dark.clone().text()).toBe(201);
    }
    const acknowledged: Acknowledged[] = [];
    const clients = tokens.map((token, index) =>
      client(server!.baseUrl, token, index % 2 ? 'sell' : 'buy', acknowledged),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    server.child.kill('SIGKILL');
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThan(20);

    server = await startServerChild({ databaseUrl: database.url });
    const audit = (await (await fetch(`${server.baseUrl}/api/v1/dev/markets/book?symbol=BTC/USDT`)).json()) as Audit;
    expect(audit.data).toMatchObject({ equal: true, differences: [], dark: 2 });
    expect(audit.data.lit).toBeGreaterThan(0);

    const { rows } = await database.db.execute<{ id: string; fills: string[] }>(sql`
      SELECT o.id, coalesce(array_agg(f.id) FILTER (WHERE f.id IS NOT NULL), '{}') AS fills FROM orders o
        LEFT JOIN order_fills f ON f.taker_order_id = o.id OR f.maker_order_id = o.id GROUP BY o.id`);
    const stored = new Map(rows.map((row) => [row.id, new Set(row.fills)]));
    for (const order of acknowledged) {
      expect(stored.has(order.id), `acknowledged order ${order.id} is stored`).toBe(true);
      for (const fill of order.fills) expect(stored.get(order.id)!.has(fill), `fill ${fill} is stored`).toBe(true);
    }
    await assertOrderRecords(database.db);

    // Trading goes on against the rebuilt book.
    const [buyer, seller] = [tokens[0]!, tokens[1]!];
    const place = (token: string, body: object) =>
      fetch(`${server!.baseUrl}/api/v1/order`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ data: { status: string } }>);
    await place(seller, { symbol: 'BTC/USDT', side: 'sell', price: '1000000', amount: '0.001' });
    const taken = await place(buyer, { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '0.001' });
    expect(taken.data.status).toBe('filled');
    const again = (await (await fetch(`${server.baseUrl}/api/v1/dev/markets/book?symbol=BTC/USDT`)).json()) as Audit;
    expect(again.data.equal).toBe(true);
    await assertOrderRecords(database.db);
  });
});

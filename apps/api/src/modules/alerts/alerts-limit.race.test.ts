// The active-alert limit (MAX_ACTIVE_ALERTS) under real concurrency (TESTING.md): creates released
// together over real HTTP on real PostgreSQL never leave a customer with more active alerts than
// the limit. Counting then inserting without a lock let racers that counted together all insert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_ACTIVE_ALERTS } from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { approvedCustomer, createMarketsTestApp, placeOrder } from '../orders/testing/orders-fixtures.ts';
import { jsonOf, race, type RaceRequest } from '../orders/testing/http-race.ts';

// POST /alert allows 30 creates a minute per customer: each customer's racers stay under it, and
// each customer already has alerts, so the limit is what refuses the rest.
const CUSTOMERS = 3;
const ALREADY_ACTIVE = 30;
const RACERS_PER_CUSTOMER = 28;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createMarketsTestApp();
  port = await t.listen();
  // BNB/USDT needs a last price before any alert can be set on it.
  const seller = await approvedCustomer(t, { BNB: '10' });
  const buyer = await approvedCustomer(t, { USDT: '10000' });
  await placeOrder(t, seller, { symbol: 'BNB/USDT', side: 'sell', price: '600', amount: '0.1' });
  await placeOrder(t, buyer, { symbol: 'BNB/USDT', side: 'buy', orderType: 'market', amount: '0.1' });
});
afterAll(async () => t.close());

async function activeAlerts(user: TestUser): Promise<number> {
  const { rows } = await t.database.db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM price_alerts WHERE user_id = ${user.userId}::uuid AND status = 'active'`,
  );
  return rows[0]!.count;
}

async function customerWithActiveAlerts(count: number): Promise<TestUser> {
  const customer = await approvedCustomer(t);
  await t.database.db.execute(sql`
    INSERT INTO price_alerts (id, user_id, pair, condition, price, reference_price, status, created_at)
    SELECT gen_random_uuid(), ${customer.userId}::uuid, 'BNB/USDT', 'above', 70000 + n, 60000, 'active', now()
      FROM generate_series(1, ${count}) AS n`);
  return customer;
}

/** Opens the pool's connections first, as a running server has them, so no racer waits on a connect. */
async function warmPool(connections: number): Promise<void> {
  await Promise.all(Array.from({ length: connections }, () => t.database.db.execute(sql`SELECT pg_sleep(0.02)`)));
}

const createRequest = (customer: TestUser, index: number): RaceRequest => ({
  method: 'POST',
  path: '/api/v1/alert',
  headers: customer.headers,
  body: { symbol: 'BNB/USDT', condition: 'above', price: String(800 + index) },
});

describe('the active-alert limit', () => {
  it('holds when creates arrive together: never more than the limit active', async () => {
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, () => customerWithActiveAlerts(ALREADY_ACTIVE)),
    );
    await warmPool(50);
    const requests = customers.flatMap((customer) =>
      Array.from({ length: RACERS_PER_CUSTOMER }, (_, index) => createRequest(customer, index)),
    );
    const responses = await race(port, requests);

    const room = MAX_ACTIVE_ALERTS - ALREADY_ACTIVE;
    for (const [which, customer] of customers.entries()) {
      const own = responses.slice(which * RACERS_PER_CUSTOMER, (which + 1) * RACERS_PER_CUSTOMER);
      // Every answer with its code, so a failure shows what came back instead of the 409s.
      const answers = own.map((response) => `${response.status} ${jsonOf(response).error?.code ?? ''}`.trim()).sort();
      expect(answers).toEqual([
        ...Array<string>(room).fill('201'),
        ...Array<string>(RACERS_PER_CUSTOMER - room).fill('409 alert_limit_reached'),
      ]);
      expect(await activeAlerts(customer)).toBe(MAX_ACTIVE_ALERTS);
    }
  });

  it('counts only the customer’s own active alerts: another customer still has room', async () => {
    const other = await approvedCustomer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/alert',
      headers: other.headers,
      payload: { symbol: 'BNB/USDT', condition: 'below', price: '500' },
    });
    expect(response.statusCode).toBe(201);
    expect(await activeAlerts(other)).toBe(1);
  });
});

// POST /order's Idempotency-Key commits with the order (ADR 0013): on real PostgreSQL, a retry gets
// the stored answer byte for byte, twins released together take effect once, a refused order stores
// no key, a twin stored by another server while a batch commits loses only that request, and two
// twins that reach one batch cost neither the batch nor the key's one effect.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundCustomer } from '@rora/ledger/testing';
import type { TestApp } from '../../testing/test-app.ts';
import { orderedId } from '../../lib/ordered-id.ts';
import { toOrderIntent } from './order-request.ts';
import { jsonOf, race } from './testing/http-race.ts';
import {
  approvedCustomer,
  assertOrdersConsistent,
  balanceOf,
  batchesWaiting,
  createMarketsTestApp,
  get,
  orderCount,
  placeOrder,
  units,
} from './testing/orders-fixtures.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createMarketsTestApp();
  port = await t.listen();
});
afterEach(async () => assertOrdersConsistent(t));
afterAll(async () => t.close());

const ordersOf = (userId: string) => orderCount(t, userId);

async function storedKey(userId: string, key: string) {
  const { rows } = await t.database.pool.query<{ status: number; body: string }>(
    `SELECT response_status AS status, convert_from(response_body, 'UTF8') AS body FROM idempotency_keys
      WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
  return rows[0] ?? null;
}

describe('POST /order with an Idempotency-Key', () => {
  it('stores the answer with the order and replays it byte for byte; another body under the key is 422', async () => {
    const user = await approvedCustomer(t, { USDT: '1000' });
    const body = { symbol: 'LTC/USDT', side: 'buy', price: '40', amount: '2' };
    const first = await placeOrder(t, user, body, 'key-with-order');
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await storedKey(user.userId, 'key-with-order')).toEqual({ status: 201, body: first.body });

    const replay = await placeOrder(t, user, body, 'key-with-order');
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.body]).toEqual([201, 'true', first.body]);
    const other = await placeOrder(t, user, { ...body, amount: '3' }, 'key-with-order');
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'idempotency_key_reused_with_different_body']);
    expect(await ordersOf(user.userId)).toBe(1);
    expect(await balanceOf(t, user, 'USDT')).toEqual({ available: units('920', 'USDT'), held: units('80', 'USDT') });
  });

  it('takes effect once when 20 requests with one key arrive together: the others wait (409) or replay', async () => {
    const user = await approvedCustomer(t, { USDT: '1000' });
    const key = randomUUID();
    const request = {
      method: 'POST',
      path: '/api/v1/order',
      headers: { authorization: user.headers.authorization, 'idempotency-key': key },
      body: { symbol: 'LTC/USDT', side: 'buy', price: '41', amount: '1' },
    };
    const responses = await race(
      port,
      Array.from({ length: 20 }, () => request),
    );
    const placed = responses.filter((response) => response.status === 201);
    const waiting = responses.filter((response) => response.status === 409);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(placed.length + waiting.length).toBe(20);
    expect(new Set(placed.map((response) => jsonOf(response).data!.id)).size).toBe(1);
    expect(waiting.every((response) => jsonOf(response).error?.code === 'idempotency_request_in_progress')).toBe(true);
    // Each says when to come back: the first runs on this process and answers within moments.
    expect(new Set(waiting.map((response) => response.headers['retry-after']))).toEqual(new Set(['1']));
    expect(await ordersOf(user.userId)).toBe(1);
    expect(await balanceOf(t, user, 'USDT')).toEqual({ available: units('959', 'USDT'), held: units('41', 'USDT') });
  });

  it('stores no key for an order the balance refused, so the same key places it once funds arrive', async () => {
    const user = await approvedCustomer(t, { USDT: '10' });
    const body = { symbol: 'LTC/USDT', side: 'buy', price: '40', amount: '1' };
    const refused = await placeOrder(t, user, body, 'after-deposit');
    expect([refused.statusCode, refused.json().error.code]).toEqual([422, 'available_balance_must_cover_order']);
    expect(await storedKey(user.userId, 'after-deposit')).toBeNull();

    await fundCustomer(t.database.db, { owner: user.userId, asset: 'USDT', amount: units('100', 'USDT') });
    const placed = await placeOrder(t, user, body, 'after-deposit');
    expect(placed.statusCode).toBe(201);
    expect((await storedKey(user.userId, 'after-deposit'))?.body).toBe(placed.body);
    expect((await get(t, user, '/order')).json().data.total).toBe(1);
  });
});

describe('a twin request stored by another server while the batch commits', () => {
  it('tells that request its twin is in progress and commits the rest of the batch', async () => {
    const twin = await approvedCustomer(t, { USDT: '100' });
    const other = await approvedCustomer(t, { USDT: '100' });
    const body = { symbol: 'LTC/USDT', side: 'buy', price: '30', amount: '1' };
    // Holds the next batch's own advisory lock (sql/orders_commit_batch.sql), so the batch is read and matched, then
    // waits at its first statement, before it writes anything (the twin's key included: no lock cycle
    // with the insert below).
    const blocker = await t.database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(
        'SELECT pg_advisory_xact_lock(7262, ((SELECT last_batch + 1 FROM order_chain WHERE shard = 0) % 2147483647)::int)',
      );
      const placing = Promise.all([placeOrder(t, twin, body, 'twin-key'), placeOrder(t, other, body, 'other-key')]);
      await batchesWaiting(t);
      // Meanwhile "another server" commits the same key with its own answer.
      await blocker.query(
        `INSERT INTO idempotency_keys (user_id, idempotency_key, request_method, request_path, request_hash,
           response_status, response_content_type, response_body, completed_at)
         VALUES ($1, 'twin-key', 'POST', '/api/v1/order', sha256('elsewhere'), 201, 'application/json', '{}', now())`,
        [twin.userId],
      );
      await blocker.query('COMMIT');
      const [twinAnswer, otherAnswer] = await placing;
      expect([twinAnswer.statusCode, twinAnswer.json().error.code, twinAnswer.headers['retry-after']]).toEqual([
        409,
        'idempotency_request_in_progress',
        '1',
      ]);
      expect(otherAnswer.statusCode).toBe(201);
      expect(await ordersOf(twin.userId)).toBe(0);
      expect(await balanceOf(t, twin, 'USDT')).toEqual({ available: units('100', 'USDT'), held: 0n });
      expect(await balanceOf(t, other, 'USDT')).toEqual({ available: units('70', 'USDT'), held: units('30', 'USDT') });
    } finally {
      blocker.release(true);
    }
  });
});

describe('two twins that reach one batch', () => {
  it('runs the first, tells the second its twin is in progress, and commits the rest of the batch', async () => {
    const twin = await approvedCustomer(t, { USDT: '100' });
    const other = await approvedCustomer(t, { USDT: '100' });
    const body = { symbol: 'LTC/USDT', side: 'buy', price: '30', amount: '1' };
    // As two replicas forward them to the writer (a retry sent to another replica while the first
    // request still waits): the HTTP route's own twin guard is per process.
    const request = { userId: twin.userId, key: 'twin-in-batch', method: 'POST', path: '/api/v1/order' };
    const intent = toOrderIntent(body as never);
    const runner = t.app.services.markets.orders.runners.runner(intent.market);
    const forwarded = () =>
      runner.place({
        orderId: orderedId(),
        userId: twin.userId,
        intent,
        idempotency: { ...request, requestHash: Buffer.alloc(32, 7) },
      });
    // A batch held at its first statement (as above); the commands that arrive meanwhile wait and
    // then go into the next batch together.
    const blocker = await t.database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(
        'SELECT pg_advisory_xact_lock(7262, ((SELECT last_batch + 1 FROM order_chain WHERE shard = 0) % 2147483647)::int)',
      );
      const held = placeOrder(t, other, body, 'held-key');
      await batchesWaiting(t);
      const together = Promise.allSettled([forwarded(), forwarded(), placeOrder(t, other, body, 'beside-key')]);
      await blocker.query('COMMIT');
      expect((await held).statusCode).toBe(201);
      const [first, second, beside] = await together;
      expect(first.status).toBe('fulfilled');
      expect(second).toMatchObject({ status: 'rejected', reason: { code: 'idempotency_request_in_progress' } });
      expect(beside.status === 'fulfilled' && beside.value.statusCode).toBe(201);
      expect(await ordersOf(twin.userId)).toBe(1);
      expect(await balanceOf(t, twin, 'USDT')).toEqual({ available: units('70', 'USDT'), held: units('30', 'USDT') });
      expect(await balanceOf(t, other, 'USDT')).toEqual({ available: units('40', 'USDT'), held: units('60', 'USDT') });
      expect((await storedKey(twin.userId, 'twin-in-batch'))?.status).toBe(201);
    } finally {
      blocker.release(true);
    }
  });
});

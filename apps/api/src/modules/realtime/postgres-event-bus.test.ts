import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { createInProcessEventBus, type EventBus, type RealtimeEvent } from './event-bus.ts';
import { createPostgresEventBus } from './postgres-event-bus.ts';

// Two buses on two pools stand for two processes (an API and a standalone worker).
let test: TestDatabase;
let other: Database;
let api: EventBus & { ready: Promise<void> };
let worker: EventBus & { ready: Promise<void> };
const warnings: string[] = [];
const log = { warn: (fields: object, message: string) => void warnings.push(message + JSON.stringify(fields)) };

beforeAll(async () => {
  test = await createTestDatabase();
  other = connectDatabase(test.url, { max: 2 });
  api = createPostgresEventBus({ pool: test.pool, local: createInProcessEventBus(), log });
  worker = createPostgresEventBus({ pool: other.pool, local: createInProcessEventBus(), log });
  await Promise.all([api.ready, worker.ready]);
});
afterAll(async () => {
  await Promise.all([api.close(), worker.close()]);
  await other.close();
  await test.destroy();
});

/** Collects what a topic's subscriber receives on `bus`. */
function listen(bus: EventBus, topic: string) {
  const received: RealtimeEvent[] = [];
  const stop = bus.subscribe(topic, (event) => received.push(event));
  return { received, stop };
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out ${warnings.join()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const event = (n: number, data: unknown = { n }): RealtimeEvent => ({ channel: 'swaps', type: 'updated', data });

describe('the PostgreSQL event bus', () => {
  it("delivers a customer's event from one process to another, and once to its own subscribers", async () => {
    const remote = listen(api, 'user:a');
    const own = listen(worker, 'user:a');
    await worker.publish('user:a', event(1));
    expect(own.received).toEqual([event(1)]);
    await until(() => remote.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(remote.received).toEqual([event(1)]);
    expect(own.received).toEqual([event(1)]);
    remote.stop();
    own.stop();
  });

  it('keeps the order of many events, sent in as few notifications as fit', async () => {
    const remote = listen(api, 'user:b');
    const sent = Array.from({ length: 300 }, (_, n) => event(n, { n, text: 'x'.repeat(100) }));
    for (const next of sent) void worker.publish('user:b', next);
    await until(() => remote.received.length === sent.length);
    expect(remote.received).toEqual(sent);
    remote.stop();
  });

  it("carries an event larger than NOTIFY's 8000 bytes by reference, whole", async () => {
    const remote = listen(api, 'user:c');
    const large = event(1, { fills: Array.from({ length: 400 }, (_, n) => ({ id: n, price: '61000.50' })) });
    expect(JSON.stringify(large).length).toBeGreaterThan(8_000);
    await worker.publish('user:c', event(0));
    await worker.publish('user:c', large);
    await worker.publish('user:c', event(2));
    await until(() => remote.received.length === 3);
    expect(remote.received).toEqual([event(0), large, event(2)]);
    const { rows } = await test.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM event_payloads');
    expect(rows[0]!.count).toBe(1);
    remote.stop();
  });

  it('keeps topics that are not shared (market data, internal events) in their process', async () => {
    const remote = listen(api, 'market:BTC-USDT');
    const own = listen(worker, 'market:BTC-USDT');
    const marker = listen(api, 'user:d');
    await worker.publish('market:BTC-USDT', event(1));
    // Sent after the market event: once it has arrived, the market event would have too.
    await worker.publish('user:d', event(2));
    await until(() => marker.received.length === 1);
    expect(remote.received).toEqual([]);
    expect(own.received).toEqual([event(1)]);
    expect(worker.wants('user:nobody')).toBe(true);
    expect(worker.wants('market:ETH-USDT')).toBe(false);
    remote.stop();
    own.stop();
    marker.stop();
  });

  it('listens again after its session is ended', async () => {
    const { rows } = await test.pool.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN rora_events'`,
    );
    expect(rows.length).toBe(2);
    const remote = listen(api, 'user:e');
    // Events sent while a listener is away are lost; keep sending until it is back.
    await until(() => {
      void worker.publish('user:e', event(remote.received.length));
      return remote.received.length > 0;
    }, 10_000);
    expect(remote.received[0]).toMatchObject({ channel: 'swaps', type: 'updated' });
    remote.stop();
  });
});

import { createServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { connectDatabase, type Database } from '@rora/db';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { HEALTH_CHECK_TIMEOUT_MS, createHealthService } from './health.service.ts';
import { startFreezableProxy, type FreezableProxy } from './testing/freezable-proxy.ts';

/** Waits (up to 2 s) for `condition`, then asserts it. */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition() && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(condition()).toBe(true);
}

describe('GET /api/v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 200 with the database state and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { state: 'up' } });
    expect(response.json().chains).toContainEqual(
      expect.objectContaining({ chain: 'btc', source: 'devnet', state: 'ok', reason: null }),
    );
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers health checks that arrive together with one database check', async () => {
    let checkouts = 0;
    const count = () => (checkouts += 1);
    t.database.pool.on('acquire', count);
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/api/v1/health' })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    } finally {
      t.database.pool.off('acquire', count);
    }
    expect(checkouts).toBeLessThanOrEqual(2);
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = await createTestApp();
    await broken.database.pool.end();
    const response = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { state: 'down' } });
    await broken.app.close();
  });

  it('reports the database down within its time when the server stops answering, opening a connection included', async () => {
    // A server that takes connections and never answers, as a paused PostgreSQL does.
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = connectDatabase(`postgres://postgres@127.0.0.1:${port}/rora`);
    try {
      const started = Date.now();
      // The wait for a busy pool's connection stays the default 10 s: opening one counts as answering.
      const state = await createHealthService(database, { answerMs: 300 }).database();
      expect(state.state).toBe('down');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of held) socket.destroy();
      await database.close().catch(() => undefined);
      silent.close();
    }
  });

  it('reports the database up while a busy pool lends every connection, on a connection of its own', async () => {
    const proxy = await startFreezableProxy(t.database.pool.options.connectionString!);
    const database = connectDatabase(proxy.url, { max: 1 });
    const busy = await database.pool.connect();
    try {
      const state = await createHealthService(database, { answerMs: 1_000 }).database();
      expect(state.state).toBe('up');
      expect(state.latencyMs).toBeLessThan(1_000);
      expect(database.pool.totalCount).toBe(1);
      await until(() => proxy.open() === 1);
    } finally {
      busy.release();
      await database.close();
      await proxy.close();
    }
  });

  describe('on a frozen database whose statements hold every pooled connection', () => {
    let proxy: FreezableProxy;
    let database: Database;
    let held: pg.PoolClient[];
    beforeEach(async () => {
      proxy = await startFreezableProxy(t.database.pool.options.connectionString!);
      database = connectDatabase(proxy.url, { max: 2 });
      held = await Promise.all([database.pool.connect(), database.pool.connect()]);
      // Their answers never come: the proxy freezes while the server sleeps on them.
      for (const client of held) void client.query('SELECT pg_sleep(2)').catch(() => undefined);
      proxy.freeze();
    });
    afterEach(async () => {
      await proxy.close();
      for (const client of held) client.release(true);
      await database.close().catch(() => undefined);
    });

    it('reports it down within its 2 s, not after the pool’s 10 s wait for a connection', async () => {
      const started = performance.now();
      const state = await createHealthService(database).database();
      expect(state.state).toBe('down');
      expect(performance.now() - started).toBeGreaterThanOrEqual(HEALTH_CHECK_TIMEOUT_MS - 50);
      expect(performance.now() - started).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 1_000);
    }, 15_000);

    it('opens one connection of its own for checks that arrive together, and closes it', async () => {
      const health = createHealthService(database, { answerMs: 300 });
      const before = proxy.accepted();
      const states = await Promise.all(Array.from({ length: 50 }, () => health.database()));
      expect(states.map((state) => state.state)).toEqual(Array(50).fill('down'));
      expect(proxy.accepted() - before).toBe(1);
      await until(() => proxy.open() === 2);
      // One after another, each check's connection is gone before the next opens one.
      for (let round = 0; round < 3; round += 1) expect((await health.database()).state).toBe('down');
      expect(proxy.accepted() - before).toBe(4);
      await until(() => proxy.open() === 2);
    }, 15_000);
  });

  it('answers an unknown route with the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'route_not_found' }, data: [{ code: 'route_not_found' }] });
  });
});

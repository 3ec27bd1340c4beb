import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@rora/db';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createHealthService } from './health.service.ts';

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

  it('waits for a connection of a busy pool, and reports the database up', async () => {
    const database = connectDatabase(t.database.pool.options.connectionString!, { max: 1 });
    const busy = await database.pool.connect();
    try {
      setTimeout(() => busy.release(), 500);
      const state = await createHealthService(database, { answerMs: 300 }).database();
      expect(state.state).toBe('up');
      expect(state.latencyMs).toBeGreaterThanOrEqual(400);
    } finally {
      await database.close();
    }
  });

  it('answers an unknown route with the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'route_not_found' }, data: [{ code: 'route_not_found' }] });
  });
});

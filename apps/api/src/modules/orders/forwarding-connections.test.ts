// A replica forwards over a bounded set of connections to the writer (order-forwarding.ts
// WRITER_CONNECTIONS): a backlog of calls waits for a kept-alive connection instead of opening one
// per call, which past 256 would meet the writer's cap on connections per address (ADR 0065).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { createOrderForwarding, WRITER_CONNECTIONS } from './order-forwarding.ts';
import { writerLockKey } from './writer-lock.ts';
import { createMarketsTestApp, SILENT_LOG } from './testing/orders-fixtures.ts';

/** A shard no sequencer of the test app writes: the test's own session holds its lock. */
const SHARD = 9;
const CALLS = 300;

let t: TestApp;
let lockSession: pg.Client;
let writer: http.Server;
let open = 0;
let mostOpen = 0;

beforeAll(async () => {
  t = await createMarketsTestApp();
  // A stand-in writer that answers each call after 50 ms and counts its open connections.
  writer = http.createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      setTimeout(() => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ result: 'answered' }));
      }, 50),
    );
  });
  writer.on('connection', (socket) => {
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    socket.on('close', () => (open -= 1));
  });
  await new Promise<void>((resolve) => writer.listen(0, '127.0.0.1', resolve));
  const { port } = writer.address() as AddressInfo;
  lockSession = new pg.Client({ connectionString: t.database.url });
  await lockSession.connect();
  const { rows } = await lockSession.query<{ pid: number }>(
    'SELECT pg_advisory_lock($1, $2), pg_backend_pid() AS pid',
    [...writerLockKey(SHARD)],
  );
  await t.database.pool.query(
    `INSERT INTO order_writer (shard, pid, url, token, since) VALUES ($1, $2, $3, $4, now())`,
    [SHARD, rows[0]!.pid, `http://127.0.0.1:${port}`, 'stand-in-token-'.padEnd(43, 'x')],
  );
});
afterAll(async () => {
  await lockSession?.end();
  writer?.closeAllConnections();
  await new Promise((resolve) => writer?.close(resolve));
  await t?.close();
});

it('sends a backlog of calls to the writer over a bounded set of connections', async () => {
  const forwarding = createOrderForwarding({ db: t.database.db, log: SILENT_LOG });
  const answers = await Promise.all(
    Array.from({ length: CALLS }, () => forwarding.send({ op: 'rate', body: {} }, SHARD, async () => false)),
  );
  expect(new Set(answers)).toEqual(new Set(['answered']));
  expect(mostOpen).toBeGreaterThan(1);
  expect(mostOpen).toBeLessThanOrEqual(WRITER_CONNECTIONS);
});

// Slow clients cannot hold sockets (plugins/connection-limits.ts, deadlines shortened here): a
// client that sends its headers a line at a time, or nothing at all, is closed once the header
// deadline passes (plus Node's check interval), even when it ignores the server's FIN; and no more
// than the cap of connections is kept open, so one source cannot take every file handle.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const HEADERS_TIMEOUT_MS = 1_000;
const MAX_CONNECTIONS = 5;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    // Under the setting's own floor (MAX_CONNECTIONS is 10 or more), so set here, not through it.
    connectionLimits: { headersTimeoutMs: HEADERS_TIMEOUT_MS, maxConnections: MAX_CONNECTIONS },
  });
  port = await t.listen();
});
afterAll(() => t?.close());

/** A client that keeps its side open after the server's FIN, as an attacker would. */
async function openClient(): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => text };
}

const serverConnections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** How long until the server holds `count` connections or fewer (-1: not within 5 s). */
async function msUntilServerHolds(count: number, started: number): Promise<number> {
  while (Date.now() - started < 5_000) {
    if ((await serverConnections()) <= count) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return -1;
}

it('closes a client that sends its headers a line at a time, FIN ignored, by the deadline', async () => {
  const started = Date.now();
  const client = await openClient();
  client.socket.write(`GET /api/v1/health HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`);
  const drip = setInterval(() => client.socket.write('x-slow: 1\r\n'), 200);
  const heldMs = await msUntilServerHolds(0, started);
  clearInterval(drip);
  client.socket.destroy();
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  expect(heldMs).toBeGreaterThan(0);
  expect(heldMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1_000);
});

it('closes a connection that sends nothing by the header deadline', async () => {
  const started = Date.now();
  const client = await openClient();
  const heldMs = await msUntilServerHolds(0, started);
  client.socket.destroy();
  expect(heldMs).toBeGreaterThan(0);
  expect(heldMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1_000);
});

it('keeps no more connections open than the cap, and serves again once they close', async () => {
  const clients = await Promise.all(Array.from({ length: MAX_CONNECTIONS + 3 }, () => openClient()));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await serverConnections()).toBe(MAX_CONNECTIONS);
  for (const client of clients) client.socket.destroy();
  expect(await msUntilServerHolds(0, Date.now())).toBeGreaterThanOrEqual(0);
  const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  expect(health.status).toBe(200);
});

// A request must arrive within its time (plugins/connection-limits.ts, shortened here): a body that is
// announced and never finished is answered 408 request_took_too_long and its connection closed.
// With no limit (Fastify's default), such connections stayed open for ever and enough of them took
// every file handle of the process; meanwhile other clients are served. A client that closes the
// connection mid-body is logged as that, not as the database gone (an error line per request).
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { rawBytes } from './raw-http.ts';

let t: TestApp;
let port: number;
const logLines: Array<{ level: number; msg: string; code?: string }> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});
beforeAll(async () => {
  t = await createTestApp({ connectionLimits: { requestTimeoutMs: 1_000 }, logStream, env: { LOG_LEVEL: 'info' } });
  port = await t.listen();
});
afterAll(() => t?.close());

it('answers 408 to a body that never finishes, and serves others meanwhile', async () => {
  const head = [
    'POST /api/v1/webhooks/identity HTTP/1.1',
    `host: 127.0.0.1:${port}`,
    'content-type: application/json',
    'content-length: 120',
  ];
  const started = Date.now();
  const stalled = rawBytes(port, Buffer.from(`${head.join('\r\n')}\r\n\r\n{"id":"evt_1","type":`));
  const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  expect(health.status).toBe(200);
  const answer = await stalled;
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'request_took_too_long' } });
  expect(Date.now() - started).toBeLessThan(5_000);
});

it('logs a body the client cut off by closing as that, not as an error', async () => {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const before = logLines.length;
  socket.write(
    [
      'POST /api/v1/webhooks/identity HTTP/1.1',
      `host: 127.0.0.1:${port}`,
      'content-type: application/json',
      'content-length: 120',
      '',
      '{"id":"evt_1",',
    ].join('\r\n'),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
  const closedLine = () => logLines.slice(before).some((line) => line.msg.startsWith('client closed the connection'));
  for (let tries = 0; !closedLine() && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(closedLine()).toBe(true);
  expect(logLines.slice(before).filter((line) => line.level >= 50)).toEqual([]);
});

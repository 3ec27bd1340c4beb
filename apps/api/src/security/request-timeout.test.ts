// A request must arrive within its time (app.ts REQUEST_TIMEOUT_MS, shortened here): a body that is
// announced and never finished is answered 408 request_took_too_long and its connection closed.
// With no limit (Fastify's default), such connections stayed open for ever and enough of them took
// every file handle of the process; meanwhile other clients are served.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { rawBytes } from './raw-http.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: 1_000 });
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

// JSON bodies are small (plugins/input-guards.ts JSON_BODY_LIMIT): a larger one is refused with 413
// request_body_too_large before it is parsed, so a nested or many-keyed 1 MB body costs no CPU.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../plugins/input-guards.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (payload: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload,
    remoteAddress,
  });

it('refuses a JSON body over 64 kB with 413 request_body_too_large, nested or not', async () => {
  const nested = `{"email":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
  const padded = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(JSON_BODY_LIMIT) });
  for (const [index, payload] of [nested, padded].entries()) {
    const response = await post(payload, `203.0.113.${30 + index}`);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('request_body_too_large');
  }
});

it('reads a JSON body under the limit', async () => {
  const response = await post(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(60_000) }), '203.0.113.40');
  expect(response.statusCode).not.toBe(413);
  expect(response.statusCode).toBeLessThan(500);
});

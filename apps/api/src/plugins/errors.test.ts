import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@rora/contracts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// A probe route shaped like a money call: strict body, a bounded string, an integer, a decimal amount.
const probeBody = z.strictObject({
  email: z.string().max(254),
  count: z.int().min(0),
  amount: z.string().regex(/^\d{1,20}(\.\d{1,8})?$/),
  tags: z.array(z.string().max(20)).max(10).optional(),
});

const probeRoutes: FastifyPluginAsync = async (api) => {
  api.post('/error-probe', { schema: { body: probeBody } }, async () => ({ ok: true }));
  api.get('/error-probe/crash', async () => {
    throw new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@b.c,$argon2id$secret',
    );
  });
  // How Drizzle reports a query whose connection the server ended (pg_terminate_backend, a restart).
  api.get('/error-probe/database-gone', async () => {
    const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    throw new Error('Failed query: select 1\nparams: secret', { cause });
  });
};

const valid = { email: 'a@example.com', count: 1, amount: '0.5' };

function expectErrorBody(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  const body = errorBodySchema.strict().parse(response.json());
  expect(body.data.length).toBeGreaterThan(0);
  if (code) expect(body.error.code).toBe(code);
  for (const leak of [/\bat .+:\d+:\d+/, /node_modules/, /stack/i, /insert into|select .* from/i, /argon2/]) {
    expect(response.body).not.toMatch(leak);
  }
  expect(response.body.length).toBeLessThan(5_000);
}

describe('one error body for hostile input', () => {
  let t: TestApp;
  const post = (payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/v1/error-probe', payload, headers: { 'content-type': contentType } });

  beforeAll(async () => {
    t = await createTestApp({ plugins: [probeRoutes] });
  });
  afterAll(async () => t.close());

  it('accepts the valid body (the probe works)', async () => {
    const response = await post(JSON.stringify(valid));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['truncated JSON', '{"email":'],
    ['not JSON at all', 'email=a@example.com'],
    ['a trailing comma', '{"email":"a@example.com",}'],
    ['an empty body', ''],
  ])('answers malformed JSON (%s) with 400 request_body_must_be_json', async (_name, payload) => {
    expectErrorBody(await post(payload), 400, 'request_body_must_be_json');
  });

  it('answers a body that is not UTF-8 with 400 request_body_must_be_valid_utf_8', async () => {
    const payload = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    expectErrorBody(await post(payload), 400, 'request_body_must_be_valid_utf_8');
  });

  it.each([
    ['wrong types', { email: 1, count: 'one', amount: 0.5 }],
    ['missing fields', {}],
    ['an extra field', { ...valid, isAdmin: true }],
    ['null', null],
    ['an array', [valid]],
    ['a string', 'hello'],
    ['a negative count', { ...valid, count: -1 }],
    ['a fractional count', { ...valid, count: 1.5 }],
    ['too many decimals', { ...valid, amount: '0.123456789' }],
    ['a negative amount', { ...valid, amount: '-1' }],
    ['an exponent amount', { ...valid, amount: '1e309' }],
    // Just under the 64 kB a JSON body may take (input-guards.ts JSON_BODY_LIMIT).
    ['a huge string', { ...valid, email: 'a'.repeat(60_000) }],
    ['a huge array', { ...valid, tags: Array.from({ length: 12_000 }, () => 'x') }],
  ])('answers %s with 400 request_validation_failed', async (_name, body) => {
    expectErrorBody(await post(JSON.stringify(body)), 400, 'request_validation_failed');
  });

  it('names the invalid fields in data', async () => {
    const response = await post(JSON.stringify({ email: 1, count: 'one', amount: '1' }));
    const fields = response.json().data.map((item: { field?: string }) => item.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'count']));
  });

  it.each([
    ['2^53 + 1', '9007199254740993'],
    ['1e309 (Infinity)', '1e309'],
    ['-1e309', '-1e309'],
    ['a 400-digit number', '9'.repeat(400)],
  ])('refuses a JSON number beyond 2^53 (%s)', async (_name, number) => {
    const response = await post(`{"email":"a@example.com","count":${number},"amount":"1"}`);
    expectErrorBody(response, 400);
  });

  it.each([
    ['__proto__', '{"email":"a@example.com","count":1,"amount":"1","__proto__":{"isAdmin":true}}'],
    ['nested __proto__', '{"email":"a@example.com","count":1,"amount":"1","tags":[],"x":{"__proto__":{"a":1}}}'],
    ['constructor.prototype', '{"email":"a@example.com","count":1,"amount":"1","constructor":{"prototype":{"a":1}}}'],
  ])('refuses a %s key by name and pollutes nothing', async (_name, payload) => {
    expectErrorBody(await post(payload), 400, 'request_body_key_not_allowed');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it.each([
    ['a repeated key', '{"email":"a@example.com","count":1,"amount":"1","amount":"1000"}', 'amount'],
    ['a key and its escaped spelling', '{"email":"a@example.com","count":1,"amount":"1","\\u0061mount":"9"}', 'amount'],
    ['a repeated key in a nested object', '{"email":"a@example.com","count":1,"x":{"t":1,"t":2}}', 'x.t'],
  ])('refuses %s by name rather than reading the last value', async (_name, payload, field) => {
    const response = await post(payload);
    expectErrorBody(response, 400, 'request_body_keys_must_be_unique');
    const key = field.split('.').at(-1)!;
    expect(response.json().data).toEqual([
      {
        code: 'request_body_keys_must_be_unique',
        message: `The key "${key}" appears more than once in the same object`,
        field,
      },
    ]);
  });

  it('refuses deep nesting without a stack overflow', async () => {
    const depth = 30_000;
    expectErrorBody(await post(`${'['.repeat(depth)}${']'.repeat(depth)}`), 400);
    expectErrorBody(
      await post(`{"email":"a","count":1,"amount":"1","tags":${'['.repeat(depth)}${']'.repeat(depth)}}`),
      400,
    );
    const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expectErrorBody(await post(objects), 400);
  });

  it('answers a JSON body over 64 kB with 413 request_body_too_large', async () => {
    expectErrorBody(await post(JSON.stringify({ ...valid, email: 'a'.repeat(70_000) })), 413, 'request_body_too_large');
  });

  it('answers another content type with 415 media_type_not_supported', async () => {
    expectErrorBody(await post('email=a', 'text/plain'), 415, 'media_type_not_supported');
    expectErrorBody(await post('<a/>', 'application/xml'), 415, 'media_type_not_supported');
  });

  it('answers an unexpected failure with 500 internal_error and no SQL, parameters or stack', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/error-probe/crash' });
    expectErrorBody(response, 500, 'internal_error');
    expect(response.body).not.toContain('secret');
  });

  it('answers a lost database connection with 503 service_unavailable and Retry-After', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/error-probe/database-gone' });
    expectErrorBody(response, 503, 'service_unavailable');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body).not.toContain('secret');
  });

  it('answers an unknown method on a known path with the error body', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/error-probe' });
    expectErrorBody(response, 404, 'route_not_found');
  });
});

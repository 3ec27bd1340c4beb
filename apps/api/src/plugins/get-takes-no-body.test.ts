// A GET takes no body: one sent with it was dropped unread and the call answered as if the client had
// not meant something by it (a filter, say). It is refused by name instead, as an unknown query
// parameter is (validation.ts), after the sign-in check, so an anonymous caller still learns only
// that it must sign in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestUser(t);
});
afterAll(async () => t.close());

const REFUSAL = { code: 'request_body_not_allowed', message: 'This request takes no body' };

describe('a body on a GET', () => {
  it.each([
    ['a JSON body', '/api/v1/notification', { 'content-type': 'application/json' }, '{"page":2}'],
    ['a text body', '/api/v1/wallet', { 'content-type': 'text/plain' }, 'hello'],
    ['a body in chunks', '/api/v1/notification', { 'transfer-encoding': 'chunked' }, 'abc'],
    ['a public route', '/api/v1/market/pairs', { 'content-type': 'application/json' }, '{}'],
  ])('is refused (%s)', async (_what, url, headers, payload) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { ...alice.headers, ...headers }, payload });
    expect([response.statusCode, response.json().error]).toEqual([400, REFUSAL]);
  });

  it('is answered 401 first when nobody is signed in; an empty body is no body', async () => {
    const headers = { 'content-type': 'application/json' };
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers, payload: '{}' });
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'authentication_required']);
    const empty = { ...alice.headers, 'content-length': '0' };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notification', headers: empty })).statusCode).toBe(200);
    const withBody = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet',
      headers: alice.headers,
      payload: '{}',
    });
    expect(withBody.statusCode).toBe(400);
  });
});

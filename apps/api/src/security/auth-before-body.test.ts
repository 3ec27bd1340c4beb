// A signed-in route checks the token as the request arrives (plugins/auth.ts): an anonymous request
// is answered 401 without its body being read, parsed or validated, so it learns no rule and costs
// no parsing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestUser(t);
});
afterAll(() => t?.close());

const postOrder = (headers: Record<string, string>, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1', ...headers },
    payload,
  });

it('answers 401 before reading the body of an anonymous request', async () => {
  for (const payload of ['{"type":"limit","symbol":"NOPE/X"}', '{not json', '{"a":1,"a":2}']) {
    const response = await postOrder({}, payload);
    expect(response.statusCode, payload).toBe(401);
    expect(response.json().error.code).toBe('authentication_required');
  }
  const wrongToken = await postOrder({ authorization: 'Bearer nobody' }, '{not json');
  expect(wrongToken.statusCode).toBe(401);
});

it('still reads and validates the body of a signed-in request', async () => {
  const response = await postOrder(alice.headers, '{not json');
  expect(response.statusCode).toBe(400);
  expect(response.json().error.code).toBe('request_body_must_be_json');
});

// Text that UTF-8 cannot carry as sent: a lone surrogate (half of a UTF-16 pair, which JSON's \u
// escapes can spell) is stored and hashed as U+FFFD, so two different passwords would be one and a
// name would come back changed. Refused before any route sees it, naming the field, as NUL is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser } from '../testing/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const refusal = (field: string) => ({
  error: { code: 'text_must_be_valid_unicode', message: 'Text must be valid Unicode (no lone surrogate halves)' },
  data: [
    { code: 'text_must_be_valid_unicode', message: 'Text must be valid Unicode (no lone surrogate halves)', field },
  ],
});

describe('lone surrogates', () => {
  it.each([
    ['a high half', 'correct-horse-\\ud800-battery'],
    ['a low half', 'correct-horse-\\udc00-battery'],
    ['a low half before a high one', 'correct-horse-\\udc00\\ud800-battery'],
  ])('are refused in a body string (%s), naming the field', async (_what, escaped) => {
    const payload = `{"password":"${escaped}"}`;
    const headers = { 'content-type': 'application/json' };
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password/check', headers, payload });
    expect([response.statusCode, response.json()]).toEqual([400, refusal('password')]);
  });

  it('are refused deep in a body and in a key, and a whole pair is taken', async () => {
    const user = await createTestUser(t);
    const headers = { ...user.headers, 'content-type': 'application/json' };
    const url = `/api/v1/user/preferences/${user.userId}`;
    const nested = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: '{"theme":"dark_theme","x":{"\\ud83d":1}}',
    });
    expect([nested.statusCode, nested.json()]).toEqual([400, refusal('x.key')]);
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/check',
      headers: { 'content-type': 'application/json' },
      payload: '{"password":"correct-horse-\\ud83e\\udd84-battery"}',
    });
    expect(pair.statusCode).toBe(200);
  });
});

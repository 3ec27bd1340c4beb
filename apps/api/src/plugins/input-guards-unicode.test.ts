// Text that UTF-8 cannot carry as sent: a lone surrogate (half of a UTF-16 pair, which JSON's \u
// escapes can spell) is stored and hashed as U+FFFD, so two different passwords would be one and a
// name would come back changed. Refused before any route sees it, naming the field, as NUL is. A
// body whose bytes are not UTF-8 at all (a stray 0xff, an overlong form, a surrogate encoded) was
// decoded with U+FFFD in their place just the same: it is refused whole.
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

describe('text that cannot be stored as sent', () => {
  it.each([
    ['a high half', 'correct-horse-\\ud800-battery'],
    ['a low half', 'correct-horse-\\udc00-battery'],
    ['a low half before a high one', 'correct-horse-\\udc00\\ud800-battery'],
  ])('refuses a lone surrogate in a body string (%s), naming the field', async (_what, escaped) => {
    const payload = `{"password":"${escaped}"}`;
    const headers = { 'content-type': 'application/json' };
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password/check', headers, payload });
    expect([response.statusCode, response.json()]).toEqual([400, refusal('password')]);
  });

  it('refuses one deep in a body and in a key, and takes a whole pair', async () => {
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

  it.each([
    ['a stray byte', [0xff]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a sequence cut short', [0xe2, 0x82]],
  ])('refuses a body that is not UTF-8 (%s), rather than read it with U+FFFD', async (_what, bytes) => {
    const payload = Buffer.concat([
      Buffer.from('{"password":"correct-horse-'),
      Buffer.from(bytes),
      Buffer.from('-battery"}'),
    ]);
    const headers = { 'content-type': 'application/json' };
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password/check', headers, payload });
    expect([response.statusCode, response.json().error]).toEqual([
      400,
      { code: 'request_body_must_be_valid_utf_8', message: 'The request body must be valid UTF-8 text' },
    ]);
  });
});

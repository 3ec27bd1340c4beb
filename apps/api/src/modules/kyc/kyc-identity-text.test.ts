// The identity details are a legal name and address, read by people and sent to the identity
// provider: characters that hide or reorder text (a right-to-left override, zero-width spaces, tag
// characters) would make what a reviewer sees differ from what is stored, so they are refused with
// their own rule, and nothing is saved. Joiners that some scripts need to be spelled right stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKycTestApp, newCustomer, saveIdentity, type KycTestApp } from './testing/kyc-fixtures.ts';

let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp();
  t.clock.set('2026-06-15T10:00:00Z');
});
afterAll(async () => t.close());

const identityOf = async (user: Awaited<ReturnType<typeof newCustomer>>) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/user/kyc/${user.userId}`, headers: user.headers })).json().data
    .identity;

describe('PUT /user/verify-user-identity/{id}: hidden characters', () => {
  it.each([
    ['fullName', 'a right-to-left override', 'Ada \u202eecalevoL'],
    ['fullName', 'a zero-width space', 'Ada\u200b Lovelace'],
    ['fullName', 'a tag character', 'Ada\u{e0041} Lovelace'],
    ['address', 'a left-to-right isolate', '12 \u2066Analytical\u2069 Engine Road'],
    ['city', 'a soft hyphen', 'Lon\u00addon'],
    ['city', 'a line break', 'Lon\ndon'],
  ])('refuses %s with %s, naming the field, and saves nothing', async (field, _what, value) => {
    const user = await newCustomer(t);
    const response = await saveIdentity(t, user, { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toEqual([
      {
        code: 'identity_text_must_be_plain',
        message: 'Use letters, digits, spaces and punctuation only: no hidden or control characters',
        field,
      },
    ]);
    expect(await identityOf(user)).toBeNull();
  });

  it('keeps the joiners some scripts are spelled with', async () => {
    const user = await newCustomer(t);
    const persian = 'Mitra Mi\u200cKhani';
    expect((await saveIdentity(t, user, { fullName: persian, city: 'Tabriz\u200d' })).statusCode).toBe(200);
    expect(await identityOf(user)).toMatchObject({ fullName: persian });
    const invisible = await saveIdentity(t, await newCustomer(t), { fullName: 'Ada\u2060Lovelace' });
    expect(invisible.json().error.code).toBe('identity_text_must_be_plain');
  });
});

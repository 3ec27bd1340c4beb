import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKycTestApp, newCustomer, saveIdentity, validIdentity, type KycTestApp } from './testing/kyc-fixtures.ts';

let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp();
  t.clock.set('2026-06-15T10:00:00Z');
});
afterAll(async () => t.close());

describe('PUT /user/verify-user-identity/{id}', () => {
  it('answers each broken rule with its code, message and field', async () => {
    const user = await newCustomer(t);
    const response = await saveIdentity(t, user, {
      fullName: 'Ada',
      address: '1 Rd',
      city: 'Ly',
      privacyPolicyAgreed: false as true,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toEqual({
      code: 'full_name_must_have_at_least_5_characters',
      message: 'Full name should be at least 5 characters',
    });
    expect(body.data.map((item: { code: string; field: string }) => [item.field, item.code])).toEqual([
      ['fullName', 'full_name_must_have_at_least_5_characters'],
      ['address', 'address_must_have_at_least_5_characters'],
      ['city', 'city_must_have_at_least_3_characters'],
      ['privacyPolicyAgreed', 'privacy_policy_must_be_agreed'],
    ]);
  });

  it('wants an adult: 18 on the day is enough, a day short is not', async () => {
    const user = await newCustomer(t);
    const minor = await saveIdentity(t, user, { dateOfBirth: '2008-06-16' });
    expect([minor.statusCode, minor.json().error.code, minor.json().data[0].field]).toEqual([
      400,
      'customer_must_be_an_adult',
      'dateOfBirth',
    ]);
    expect((await saveIdentity(t, user, { dateOfBirth: '2008-06-15' })).statusCode).toBe(200);
    expect((await saveIdentity(t, user, { dateOfBirth: '1890-01-01' })).json().error.code).toBe(
      'date_of_birth_must_be_valid',
    );
  });

  it('refuses a residence in a country the service is not offered in', async () => {
    const user = await newCustomer(t);
    const response = await saveIdentity(t, user, { country: 'KP' });
    expect([response.statusCode, response.json().error.code]).toEqual([400, 'country_must_be_supported']);
  });

  it('keeps what was saved, for the customer coming back', async () => {
    const user = await newCustomer(t);
    await saveIdentity(t, user, { city: 'Manchester' });
    const state = await t.app.inject({ method: 'GET', url: `/api/v1/user/kyc/${user.userId}`, headers: user.headers });
    const { privacyPolicyAgreed: _agreed, ...expected } = validIdentity({ city: 'Manchester' });
    expect(state.json().data.identity).toEqual({ ...expected, privacyPolicyAgreedAt: '2026-06-15T10:00:00.000Z' });
  });

  it("answers 404 for another customer's id and 401 without a session", async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    const url = `/api/v1/user/verify-user-identity/${owner.userId}`;
    const theirs = await t.app.inject({ method: 'PUT', url, headers: other.headers, payload: validIdentity() });
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'resource_not_found']);
    expect((await t.app.inject({ method: 'PUT', url, payload: validIdentity() })).statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document with the other KYC calls', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/user/kyc/{id}',
      '/api/v1/user/verify-user-identity/{id}',
      '/api/v1/user/upload-proof-of-residence/{id}',
      '/api/v1/user/upload-id-card/{id}',
      '/api/v1/user/upload-photo/{id}',
      '/api/v1/user/upload-photo-with-id-card/{id}',
      '/api/v1/user/update-kyc-status',
      '/api/v1/user/get-documents-name/{id}',
      '/api/v1/user/kyc-documents/{documentId}',
      '/api/v1/webhooks/identity',
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
    expect(document.paths['/api/v1/user/upload-photo/{id}'].put.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/v1/webhooks/identity'].post.security).toBeUndefined();
  });
});

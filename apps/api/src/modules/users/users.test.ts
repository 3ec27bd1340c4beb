import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { call, registerCustomer, type Customer } from '../accounts/testing/customers.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('user profile, preferences and sessions', () => {
  let t: TestApp;
  let customer: Customer;
  let other: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await registerCustomer(t);
    other = await registerCustomer(t);
  });
  afterAll(async () => t.close());

  const as = (who: Customer) => ({ token: who.token });

  it('returns the signed-in customer with flags and preferences, and nothing secret', async () => {
    const response = await call(t, `GET /user/${customer.userId}`, undefined, as(customer));
    expect(response.statusCode).toBe(200);
    const user = response.json().data;
    expect(user).toEqual({
      _id: customer.userId,
      email: customer.email,
      phone: null,
      emailVerified: true,
      phoneVerified: false,
      twoFactorEnabled: false,
      withdrawal2faEnabled: false,
      pinSet: false,
      kycStatus: 'not_started',
      recieveUpdates: true,
      shareData: false,
      preferences: {
        aiNotifications: true,
        administrativeEmails: true,
        newsletterEmails: true,
        language: 'en',
        theme: 'dark_theme',
      },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(response.body).not.toContain('argon2');
  });

  it('updates the language and theme, and refuses values that do not exist', async () => {
    const url = `/user/preferences/${customer.userId}`;
    const both = await call(t, `PUT ${url}`, { language: 'pt_br', theme: 'light_theme' }, as(customer));
    expect(both.statusCode).toBe(200);
    expect(both.json().data.preferences).toMatchObject({ language: 'pt_br', theme: 'light_theme' });
    const one = await call(t, `PUT ${url}`, { language: 'la_es' }, as(customer));
    expect(one.json().data.preferences).toMatchObject({ language: 'la_es', theme: 'light_theme' });
    const badLanguage = await call(t, `PUT ${url}`, { language: 'de' }, as(customer));
    expect(badLanguage.json().data[0]).toMatchObject({ code: 'language_must_be_supported', field: 'language' });
    const badTheme = await call(t, `PUT ${url}`, { theme: 'pink' }, as(customer));
    expect(badTheme.json().data[0]).toMatchObject({ code: 'theme_must_be_supported', field: 'theme' });
  });

  it.each([
    ['update-ai-notification-status', 'aiNotifications'],
    ['update-administrative-email-status', 'administrativeEmails'],
    ['update-newsletter-status', 'newsletterEmails'],
  ])('switches %s off and on', async (path, field) => {
    const url = `/user/${path}/${customer.userId}`;
    const off = await call(t, `PUT ${url}`, { status: false }, as(customer));
    expect(off.statusCode).toBe(200);
    expect(off.json().data.preferences[field]).toBe(false);
    const profile = (await call(t, `GET /user/${customer.userId}`, undefined, as(customer))).json().data;
    expect(profile.preferences[field]).toBe(false);
    const on = await call(t, `PUT ${url}`, { status: true }, as(customer));
    expect(on.json().data.preferences[field]).toBe(true);
    const bad = await call(t, `PUT ${url}`, { status: 'off' }, as(customer));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data[0]).toMatchObject({ code: 'status_must_be_boolean', field: 'status' });
  });

  describe('access matrix: every {id} route', () => {
    const routes: Array<['GET' | 'PUT', string, Record<string, unknown> | undefined]> = [
      ['GET', '/user/{id}', undefined],
      ['PUT', '/user/preferences/{id}', { theme: 'light_theme' }],
      ['PUT', '/user/update-ai-notification-status/{id}', { status: false }],
      ['PUT', '/user/update-administrative-email-status/{id}', { status: false }],
      ['PUT', '/user/update-newsletter-status/{id}', { status: false }],
      ['PUT', '/user/update-2FA-google-authenticator/{id}', { status: false }],
      ['PUT', '/user/update-2FA-withdraw/{id}', { status: true }],
    ];

    it.each(routes)('%s %s: owner 200, another customer 404, anonymous 401', async (method, path, body) => {
      const url = (id: string) => path.replace('{id}', id);
      const owner = await call(t, `${method} ${url(customer.userId)}`, body, as(customer));
      // The withdrawal switch answers 409 for an owner without 2FA: still not a 404.
      expect([200, 409]).toContain(owner.statusCode);
      const stranger = await call(t, `${method} ${url(customer.userId)}`, body, as(other));
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({
        error: { code: 'resource_not_found' },
        data: [{ code: 'resource_not_found' }],
      });
      const garbage = await call(t, `${method} ${url('not-a-uuid')}`, body, as(customer));
      expect(garbage.statusCode).toBe(404);
      expect((await call(t, `${method} ${url(customer.userId)}`, body)).statusCode).toBe(401);
    });

    it("leaves another customer's data unchanged", async () => {
      await call(t, `PUT /user/preferences/${other.userId}`, { language: 'fr' }, as(customer));
      const profile = (await call(t, `GET /user/${other.userId}`, undefined, as(other))).json().data;
      expect(profile.preferences.language).toBe('en');
    });
  });

  describe('sessions', () => {
    it('lists active sessions with device, address and last use, and marks the current one', async () => {
      const person = await registerCustomer(t);
      const login = (userAgent: string, ip: string) =>
        call(t, 'POST /auth/login', { email: person.email, password: person.password }, { userAgent, ip });
      const mac = (await login(CHROME_MAC, '10.1.1.1')).json().data.token;
      await login(FIREFOX_WINDOWS, '10.2.2.2');
      t.clock.advance(5 * 60_000);
      const response = await call(t, 'GET /user/sessions', undefined, { token: mac });
      expect(response.statusCode).toBe(200);
      const items = response.json().data.items as Array<Record<string, unknown>>;
      expect(items).toHaveLength(3);
      expect(items[0]).toMatchObject({ device: 'Chrome on macOS', ip: '10.1.1.1', current: true });
      expect(items.find((item) => item.ip === '10.2.2.2')).toMatchObject({
        device: 'Firefox on Windows',
        current: false,
      });
      expect(items.filter((item) => item.current)).toHaveLength(1);
    });

    it('revokes a session: its token then gets 401; another customer cannot revoke it', async () => {
      const person = await registerCustomer(t);
      const second = (await call(t, 'POST /auth/login', { email: person.email, password: person.password })).json().data
        .token;
      const items = (await call(t, 'GET /user/sessions', undefined, { token: person.token })).json().data.items;
      const target = items.find((item: { current: boolean }) => !item.current).id;

      const foreign = await call(t, `DELETE /user/sessions/${target}`, undefined, as(other));
      expect(foreign.statusCode).toBe(404);
      expect((await call(t, 'GET /user/sessions', undefined, { token: second })).statusCode).toBe(200);

      const revoked = await call(t, `DELETE /user/sessions/${target}`, undefined, { token: person.token });
      expect(revoked.statusCode).toBe(200);
      expect((await call(t, 'GET /user/sessions', undefined, { token: second })).statusCode).toBe(401);
      expect((await call(t, `DELETE /user/sessions/${target}`, undefined, { token: person.token })).statusCode).toBe(
        404,
      );
      expect((await call(t, 'DELETE /user/sessions/nope', undefined, { token: person.token })).statusCode).toBe(404);
      const left = (await call(t, 'GET /user/sessions', undefined, { token: person.token })).json().data.items;
      expect(left).toHaveLength(1);
    });
  });
});

// Issue 19: the API itself refuses service to a blocked country (spec §3, §7), not only the web
// app's popup: a login, a registration step or a signed-in call from North Korea answers 451
// country_not_allowed before its route runs; the same calls from the UK reach their routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';

const GB = '81.2.69.142';
const KP = '175.45.176.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BLOCKED_COUNTRIES: 'KP,IR' } });
});
afterAll(async () => t.close());

const from = (
  remoteAddress: string,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: unknown; token?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    payload: options.payload as Record<string, unknown> | undefined,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });

describe('the country gate', () => {
  it('refuses a login from a blocked country with 451, whatever the credentials', async () => {
    const response = await from(KP, 'POST', '/api/v1/auth/login', {
      payload: { email: 'someone@example.com', password: 'whatever-it-is' },
    });
    expect(response.statusCode).toBe(451);
    expect(response.json()).toMatchObject({
      error: { code: 'country_not_allowed' },
      data: [{ allowed: false, country: 'KP' }],
    });
  });

  it('refuses a registration step and a signed-in call from a blocked country', async () => {
    const user = await createTestUser(t);
    const code = await from(KP, 'POST', '/api/v1/auth/verify-email/send-code', { payload: { email: 'a@example.com' } });
    expect(code.statusCode).toBe(451);
    const dashboard = await from(KP, 'GET', '/api/v1/dashboard', { token: user.token });
    expect(dashboard.statusCode).toBe(451);
    // The same customer from an allowed country is served.
    expect((await from(GB, 'GET', '/api/v1/dashboard', { token: user.token })).statusCode).toBe(200);
  });

  it('lets an allowed country reach the route (a wrong password is a 401, not a 451)', async () => {
    const response = await from(GB, 'POST', '/api/v1/auth/login', {
      payload: { email: 'someone@example.com', password: 'whatever-it-is' },
    });
    expect(response.statusCode).not.toBe(451);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('keeps the health check and the API document open for operations', async () => {
    expect((await from(KP, 'GET', '/api/v1/health')).statusCode).not.toBe(451);
    expect((await from(KP, 'GET', '/api/v1/openapi.json')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, errorCatalogue, userCalls, type AccountCall } from '@rora/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

interface OpenApiOperation {
  security?: unknown[];
  requestBody?: unknown;
}

describe('the accounts calls of the contract', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, OpenApiOperation>>;
  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths;
  });
  afterAll(async () => t.close());

  const calls = Object.entries({ ...authCalls, ...userCalls }) as Array<[string, AccountCall]>;

  it.each(calls)('%s is served and documented as the contract declares it', (_name, call) => {
    const operation = paths[`/api/v1${call.path}`]?.[call.method.toLowerCase()];
    expect(operation).toBeDefined();
    expect(!!operation!.security).toBe(call.auth);
  });

  it.each(calls)('%s lists only catalogued error codes', (_name, call) => {
    for (const code of call.errors) expect(errorCatalogue[code]).toBeDefined();
  });

  // Bodies that pass validation, which runs before authentication: a malformed body answers 400 first.
  const validBodies: Record<string, unknown> = {
    verifyTwoFactorToken: { token: '123456' },
    updatePreferences: { theme: 'light_theme' },
    aiNotifications: { status: true },
    administrativeEmails: { status: true },
    newsletter: { status: true },
    twoFactorSwitch: { status: false },
    withdrawalTwoFactor: { status: false },
    setPin: { pin: '2580' },
    verifyPin: { pin: '2580' },
    updatePin: { pin: '2580', currentPin: '1357' },
    updatePassword: { currentPassword: 'old password', newPassword: 'new password 12' },
  };

  it('answers 401 on every signed-in call without a token', async () => {
    for (const [name, call] of calls.filter(([, c]) => c.auth)) {
      const url = `/api/v1${call.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000')}`;
      const payload = validBodies[name] as Record<string, unknown> | undefined;
      const response = await t.app.inject({ method: call.method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${call.method} ${call.path}`).toBe(401);
      expect(response.json().error.code).toBe('authentication_required');
    }
  });
});

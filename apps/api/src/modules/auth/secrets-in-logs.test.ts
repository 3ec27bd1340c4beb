import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { call, enableTwoFactor, latestCode, registerCustomer, STRONG_PASSWORD } from '../accounts/testing/customers.ts';

describe('secrets stay out of the logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => t.close());

  it('logs no password, code, token, ticket, secret or hash during registration, login, 2FA and reset', async () => {
    const customer = await registerCustomer(t);
    const secrets = [customer.password, customer.token];
    const { secret, recoveryCodes } = await enableTwoFactor(t, customer);
    secrets.push(secret, ...recoveryCodes);
    await call(t, 'POST /auth/forgot-passord/request-code', { email: customer.email, method: 'email' });
    const code = await latestCode(t, customer.email);
    const { ticket } = (
      await call(t, 'POST /auth/forgot-passord/verify-code', { email: customer.email, token: code })
    ).json().data;
    const password = `${STRONG_PASSWORD} new`;
    await call(t, 'POST /auth/forgot-passord/', { email: customer.email, ticket, password, confirmPassword: password });
    await call(t, 'POST /auth/login', { email: customer.email, password: 'a wrong password' });
    await call(t, 'POST /user/pin', { pin: '2580' }, { token: customer.token });
    secrets.push(ticket, password);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const value of secrets) expect(log).not.toContain(value);
    expect(log).not.toContain('$argon2');
    // Short numbers alone: not inside a longer number (a response time) nor a hex id (a request id
    // such as `…-2580ae…` matched once in a full run).
    for (const digits of [code, '2580']) expect(log).not.toMatch(new RegExp(`(?<![\\w.-])${digits}(?!\\w)`));
  });
});

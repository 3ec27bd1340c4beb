import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  call,
  enableTwoFactor,
  randomIp,
  registerCustomer,
  totpCode,
  uniqueEmail,
  type Customer,
} from '../accounts/testing/customers.ts';

describe('login and logout', () => {
  let t: TestApp;
  let customer: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await registerCustomer(t);
  });
  afterAll(async () => t.close());

  const login = (body: Record<string, unknown>, ip?: string) => call(t, 'POST /auth/login', body, ip ? { ip } : {});

  it('signs in with e-mail (any case, spaces trimmed) and password, and returns the user and a new token', async () => {
    const response = await login({ email: ` ${customer.email.toUpperCase()} `, password: customer.password });
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json().data;
    expect(user).toMatchObject({ _id: customer.userId, email: customer.email, twoFactorEnabled: false });
    expect(token).not.toBe(customer.token);
    expect((await call(t, `GET /user/${customer.userId}`, undefined, { token })).statusCode).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password with the same status and body', async () => {
    const unknown = await login({ email: uniqueEmail('nobody'), password: customer.password });
    const wrong = await login({ email: customer.email, password: `${customer.password}!` });
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({
      error: { code: 'credentials_are_invalid', message: 'Incorrect email or password' },
      data: [{ code: 'credentials_are_invalid', message: 'Incorrect email or password' }],
    });
  });

  it('spends similar work on an unknown e-mail and a wrong password (a dummy argon2 check)', async () => {
    // The process's CPU time (its hashing threads' included), not the time taken: on a busy machine
    // that is mostly waiting, for the CPU and for the database, and a known account's sign-in also
    // writes the backoff's notice: it took twice an unknown e-mail's (220 ms against 103, median of 5).
    const time = async (email: string) => {
      // Past any sign-in backoff wait, so every try really checks the password.
      t.clock.advance(15 * 60_000);
      const before = process.cpuUsage();
      await login({ email, password: 'not the password at all' });
      const spent = process.cpuUsage(before);
      return (spent.user + spent.system) / 1000;
    };
    const guessed = await registerCustomer(t);
    await time(guessed.email);
    const unknown: number[] = [];
    const known: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      unknown.push(await time(uniqueEmail('nobody')));
      known.push(await time(guessed.email));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    // argon2 dominates both; without the dummy hash an unknown e-mail costs a few milliseconds.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('rejects a malformed e-mail with the validation message', async () => {
    const response = await login({ email: 'nope', password: 'whatever1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data[0]).toEqual({
      code: 'email_must_be_valid',
      message: 'Please enter a valid email',
      field: 'email',
    });
  });

  it('logs out: the old token then gets 401', async () => {
    const { token } = (await login({ email: customer.email, password: customer.password })).json().data;
    const out = await call(t, 'POST /auth/logout', undefined, { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { success: true } });
    const after = await call(t, `GET /user/${customer.userId}`, undefined, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('session_expired');
    expect((await call(t, 'POST /auth/logout', undefined, { token })).statusCode).toBe(401);
    // Other sessions are untouched.
    expect((await call(t, `GET /user/${customer.userId}`, undefined, { token: customer.token })).statusCode).toBe(200);
  });

  it('needs a token to log out', async () => {
    const response = await call(t, 'POST /auth/logout');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('authentication_required');
  });

  it('limits login attempts per client address: 429 with Retry-After', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      // Other addresses each time: this is the per-client limit, not the per-account backoff.
      statuses.push((await login({ email: uniqueEmail('nobody'), password: 'wrong password 1' }, ip)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const limited = await login({ email: customer.email, password: customer.password }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login({ email: customer.email, password: customer.password })).statusCode).toBe(200);
  });

  describe('with authenticator 2FA on', () => {
    let secured: Customer;
    let secret: string;
    let recoveryCodes: string[];
    beforeAll(async () => {
      secured = await registerCustomer(t);
      ({ secret, recoveryCodes } = await enableTwoFactor(t, secured));
    });

    it('asks for the code after a right password, and opens no session', async () => {
      const response = await login({ email: secured.email, password: secured.password });
      expect(response.statusCode).toBe(403);
      expect(response.json().data[0]).toMatchObject({ code: 'two_factor_code_required', field: 'totp' });
      expect(response.json().data.token).toBeUndefined();
    });

    it('still answers credentials_are_invalid for a wrong password, code or not', async () => {
      const response = await login({ email: secured.email, password: 'wrong password 1', totp: totpCode(t, secret) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('credentials_are_invalid');
    });

    it('signs in with the password and a current code, which then cannot be used again', async () => {
      t.clock.advance(30_000);
      const totp = totpCode(t, secret);
      const first = await login({ email: secured.email, password: secured.password, totp });
      expect(first.statusCode).toBe(200);
      expect(first.json().data.user.twoFactorEnabled).toBe(true);
      const replay = await login({ email: secured.email, password: secured.password, totp });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.code).toBe('two_factor_code_is_invalid');
    });

    it('signs in with a recovery code, once', async () => {
      const recoveryCode = recoveryCodes[0]!;
      const first = await login({
        email: secured.email,
        password: secured.password,
        recoveryCode: recoveryCode.toUpperCase(),
      });
      expect(first.statusCode).toBe(200);
      const again = await login({ email: secured.email, password: secured.password, recoveryCode });
      expect(again.json().error.code).toBe('two_factor_code_is_invalid');
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  call,
  enableTwoFactor,
  otherCode,
  registerCustomer,
  totpCode,
  type Customer,
} from '../accounts/testing/customers.ts';

describe('authenticator 2FA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const as = (customer: Customer) => ({ token: customer.token });
  const security = async (userId: string) =>
    (await t.database.db.select().from(schema.accountSecurity).where(eq(schema.accountSecurity.userId, userId)))[0];

  describe('setup', () => {
    it('generates a pending key with an otpauth URL, and a code confirms it and returns 10 recovery codes once', async () => {
      const customer = await registerCustomer(t);
      const key = await call(t, 'POST /auth/2fa/generate-key', undefined, as(customer));
      expect(key.statusCode).toBe(200);
      const { secret, otpauthUrl } = key.json().data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Rora:.+\?.*secret=[A-Z2-7]{32}/);
      expect(otpauthUrl).toContain('period=30');
      expect(otpauthUrl).toContain(encodeURIComponent(customer.email));
      expect(
        (await call(t, `GET /user/${customer.userId}`, undefined, as(customer))).json().data.twoFactorEnabled,
      ).toBe(false);

      const confirmed = await call(t, 'POST /auth/2fa/verify-token', { token: totpCode(t, secret) }, as(customer));
      expect(confirmed.statusCode).toBe(200);
      const { twoFactorEnabled, recoveryCodes } = confirmed.json().data;
      expect(twoFactorEnabled).toBe(true);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const stored = await t.database.db
        .select()
        .from(schema.recoveryCodes)
        .where(eq(schema.recoveryCodes.userId, customer.userId));
      expect(stored).toHaveLength(10);
      expect(stored.map((row) => row.codeHash.toString('hex')).join()).not.toContain(recoveryCodes[0]);
      expect(
        (await call(t, `GET /user/${customer.userId}`, undefined, as(customer))).json().data.twoFactorEnabled,
      ).toBe(true);
      expect((await security(customer.userId))!.totpPendingSecret).toBeNull();
    });

    it('accepts a code from one step before or after, not two', async () => {
      const customer = await registerCustomer(t);
      const { secret } = (await call(t, 'POST /auth/2fa/generate-key', undefined, as(customer))).json().data;
      const tooOld = await call(t, 'POST /auth/2fa/verify-token', { token: totpCode(t, secret, -2) }, as(customer));
      expect(tooOld.json().error.code).toBe('two_factor_code_is_invalid');
      const previous = await call(t, 'POST /auth/2fa/verify-token', { token: totpCode(t, secret, -1) }, as(customer));
      expect(previous.statusCode).toBe(200);
    });

    it('refuses to confirm before a key was generated, and a second setup once enabled', async () => {
      const customer = await registerCustomer(t);
      const early = await call(t, 'POST /auth/2fa/verify-token', { token: '123456' }, as(customer));
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('two_factor_setup_not_started');
      await enableTwoFactor(t, customer);
      const again = await call(t, 'POST /auth/2fa/generate-key', undefined, as(customer));
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('two_factor_already_enabled');
    });

    it('needs a signed-in customer', async () => {
      expect((await call(t, 'POST /auth/2fa/generate-key')).statusCode).toBe(401);
      expect((await call(t, 'POST /auth/2fa/verify-token', { token: '123456' })).statusCode).toBe(401);
    });
  });

  describe('codes', () => {
    it('accepts a code once: of 20 concurrent submissions of the same code exactly one succeeds', async () => {
      const customer = await registerCustomer(t);
      const { secret } = await enableTwoFactor(t, customer);
      const token = totpCode(t, secret);
      const body = { status: false, token };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(t, `PUT /user/update-2FA-withdraw/${customer.userId}`, body, as(customer)),
        ),
      );
      // Withdrawal 2FA is off already; turning it off needs a valid code, which is spent once.
      const ok = responses.filter((response) => response.statusCode === 200);
      expect(ok).toHaveLength(1);
      for (const response of responses.filter((r) => r.statusCode !== 200)) {
        expect(['two_factor_code_is_invalid', 'two_factor_locked']).toContain(response.json().error.code);
      }
      expect((await security(customer.userId))!.totpLastStep).toBe(Math.floor(t.clock.now().getTime() / 30_000));
    });

    it('confirms a new key once under 20 concurrent submissions', async () => {
      const customer = await registerCustomer(t);
      const { secret } = (await call(t, 'POST /auth/2fa/generate-key', undefined, as(customer))).json().data;
      const token = totpCode(t, secret);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => call(t, 'POST /auth/2fa/verify-token', { token }, as(customer))),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(
        await t.database.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, customer.userId)),
      ).toHaveLength(10);
    });

    it('locks after 5 wrong codes for 15 minutes, even for a right code, then accepts again', async () => {
      const customer = await registerCustomer(t);
      const { secret } = await enableTwoFactor(t, customer);
      const url = `/user/update-2FA-withdraw/${customer.userId}`;
      const wrong = String((Number(totpCode(t, secret)) + 1) % 1_000_000).padStart(6, '0');
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await call(t, `PUT ${url}`, { status: false, token: wrong }, as(customer))).json().error.code).toBe(
          'two_factor_code_is_invalid',
        );
      }
      const fifth = await call(t, `PUT ${url}`, { status: false, token: wrong }, as(customer));
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().error.code).toBe('two_factor_locked');
      expect(fifth.headers['retry-after']).toBe('900');
      const right = await call(t, `PUT ${url}`, { status: false, token: totpCode(t, secret) }, as(customer));
      expect(right.json().error.code).toBe('two_factor_locked');
      t.clock.advance(15 * 60_000);
      expect(
        (await call(t, `PUT ${url}`, { status: false, token: totpCode(t, secret) }, as(customer))).statusCode,
      ).toBe(200);
    });

    it('limits 20 concurrent wrong guesses to the 5 tries there are', async () => {
      const customer = await registerCustomer(t);
      const { secret } = await enableTwoFactor(t, customer);
      const right = Number(totpCode(t, secret));
      const guesses = Array.from({ length: 20 }, (_, index) =>
        String((right + 1 + index) % 1_000_000).padStart(6, '0'),
      );
      const responses = await Promise.all(
        guesses.map((token) =>
          call(t, `PUT /user/update-2FA-withdraw/${customer.userId}`, { status: false, token }, as(customer)),
        ),
      );
      const codes = responses.map((response) => response.json().error.code);
      expect(codes.filter((code) => code === 'two_factor_code_is_invalid')).toHaveLength(4);
      expect(codes.filter((code) => code === 'two_factor_locked')).toHaveLength(16);
    });
  });

  describe('settings switches', () => {
    it('turns 2FA on through update-2FA-google-authenticator with a code of the generated key', async () => {
      const customer = await registerCustomer(t);
      const { secret } = (await call(t, 'POST /auth/2fa/generate-key', undefined, as(customer))).json().data;
      const url = `/user/update-2FA-google-authenticator/${customer.userId}`;
      const missing = await call(t, `PUT ${url}`, { status: true }, as(customer));
      expect(missing.json().data[0]).toMatchObject({ code: 'two_factor_code_required', field: 'token' });
      const on = await call(t, `PUT ${url}`, { status: true, token: totpCode(t, secret) }, as(customer));
      expect(on.statusCode).toBe(200);
      expect(on.json().data.user.twoFactorEnabled).toBe(true);
      expect(on.json().data.recoveryCodes).toHaveLength(10);
    });

    it('refuses to turn 2FA off without a code, with the password alone or with a wrong code', async () => {
      const customer = await registerCustomer(t);
      const { secret } = await enableTwoFactor(t, customer);
      const url = `/user/update-2FA-google-authenticator/${customer.userId}`;
      const none = await call(t, `PUT ${url}`, { status: false }, as(customer));
      expect(none.statusCode).toBe(403);
      expect(none.json().data[0]).toMatchObject({ code: 'two_factor_code_required', field: 'token' });
      const byPassword = await call(t, `PUT ${url}`, { status: false, password: customer.password }, as(customer));
      expect(byPassword.statusCode).toBe(400);
      expect(byPassword.json().data[0]).toMatchObject({ field: 'password' });
      const wrong = await call(t, `PUT ${url}`, { status: false, token: otherCode(totpCode(t, secret)) }, as(customer));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('two_factor_code_is_invalid');
      const wrongRecovery = await call(t, `PUT ${url}`, { status: false, recoveryCode: 'abcde-fghjk' }, as(customer));
      expect(wrongRecovery.json().error.code).toBe('two_factor_code_is_invalid');
      expect((await security(customer.userId))!.totpSecret).toBe(secret);
    });

    it('turns 2FA off with a current code, which also ends withdrawal 2FA', async () => {
      const customer = await registerCustomer(t);
      const { secret, recoveryCodes } = await enableTwoFactor(t, customer);
      const withdrawal = `/user/update-2FA-withdraw/${customer.userId}`;
      await call(t, `PUT ${withdrawal}`, { status: true, token: totpCode(t, secret) }, as(customer));
      t.clock.advance(30_000);
      const url = `/user/update-2FA-google-authenticator/${customer.userId}`;
      const off = await call(t, `PUT ${url}`, { status: false, token: totpCode(t, secret) }, as(customer));
      expect(off.statusCode).toBe(200);
      expect(off.json().data.user).toMatchObject({ twoFactorEnabled: false, withdrawal2faEnabled: false });
      expect(
        await t.database.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, customer.userId)),
      ).toHaveLength(0);
      const login = await call(t, 'POST /auth/login', { email: customer.email, password: customer.password });
      expect(login.statusCode).toBe(200);
      expect(recoveryCodes).toHaveLength(10);
    });

    it('turns 2FA off with a recovery code, for a customer who lost the authenticator', async () => {
      const customer = await registerCustomer(t);
      const { recoveryCodes } = await enableTwoFactor(t, customer);
      const url = `/user/update-2FA-google-authenticator/${customer.userId}`;
      const off = await call(t, `PUT ${url}`, { status: false, recoveryCode: recoveryCodes[3] }, as(customer));
      expect(off.statusCode).toBe(200);
      expect(off.json().data.user.twoFactorEnabled).toBe(false);
    });

    it('needs 2FA on and a current code to turn withdrawal 2FA on or off', async () => {
      const customer = await registerCustomer(t);
      const url = `/user/update-2FA-withdraw/${customer.userId}`;
      const early = await call(t, `PUT ${url}`, { status: true }, as(customer));
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('two_factor_must_be_enabled');
      const { secret } = await enableTwoFactor(t, customer);
      for (const status of [true, false]) {
        const none = await call(t, `PUT ${url}`, { status }, as(customer));
        expect(none.statusCode).toBe(403);
        expect(none.json().data[0]).toMatchObject({ code: 'two_factor_code_required', field: 'token' });
        const wrong = await call(t, `PUT ${url}`, { status, token: otherCode(totpCode(t, secret)) }, as(customer));
        expect(wrong.json().error.code).toBe('two_factor_code_is_invalid');
        const right = await call(t, `PUT ${url}`, { status, token: totpCode(t, secret) }, as(customer));
        expect(right.statusCode).toBe(200);
        expect(right.json().data.withdrawal2faEnabled).toBe(status);
        t.clock.advance(30_000);
      }
    });

    it("answers 404 for another customer's id", async () => {
      const owner = await registerCustomer(t);
      const other = await registerCustomer(t);
      for (const url of [
        `/user/update-2FA-google-authenticator/${owner.userId}`,
        `/user/update-2FA-withdraw/${owner.userId}`,
      ]) {
        const body = { status: false, token: '123456' };
        const response = await call(t, `PUT ${url}`, body, as(other));
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('resource_not_found');
      }
    });
  });
});

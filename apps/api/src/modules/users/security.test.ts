import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  call,
  enableTwoFactor,
  messagesTo,
  otherCode,
  registerCustomer,
  totpCode,
  type Customer,
} from '../accounts/testing/customers.ts';

describe('PIN and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const as = (who: Customer) => ({ token: who.token });

  describe('PIN', () => {
    it('sets a PIN once, stored as an argon2id hash; is-valid tells whether one is set', async () => {
      const customer = await registerCustomer(t);
      expect((await call(t, 'GET /user/pin/is-valid', undefined, as(customer))).json()).toEqual({
        data: { pinSet: false, lockedUntil: null },
      });
      const set = await call(t, 'POST /user/pin', { pin: '2580' }, as(customer));
      expect(set.statusCode).toBe(200);
      expect((await call(t, 'GET /user/pin/is-valid', undefined, as(customer))).json().data.pinSet).toBe(true);
      const [row] = await t.database.db
        .select()
        .from(schema.accountSecurity)
        .where(eq(schema.accountSecurity.userId, customer.userId));
      expect(row!.pinHash).toMatch(/^\$argon2id\$/);
      const again = await call(t, 'POST /user/pin', { pin: '9713' }, as(customer));
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('pin_already_set');
      expect((await call(t, `GET /user/${customer.userId}`, undefined, as(customer))).json().data.pinSet).toBe(true);
    });

    it.each([
      ['123', 'pin_must_be_4_to_6_digits'],
      ['1234567', 'pin_must_be_4_to_6_digits'],
      ['12a4', 'pin_must_be_4_to_6_digits'],
      ['0000', 'pin_is_too_simple'],
      ['123456', 'pin_is_too_simple'],
      ['9876', 'pin_is_too_simple'],
    ])('refuses the PIN %s with %s', async (pin, code) => {
      const customer = await registerCustomer(t);
      const response = await call(t, 'POST /user/pin', { pin }, as(customer));
      expect(response.statusCode).toBe(400);
      expect(response.json().data[0]).toMatchObject({ code, field: 'pin' });
    });

    it('verifies the PIN; 5 wrong entries lock it for 15 minutes, even for the right PIN', async () => {
      const customer = await registerCustomer(t);
      const notSet = await call(t, 'POST /user/pin/verify', { pin: '2580' }, as(customer));
      expect(notSet.json().error.code).toBe('pin_not_set');
      await call(t, 'POST /user/pin', { pin: '2580' }, as(customer));
      expect((await call(t, 'POST /user/pin/verify', { pin: '2580' }, as(customer))).json()).toEqual({
        data: { verified: true },
      });
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const wrong = await call(t, 'POST /user/pin/verify', { pin: '2581' }, as(customer));
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error.code).toBe('pin_is_invalid');
      }
      const fifth = await call(t, 'POST /user/pin/verify', { pin: '2581' }, as(customer));
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().error.code).toBe('pin_locked');
      expect(fifth.headers['retry-after']).toBe('900');
      const right = await call(t, 'POST /user/pin/verify', { pin: '2580' }, as(customer));
      expect(right.json().error.code).toBe('pin_locked');
      const status = (await call(t, 'GET /user/pin/is-valid', undefined, as(customer))).json().data;
      expect(status.lockedUntil).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString());
      t.clock.advance(15 * 60_000);
      expect((await call(t, 'POST /user/pin/verify', { pin: '2580' }, as(customer))).statusCode).toBe(200);
    });

    it('resets the count after a right PIN', async () => {
      const customer = await registerCustomer(t);
      await call(t, 'POST /user/pin', { pin: '2580' }, as(customer));
      for (let attempt = 1; attempt <= 4; attempt += 1)
        await call(t, 'POST /user/pin/verify', { pin: '1357' }, as(customer));
      await call(t, 'POST /user/pin/verify', { pin: '2580' }, as(customer));
      const wrong = await call(t, 'POST /user/pin/verify', { pin: '1357' }, as(customer));
      expect(wrong.json().error.code).toBe('pin_is_invalid');
    });

    it('compares at most the 5 tries there are, however many guesses arrive together', async () => {
      const customer = await registerCustomer(t);
      await call(t, 'POST /user/pin', { pin: '2580' }, as(customer));
      const guesses = Array.from({ length: 16 }, (_, index) => String(3001 + index * 7));
      const responses = await Promise.all(
        guesses.map((pin) => call(t, 'POST /user/pin/verify', { pin }, as(customer))),
      );
      const codes = responses.map((response) => response.json().error.code);
      // Five were compared: four answered wrong, the fifth locked the PIN; the rest never got a try.
      expect(codes.filter((code) => code === 'pin_is_invalid')).toHaveLength(4);
      expect(codes.filter((code) => code === 'pin_locked')).toHaveLength(12);
    });

    it('changes the PIN with the current PIN or the password', async () => {
      const customer = await registerCustomer(t);
      const none = await call(t, 'PUT /user/pin/update', { pin: '4826' }, as(customer));
      expect(none.json().error.code).toBe('pin_not_set');
      await call(t, 'POST /user/pin', { pin: '2580' }, as(customer));
      const noProof = await call(t, 'PUT /user/pin/update', { pin: '4826' }, as(customer));
      expect(noProof.json().error.code).toBe('current_pin_or_password_required');
      const wrongPin = await call(t, 'PUT /user/pin/update', { currentPin: '1111', pin: '4826' }, as(customer));
      expect(wrongPin.json().error.code).toBe('pin_is_invalid');
      const wrongPassword = await call(t, 'PUT /user/pin/update', { password: 'nope nope', pin: '4826' }, as(customer));
      expect(wrongPassword.json().error.code).toBe('current_password_is_incorrect');
      const byPin = await call(t, 'PUT /user/pin/update', { currentPin: '2580', pin: '4826' }, as(customer));
      expect(byPin.statusCode).toBe(200);
      expect((await call(t, 'POST /user/pin/verify', { pin: '4826' }, as(customer))).statusCode).toBe(200);
      const byPassword = await call(
        t,
        'PUT /user/pin/update',
        { password: customer.password, pin: '739146' },
        as(customer),
      );
      expect(byPassword.statusCode).toBe(200);
      expect((await call(t, 'POST /user/pin/verify', { pin: '739146' }, as(customer))).statusCode).toBe(200);
      expect((await call(t, 'POST /user/pin/verify', { pin: '4826' }, as(customer))).statusCode).toBe(400);
    });

    it('with authenticator 2FA on, changes the PIN only with a current code as well', async () => {
      const customer = await registerCustomer(t);
      await call(t, 'POST /user/pin', { pin: '2580' }, as(customer));
      const { secret } = await enableTwoFactor(t, customer);
      const change = (body: Record<string, unknown>) =>
        call(t, 'PUT /user/pin/update', { pin: '4826', ...body }, as(customer));
      for (const proof of [{ currentPin: '2580' }, { password: customer.password }]) {
        const none = await change(proof);
        expect(none.statusCode).toBe(403);
        expect(none.json().data[0]).toMatchObject({ code: 'two_factor_code_required', field: 'token' });
        const wrong = await change({ ...proof, token: otherCode(totpCode(t, secret)) });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error.code).toBe('two_factor_code_is_invalid');
      }
      expect((await call(t, 'POST /user/pin/verify', { pin: '2580' }, as(customer))).statusCode).toBe(200);
      const right = await change({ currentPin: '2580', token: totpCode(t, secret) });
      expect(right.statusCode).toBe(200);
      expect((await call(t, 'POST /user/pin/verify', { pin: '4826' }, as(customer))).statusCode).toBe(200);
    });

    it('with authenticator 2FA on, sets the first PIN only with a current code', async () => {
      const customer = await registerCustomer(t);
      const { secret } = await enableTwoFactor(t, customer);
      const none = await call(t, 'POST /user/pin', { pin: '2580' }, as(customer));
      expect(none.statusCode).toBe(403);
      expect(none.json().data[0]).toMatchObject({ code: 'two_factor_code_required', field: 'token' });
      const wrong = await call(
        t,
        'POST /user/pin',
        { pin: '2580', token: otherCode(totpCode(t, secret)) },
        as(customer),
      );
      expect(wrong.json().error.code).toBe('two_factor_code_is_invalid');
      expect((await call(t, 'GET /user/pin/is-valid', undefined, as(customer))).json().data.pinSet).toBe(false);
      const right = await call(t, 'POST /user/pin', { pin: '2580', token: totpCode(t, secret) }, as(customer));
      expect(right.statusCode).toBe(200);
      expect((await call(t, 'POST /user/pin/verify', { pin: '2580' }, as(customer))).statusCode).toBe(200);
    });

    it('needs a signed-in customer', async () => {
      expect((await call(t, 'GET /user/pin/is-valid')).statusCode).toBe(401);
      expect((await call(t, 'POST /user/pin', { pin: '2580' })).statusCode).toBe(401);
    });
  });

  describe('password change', () => {
    const update = (who: Customer, body: Record<string, unknown>, token = who.token) =>
      call(t, 'PUT /user/password/update', body, { token });

    it('changes the password and signs out every other session, keeping this one', async () => {
      const customer = await registerCustomer(t);
      const other = (await call(t, 'POST /auth/login', { email: customer.email, password: customer.password })).json()
        .data.token;
      const response = await update(customer, {
        currentPassword: customer.password,
        newPassword: 'another fine passphrase',
      });
      expect(response.statusCode).toBe(200);
      expect((await call(t, `GET /user/${customer.userId}`, undefined, { token: other })).statusCode).toBe(401);
      expect((await call(t, `GET /user/${customer.userId}`, undefined, { token: customer.token })).statusCode).toBe(
        200,
      );
      const login = await call(t, 'POST /auth/login', { email: customer.email, password: 'another fine passphrase' });
      expect(login.statusCode).toBe(200);
      expect((await messagesTo(t, customer.email))[0]!.subject).toBe('Your Rora password was changed');
    });

    it.each([
      [
        { currentPassword: 'wrong one 123', newPassword: 'another fine passphrase' },
        'current_password_is_incorrect',
        'currentPassword',
      ],
      [
        { currentPassword: undefined, newPassword: 'another fine passphrase' },
        'current_password_is_incorrect',
        'currentPassword',
      ],
      [{ newPassword: 'short' }, 'password_must_have_at_least_8_characters', 'newPassword'],
      [{ newPassword: 'sunshine' }, 'password_is_too_common', 'newPassword'],
      [
        { newPassword: 'another fine passphrase', confirmPassword: 'different' },
        'passwords_do_not_match',
        'confirmPassword',
      ],
      [{ newPassword: null }, 'password_must_have_at_least_8_characters', 'newPassword'],
    ])('refuses %j with %s', async (body, code, field) => {
      const customer = await registerCustomer(t);
      const response = await update(customer, { currentPassword: customer.password, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().data[0]).toMatchObject({ code, field });
    });

    it('needs a new password that differs from the current one', async () => {
      const customer = await registerCustomer(t);
      const response = await update(customer, { currentPassword: customer.password, newPassword: customer.password });
      expect(response.json().data[0]).toMatchObject({ code: 'new_password_must_differ', field: 'newPassword' });
    });
  });
});

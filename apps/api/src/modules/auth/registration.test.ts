import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  call,
  latestCode,
  messagesTo,
  otherCode,
  randomIp,
  registerCustomer,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../accounts/testing/customers.ts';

const MINUTE = 60_000;

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const sendCode = (email: string, ip?: string) =>
    call(t, 'POST /auth/verify-email/send-code', { email }, ip ? { ip } : {});
  const verify = (email: string, token: string) => call(t, 'POST /auth/verify-email', { email, token });
  const register = (body: Record<string, unknown>) =>
    call(t, 'POST /auth/register', { password: STRONG_PASSWORD, recieveUpdates: true, shareData: true, ...body });

  describe('e-mail path', () => {
    it('sends a 6-digit code, and register with it creates the account and signs in', async () => {
      const email = uniqueEmail();
      const sent = await sendCode(email);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ data: { sent: true, expiresInSeconds: 600, resendAfterSeconds: 60 } });
      const [message] = await messagesTo(t, email);
      expect(message).toMatchObject({ channel: 'email', category: 'security' });
      const emailOTP = await latestCode(t, email);
      expect(emailOTP).toMatch(/^\d{6}$/);

      const response = await register({
        email: `  ${email.toUpperCase()} `,
        emailOTP,
        recieveUpdates: false,
        shareData: true,
      });
      expect(response.statusCode).toBe(201);
      const { user, token } = response.json().data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(user).toMatchObject({
        email,
        emailVerified: true,
        phone: null,
        phoneVerified: false,
        twoFactorEnabled: false,
        withdrawal2faEnabled: false,
        pinSet: false,
        kycStatus: 'not_started',
        recieveUpdates: false,
        shareData: true,
        preferences: { newsletterEmails: false, language: 'en', theme: 'dark_theme' },
      });
      const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      const me = await call(t, `GET /user/${user._id}`, undefined, { token });
      expect(me.statusCode).toBe(200);
    });

    it('accepts the code after /auth/verify-email has checked it (within 30 minutes), and only once', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const emailOTP = await latestCode(t, email);
      expect((await verify(email, emailOTP)).json()).toEqual({ data: { verified: true } });
      t.clock.advance(20 * MINUTE);
      expect((await register({ email, emailOTP })).statusCode).toBe(201);
      const again = await register({ email, emailOTP });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('code_is_invalid_or_expired');
    });

    it('refuses a verified code more than 30 minutes after its check', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const emailOTP = await latestCode(t, email);
      await verify(email, emailOTP);
      t.clock.advance(31 * MINUTE);
      expect((await register({ email, emailOTP })).json().error.code).toBe('code_is_invalid_or_expired');
    });

    it('refuses a code after its 10 minutes', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const code = await latestCode(t, email);
      t.clock.advance(10 * MINUTE + 1);
      const response = await verify(email, code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'code_is_invalid_or_expired' },
        data: [{ code: 'code_is_invalid_or_expired', message: 'The code is invalid or has expired', field: 'token' }],
      });
    });

    it('binds a code to its destination and purpose', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const code = await latestCode(t, email);
      expect((await verify(uniqueEmail(), code)).json().error.code).toBe('code_is_invalid_or_expired');
      const asResetCode = await call(t, 'POST /auth/forgot-passord/verify-code', { email, token: code });
      expect(asResetCode.json().error.code).toBe('code_is_invalid_or_expired');
      expect((await verify(email, code)).statusCode).toBe(200);
    });

    it('accepts a code once: of 20 concurrent submissions of the right code exactly one succeeds', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const code = await latestCode(t, email);
      const responses = await Promise.all(Array.from({ length: 20 }, () => verify(email, code)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    });

    it('creates one account from 20 concurrent registrations with the same code', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const emailOTP = await latestCode(t, email);
      const responses = await Promise.all(Array.from({ length: 20 }, () => register({ email, emailOTP })));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      const rows = await t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
      expect(rows).toHaveLength(1);
    });

    it('kills a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const code = await latestCode(t, email);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await verify(email, otherCode(code))).json().error.code).toBe('code_is_invalid_or_expired');
      }
      const fifth = await verify(email, otherCode(code));
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().error.code).toBe('code_attempts_exhausted');
      const sixth = await verify(email, code);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.code).toBe('code_attempts_exhausted');
      expect((await register({ email, emailOTP: code })).json().error.code).toBe('code_attempts_exhausted');
    });

    it('keeps the failure count across a resend', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const first = await latestCode(t, email);
      for (let attempt = 1; attempt <= 3; attempt += 1) await verify(email, otherCode(first));
      t.clock.advance(MINUTE);
      expect((await sendCode(email)).statusCode).toBe(200);
      const second = await latestCode(t, email);
      expect((await verify(email, first)).json().error.code).toBe('code_is_invalid_or_expired');
      // That was the 4th failure; one more ends the new code too.
      expect((await verify(email, otherCode(second))).json().error.code).toBe('code_attempts_exhausted');
      expect((await verify(email, second)).json().error.code).toBe('code_attempts_exhausted');
      // And no new code is sent while the exhausted one would still be live.
      t.clock.advance(MINUTE);
      const refused = await sendCode(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('code_attempts_exhausted');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(10 * MINUTE);
      expect((await sendCode(email)).statusCode).toBe(200);
      expect((await verify(email, await latestCode(t, email))).statusCode).toBe(200);
    });

    it('replaces the previous code on resend', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const first = await latestCode(t, email);
      t.clock.advance(MINUTE);
      await sendCode(email);
      const second = await latestCode(t, email);
      if (second !== first) expect((await verify(email, first)).json().error.code).toBe('code_is_invalid_or_expired');
      expect((await verify(email, second)).statusCode).toBe(200);
    });
  });

  describe('send limits', () => {
    it('waits 60 seconds between sends, then allows 3 per 15 minutes', async () => {
      const email = uniqueEmail();
      expect((await sendCode(email)).statusCode).toBe(200);
      const tooSoon = await sendCode(email);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().error.code).toBe('code_resend_too_soon');
      expect(tooSoon.headers['retry-after']).toBe('60');
      // It says when, not only "later" (issue 19 defect 11).
      expect(tooSoon.json().data[0]).toMatchObject({
        retryAfterSeconds: 60,
        message: expect.stringMatching(/in 1 minute$/),
      });
      t.clock.advance(MINUTE);
      expect((await sendCode(email)).statusCode).toBe(200);
      t.clock.advance(MINUTE);
      expect((await sendCode(email)).statusCode).toBe(200);
      t.clock.advance(MINUTE);
      const fourth = await sendCode(email);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ data: [{ code: 'code_send_limit_reached' }] });
      expect(fourth.headers['retry-after']).toBe(String(12 * 60));
      expect(fourth.json().data[0]).toMatchObject({
        retryAfterSeconds: 12 * 60,
        message: 'Too many codes were requested. Try again in 12 minutes',
      });
      t.clock.advance(12 * MINUTE);
      expect((await sendCode(email)).statusCode).toBe(200);
    });

    it('allows 10 sends to one destination per day', async () => {
      const email = uniqueEmail();
      for (let send = 1; send <= 10; send += 1) {
        expect((await sendCode(email)).statusCode).toBe(200);
        t.clock.advance(6 * MINUTE);
      }
      const eleventh = await sendCode(email);
      expect(eleventh.json().error.code).toBe('code_send_limit_reached');
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(20 * 3600);
      t.clock.advance(24 * 60 * MINUTE);
      expect((await sendCode(email)).statusCode).toBe(200);
    });

    it('limits the code requests from one client address: 10 per 15 minutes, then 429 with Retry-After', async () => {
      const ip = randomIp();
      for (let send = 0; send < 10; send += 1) expect((await sendCode(uniqueEmail(), ip)).statusCode).toBe(200);
      const limited = await sendCode(uniqueEmail(), ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('too_many_requests');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  it('limits code checks from one client address: 30 per 15 minutes, then 429', async () => {
    const ip = randomIp();
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await call(t, 'POST /auth/verify-email', { email, token: '000000' }, { ip })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  describe('an e-mail that already has an account', () => {
    it('answers send-code the same, and mails a notice instead of a code', async () => {
      const customer = await registerCustomer(t);
      t.clock.advance(MINUTE);
      const newAddress = await sendCode(uniqueEmail());
      const taken = await sendCode(customer.email);
      expect(taken.statusCode).toBe(newAddress.statusCode);
      expect(taken.json()).toEqual(newAddress.json());
      const [notice] = await messagesTo(t, customer.email);
      expect(notice!.body).toContain('an account already exists');
      expect(notice!.body).not.toMatch(/\b\d{6}\b/);
    });

    it('answers 409 email_is_already_registered when a valid code meets a taken address', async () => {
      const email = uniqueEmail();
      await sendCode(email);
      const emailOTP = await latestCode(t, email);
      await registerCustomer(t, { email: email.replace('@', '+1@') });
      // Created by another registration between this customer's code and their submit:
      await t.database.db.insert(schema.users).values({ email, passwordHash: '$argon2id$placeholder' });
      const response = await register({ email, emailOTP });
      expect(response.statusCode).toBe(409);
      expect(response.json().data[0]).toMatchObject({ code: 'email_is_already_registered', field: 'email' });
    });
  });

  describe('phone path', () => {
    const phone = () => ({
      countryCode: '+33',
      number: `6 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    });

    it('sends an SMS code to +<dial code><digits>, checks it, and registers with emailOTP and phoneOTP', async () => {
      const email = uniqueEmail();
      const number = phone();
      const to = `+33${number.number.replace(/\D/g, '')}`;
      await sendCode(email);
      const emailOTP = await latestCode(t, email);
      expect((await verify(email, emailOTP)).statusCode).toBe(200);
      const sent = await call(t, 'POST /auth/phone', { phone: number });
      expect(sent.statusCode).toBe(200);
      const [sms] = await messagesTo(t, to);
      expect(sms).toMatchObject({ channel: 'sms', category: 'security' });
      const phoneOTP = await latestCode(t, to);
      expect((await call(t, 'POST /auth/phone/verify', { phone: number, token: phoneOTP })).json()).toEqual({
        data: { verified: true },
      });
      const response = await register({ email, emailOTP, phone: number, phoneOTP });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.user).toMatchObject({
        phone: { countryCode: '+33', number: number.number.replace(/\D/g, '') },
        phoneVerified: true,
        emailVerified: true,
      });
    });

    it('refuses a wrong phone code at registration and creates nothing', async () => {
      const email = uniqueEmail();
      const number = phone();
      await sendCode(email);
      const emailOTP = await latestCode(t, email);
      await call(t, 'POST /auth/phone', { phone: number });
      const phoneOTP = await latestCode(t, `+33${number.number.replace(/\D/g, '')}`);
      const response = await register({ email, emailOTP, phone: number, phoneOTP: otherCode(phoneOTP) });
      expect(response.statusCode).toBe(400);
      expect(response.json().data[0]).toMatchObject({ code: 'code_is_invalid_or_expired', field: 'phoneOTP' });
      expect(await t.database.db.select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);
      // The e-mail code was not used up by the failed attempt.
      expect((await register({ email, emailOTP, phone: number, phoneOTP })).statusCode).toBe(201);
    });

    it('needs the phone with phoneOTP', async () => {
      const response = await register({ email: uniqueEmail(), emailOTP: '123456', phoneOTP: '123456' });
      expect(response.json().data[0]).toMatchObject({ code: 'phone_is_required', field: 'phone' });
    });

    it.each([
      [
        { countryCode: '33', number: '612345678' },
        'phone_country_code_must_be_valid',
        'Please choose a valid country code',
      ],
      [
        { countryCode: '+33', number: '12 34' },
        'phone_number_must_have_at_least_6_digits',
        'Phone number should be at least 6 digits',
      ],
      [
        { countryCode: '+33', number: '6123456789012345' },
        'phone_number_must_be_valid',
        'Please enter a valid phone number',
      ],
      [{ countryCode: '+33', number: '61234abc' }, 'phone_number_must_be_valid', 'Please enter a valid phone number'],
    ])('rejects the phone %j with %s', async (number, code, message) => {
      const response = await call(t, 'POST /auth/phone', { phone: number });
      expect(response.statusCode).toBe(400);
      expect(response.json().data[0]).toMatchObject({ code, message });
    });
  });

  describe('validation (spec §5)', () => {
    it.each([
      ['not-an-email', 'email_must_be_valid', 'Please enter a valid email'],
      [42, 'email_must_be_valid', 'Please enter a valid email'],
    ])('rejects the e-mail %j', async (email, code, message) => {
      const response = await call(t, 'POST /auth/verify-email/send-code', { email });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code, message }, data: [{ code, message, field: 'email' }] });
    });

    it.each([
      ['short12', 'password_must_have_at_least_8_characters', 'Password Should Be at least 8 characters'],
      ['x'.repeat(129), 'password_must_have_at_most_128_characters', 'Password should be at most 128 characters'],
      ['password1', 'password_is_too_common', 'This password is one of the most common ones. Please choose another'],
      ['Qwerty123', 'password_is_too_common', 'This password is one of the most common ones. Please choose another'],
      ['        ', 'password_needs_5_different_characters', 'Use at least 5 different characters in your password'],
    ])('rejects the password %j before any code is used', async (password, code, message) => {
      const email = uniqueEmail();
      await sendCode(email);
      const emailOTP = await latestCode(t, email);
      const response = await register({ email, emailOTP, password });
      expect(response.statusCode).toBe(400);
      expect(response.json().data[0]).toEqual({ code, message, field: 'password' });
      expect((await register({ email, emailOTP })).statusCode).toBe(201);
    });

    it.each([
      ['password', 400, 'password_is_too_common'],
      ['        ', 400, 'password_needs_5_different_characters'],
      ['short', 400, 'password_must_have_at_least_8_characters'],
      ['violet tractor umbrella 93', 200, undefined],
    ])('checks the password %j before any code is sent', async (password, status, code) => {
      const response = await call(t, 'POST /auth/password/check', { password });
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json().data[0]).toMatchObject({ code, field: 'password' });
      else expect(response.json()).toEqual({ data: { acceptable: true } });
    });

    it.each([['12345'], ['1234567'], ['12a456'], [123456]])('rejects the code %j', async (token) => {
      const response = await call(t, 'POST /auth/verify-email', { email: uniqueEmail(), token });
      expect(response.json().data[0]).toMatchObject({ code: 'code_must_be_6_digits', field: 'token' });
    });

    it('needs both consents as booleans', async () => {
      const response = await register({ email: uniqueEmail(), emailOTP: '123456', shareData: 'yes' });
      expect(response.json().data[0]).toMatchObject({ code: 'consent_must_be_boolean', field: 'shareData' });
    });

    it('answers hostile bodies with a 4xx error body', async () => {
      for (const payload of [
        '{"email": ',
        '[]',
        '{"__proto__": {"admin": true}, "email": "a@b.co"}',
        '{"email": {"$gt": ""}}',
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/verify-email/send-code',
          remoteAddress: randomIp(),
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().data[0].message).toEqual(expect.any(String));
      }
    });
  });
});

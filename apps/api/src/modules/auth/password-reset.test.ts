import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  call,
  latestCode,
  messagesTo,
  otherCode,
  registerCustomer,
  STRONG_PASSWORD,
  uniqueEmail,
  type Customer,
} from '../accounts/testing/customers.ts';

const NEW_PASSWORD = 'a brand new passphrase 7';
const MINUTE = 60_000;

describe('password recovery (forgot-passord)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const requestCode = (body: Record<string, unknown>) => call(t, 'POST /auth/forgot-passord/request-code', body);
  const verifyCode = (email: string, token: string) =>
    call(t, 'POST /auth/forgot-passord/verify-code', { email, token });
  const reset = (body: Record<string, unknown>) => call(t, 'POST /auth/forgot-passord/', body);

  async function ticketFor(customer: Customer): Promise<string> {
    await requestCode({ email: customer.email, method: 'email' });
    const response = await verifyCode(customer.email, await latestCode(t, customer.email));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.expiresInSeconds).toBe(900);
    return response.json().data.ticket;
  }

  it('resets by e-mail code: code, ticket, new password; every session ends and the new password signs in', async () => {
    const customer = await registerCustomer(t);
    const other = (await call(t, 'POST /auth/login', { email: customer.email, password: customer.password })).json()
      .data.token;
    const ticket = await ticketFor(customer);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const done = await reset({ email: customer.email, ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { success: true } });
    for (const token of [customer.token, other]) {
      expect((await call(t, `GET /user/${customer.userId}`, undefined, { token })).statusCode).toBe(401);
    }
    expect((await call(t, 'POST /auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(
      400,
    );
    expect((await call(t, 'POST /auth/login', { email: customer.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const [notice] = await messagesTo(t, customer.email);
    expect(notice!.subject).toBe('Your Rora password was changed');
  });

  it('uses a ticket once, and not after 15 minutes', async () => {
    const customer = await registerCustomer(t);
    const ticket = await ticketFor(customer);
    const body = { email: customer.email, ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await reset(body)).statusCode).toBe(200);
    const again = await reset({ ...body, password: `${NEW_PASSWORD}!`, confirmPassword: `${NEW_PASSWORD}!` });
    expect(again.json().error.code).toBe('reset_ticket_is_invalid_or_expired');

    const later = await registerCustomer(t);
    const late = await ticketFor(later);
    t.clock.advance(15 * MINUTE + 1);
    const expired = await reset({
      email: later.email,
      ticket: late,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('reset_ticket_is_invalid_or_expired');
  });

  it("refuses a ticket with another customer's e-mail", async () => {
    const customer = await registerCustomer(t);
    const other = await registerCustomer(t);
    const ticket = await ticketFor(customer);
    const response = await reset({ email: other.email, ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.json().error.code).toBe('reset_ticket_is_invalid_or_expired');
  });

  it('needs a new password that differs from the old one, matches its repeat and follows the rules', async () => {
    const customer = await registerCustomer(t);
    const ticket = await ticketFor(customer);
    const same = await reset({
      email: customer.email,
      ticket,
      password: customer.password,
      confirmPassword: customer.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().data[0]).toMatchObject({
      code: 'new_password_must_differ',
      message: 'The new password must be different from the current one',
    });
    const mismatch = await reset({
      email: customer.email,
      ticket,
      password: NEW_PASSWORD,
      confirmPassword: 'something else 9',
    });
    expect(mismatch.json().data[0]).toEqual({
      code: 'passwords_do_not_match',
      message: 'Passwords do not match',
      field: 'confirmPassword',
    });
    const common = await reset({ email: customer.email, ticket, password: 'iloveyou', confirmPassword: 'iloveyou' });
    expect(common.json().error.code).toBe('password_is_too_common');
    const short = await reset({ email: customer.email, ticket, password: 'abc', confirmPassword: 'abc' });
    expect(short.json().data[0].message).toBe('Password Should Be at least 8 characters');
    // None of these used the ticket up.
    expect(
      (await reset({ email: customer.email, ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('answers a code request for an unknown e-mail exactly as for a customer, and sends no code', async () => {
    const customer = await registerCustomer(t);
    const stranger = uniqueEmail('stranger');
    const known = await requestCode({ email: customer.email, method: 'email' });
    const unknown = await requestCode({ email: stranger, method: 'email' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const [notice] = await messagesTo(t, stranger);
    expect(notice!.body).toContain('there is no account');
    expect(notice!.body).not.toMatch(/\b\d{6}\b/);

    const knownVerify = await verifyCode(customer.email, otherCode(await latestCode(t, customer.email)));
    const unknownVerify = await verifyCode(stranger, '123456');
    expect(unknownVerify.statusCode).toBe(knownVerify.statusCode);
    expect(unknownVerify.body).toBe(knownVerify.body);
  });

  it('applies the same send limits to an unknown e-mail as to a customer', async () => {
    const customer = await registerCustomer(t);
    const stranger = uniqueEmail('stranger');
    for (const email of [customer.email, stranger]) {
      expect((await requestCode({ email, method: 'email' })).statusCode).toBe(200);
    }
    const known = await requestCode({ email: customer.email, method: 'email' });
    const unknown = await requestCode({ email: stranger, method: 'email' });
    expect(known.statusCode).toBe(429);
    expect(known.json().error.code).toBe('code_resend_too_soon');
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
  });

  it('limits wrong reset codes to 5, also for an unknown e-mail', async () => {
    const stranger = uniqueEmail('stranger');
    await requestCode({ email: stranger, method: 'email' });
    const codes = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      codes.push((await verifyCode(stranger, '000000')).json().error.code);
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('code_is_invalid_or_expired'));
    expect(codes.slice(4)).toEqual(['code_attempts_exhausted', 'code_attempts_exhausted']);
  });

  describe('by mobile', () => {
    async function customerWithPhone() {
      const email = uniqueEmail();
      const phone = { countryCode: '+44', number: `7700${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` };
      await call(t, 'POST /auth/verify-email/send-code', { email });
      const emailOTP = await latestCode(t, email);
      await call(t, 'POST /auth/phone', { phone });
      const phoneOTP = await latestCode(t, `+44${phone.number}`);
      const body = {
        email,
        password: STRONG_PASSWORD,
        recieveUpdates: true,
        shareData: true,
        emailOTP,
        phone,
        phoneOTP,
      };
      expect((await call(t, 'POST /auth/register', body)).statusCode).toBe(201);
      return { email, phone, to: `+44${phone.number}` };
    }

    it("sends the code by SMS to the account's verified phone, and the code resets the password", async () => {
      const { email, phone, to } = await customerWithPhone();
      t.clock.advance(MINUTE);
      expect((await requestCode({ email, method: 'mobile', phone })).statusCode).toBe(200);
      const [sms] = await messagesTo(t, to);
      expect(sms!.body).toContain('password reset code');
      const verified = await verifyCode(email, await latestCode(t, to));
      expect(verified.statusCode).toBe(200);
    });

    it('sends nothing to another phone, and answers the same', async () => {
      const { email, to } = await customerWithPhone();
      const before = (await messagesTo(t, to)).length;
      const wrongPhone = { countryCode: '+44', number: '7700000001' };
      const response = await requestCode({ email, method: 'mobile', phone: wrongPhone });
      expect(response.statusCode).toBe(200);
      expect(await messagesTo(t, '+447700000001')).toHaveLength(0);
      expect(await messagesTo(t, to)).toHaveLength(before);
    });

    it('needs the phone and a known method', async () => {
      const noPhone = await requestCode({ email: uniqueEmail(), method: 'mobile' });
      expect(noPhone.json().data[0]).toMatchObject({ code: 'phone_is_required', field: 'phone' });
      const badMethod = await requestCode({ email: uniqueEmail(), method: 'pigeon' });
      expect(badMethod.json().data[0]).toMatchObject({
        code: 'recovery_method_must_be_email_or_mobile',
        field: 'method',
      });
    });
  });

  it('also answers without the trailing slash', async () => {
    const customer = await registerCustomer(t);
    const ticket = await ticketFor(customer);
    const response = await call(t, 'POST /auth/forgot-passord', {
      email: customer.email,
      ticket,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const tickets = await t.database.db
      .select()
      .from(schema.passwordResetTickets)
      .where(eq(schema.passwordResetTickets.userId, customer.userId));
    expect(tickets.every((row) => row.usedAt !== null)).toBe(true);
  });
});

// The per-account sign-in backoff (issue 15 item 6): wrong passwords for one e-mail address, from
// any number of client addresses, slow further tries down; the wait is kept in PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@rora/contracts';
import { schema } from '@rora/db';
import { buildApp } from '../../app.ts';
import { createTestApp, loadTestConfig, type TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import { createPasswordHasher } from '../accounts/passwords.ts';
import {
  call,
  latestCode,
  messagesTo,
  registerCustomer,
  uniqueEmail,
  type Customer,
} from '../accounts/testing/customers.ts';
import { releaseTogether } from '../wallets/testing/release-together.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const WRONG = 'not the password 1';
const login = (email: string, password: string) => call(t, 'POST /auth/login', { email, password });

async function failFiveTimes(email: string) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await login(email, WRONG);
    expect(response.json().error.code).toBe('credentials_are_invalid');
  }
}

async function backoffRow(email: string) {
  const [row] = await t.database.db.select().from(schema.signInBackoff).where(eq(schema.signInBackoff.email, email));
  return row;
}

const noticesTo = async (email: string) =>
  (await messagesTo(t, email)).filter((message) => message.subject.includes('trying to sign in'));

describe('the sign-in backoff', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await registerCustomer(t);
  });

  it('refuses even the right password for a second after 5 wrong ones, with 429 and Retry-After', async () => {
    await failFiveTimes(customer.email);
    const refused = await login(customer.email, customer.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('sign_in_must_wait_after_failed_attempts');
    expect(refused.json().error.message).toBe('Too many wrong passwords for this account. Try again in 1 seconds');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().data[0]).toMatchObject({ retryAfterSeconds: 1 });
    t.clock.advance(1_000);
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('starts again from zero after a right password', async () => {
    expect(await backoffRow(customer.email)).toBeUndefined();
    await failFiveTimes(customer.email);
    t.clock.advance(1_000);
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, up to 15 minutes', async () => {
    const other = await registerCustomer(t);
    await failFiveTimes(other.email);
    const waits: number[] = [];
    for (let failure = 6; failure <= 17; failure += 1) {
      const early = await login(other.email, WRONG);
      expect(early.statusCode).toBe(429);
      const waitSeconds = Number(early.headers['retry-after']);
      waits.push(waitSeconds);
      t.clock.advance(waitSeconds * 1_000 - 1);
      expect((await login(other.email, other.password)).statusCode).toBe(429);
      t.clock.advance(1);
      expect((await login(other.email, WRONG)).json().error.code).toBe('credentials_are_invalid');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(await backoffRow(other.email)).toMatchObject({ failures: 17 });
    t.clock.advance(900_000);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('slows an address without an account the same way, so it tells nothing about who is registered', async () => {
    const nobody = uniqueEmail('nobody');
    await failFiveTimes(nobody);
    const refused = await login(nobody, WRONG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('sign_in_must_wait_after_failed_attempts');
    expect(await noticesTo(nobody)).toHaveLength(0);
  });

  it('checks 5 passwords of 60 wrong ones sent together from 60 addresses', async () => {
    // Real sockets through a trusted proxy, so each request comes from its own client address and
    // the per-address limit stays out of the way.
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const target = await registerCustomer(proxied);
      const port = await proxied.listen();
      const requests = Array.from({ length: 60 }, (_, index) => ({
        method: 'POST' as const,
        path: '/api/v1/auth/login',
        headers: { 'x-forwarded-for': `10.1.0.${index + 1}` },
        body: { email: target.email, password: WRONG },
      }));
      const responses = await releaseTogether(port, requests);
      const codes = responses.map((response) => (JSON.parse(response.body) as ErrorBody).error.code);
      // Counted by code, so a failure says what came instead (a refused connection answers 503).
      const counts: Record<string, number> = {};
      for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
      expect(counts).toEqual({ credentials_are_invalid: 5, sign_in_must_wait_after_failed_attempts: 55 });
      const [row] = await proxied.database.db
        .select()
        .from(schema.signInBackoff)
        .where(eq(schema.signInBackoff.email, target.email));
      expect(row).toMatchObject({ failures: 5 });
      const notices = await messagesTo(proxied, target.email);
      expect(notices.filter((message) => message.subject.includes('trying to sign in'))).toHaveLength(1);
    } finally {
      await proxied.close();
    }
  });

  it('tells the owner once per streak, in their language', async () => {
    const owner = await registerCustomer(t);
    await t.database.db.update(schema.users).set({ language: 'fr' }).where(eq(schema.users.id, owner.userId));
    await failFiveTimes(owner.email);
    for (let failure = 6; failure <= 8; failure += 1) {
      t.clock.advance(60_000);
      await login(owner.email, WRONG);
    }
    const notices = await messagesTo(t, owner.email);
    expect(notices.filter((message) => message.subject.startsWith('Quelqu’un tente'))).toHaveLength(1);
    t.clock.advance(60_000);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    await failFiveTimes(owner.email);
    const after = await messagesTo(t, owner.email);
    expect(after.filter((message) => message.subject.startsWith('Quelqu’un tente'))).toHaveLength(2);
  });

  it('counts wrong current passwords typed in the settings too, so they are no side door', async () => {
    const owner = await registerCustomer(t);
    const as = { token: owner.token };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const body = { currentPassword: WRONG, newPassword: 'another fine passphrase' };
      const wrong = await call(t, 'PUT /user/password/update', body, as);
      expect(wrong.json().error.code).toBe('current_password_is_incorrect');
    }
    const body = { currentPassword: owner.password, newPassword: 'another fine passphrase' };
    const refused = await call(t, 'PUT /user/password/update', body, as);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('sign_in_must_wait_after_failed_attempts');
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);
    expect(await noticesTo(owner.email)).toHaveLength(1);
    t.clock.advance(1_000);
    await call(t, 'POST /user/pin', { pin: '2580' }, as);
    const pinByPassword = await call(t, 'PUT /user/pin/update', { password: owner.password, pin: '4826' }, as);
    expect(pinByPassword.statusCode).toBe(200);
    expect(await backoffRow(owner.email)).toBeUndefined();
  });

  it('ends the streak when the owner resets the password, so they sign in at once', async () => {
    const owner = await registerCustomer(t);
    for (let failure = 0; failure < 12; failure += 1) {
      t.clock.advance(15 * 60_000);
      await login(owner.email, WRONG);
    }
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);
    await call(t, 'POST /auth/forgot-passord/request-code', { email: owner.email, method: 'email' });
    const token = await latestCode(t, owner.email);
    const verified = await call(t, 'POST /auth/forgot-passord/verify-code', { email: owner.email, token });
    const password = 'a brand new passphrase 7';
    const body = { email: owner.email, ticket: verified.json().data.ticket, password, confirmPassword: password };
    expect((await call(t, 'POST /auth/forgot-passord/', body)).statusCode).toBe(200);
    expect((await login(owner.email, password)).statusCode).toBe(200);
  });

  it('answers credentials_are_invalid even when the notice cannot be delivered', async () => {
    const noMail = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const password = 'the owner passphrase 9';
      const passwordHash = await createPasswordHasher().hash(password);
      const owner = await createTestUser(noMail, { passwordHash });
      const unknown = uniqueEmail('nobody');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        for (const email of [owner.email, unknown]) {
          const response = await call(noMail, 'POST /auth/login', { email, password: WRONG });
          expect(response.statusCode).toBe(400);
          expect(response.json().error.code).toBe('credentials_are_invalid');
        }
      }
      const [notice] = await messagesTo(noMail, owner.email);
      expect(notice).toMatchObject({ status: 'failed', subject: 'Someone is trying to sign in to your Rora account' });
      noMail.clock.advance(1_000);
      expect((await call(noMail, 'POST /auth/login', { email: owner.email, password })).statusCode).toBe(200);
    } finally {
      await noMail.close();
    }
  });

  it('keeps the wait across a restart of the API on the same database', async () => {
    const survivor = await registerCustomer(t);
    await failFiveTimes(survivor.email);
    t.clock.advance(1_000);
    await login(survivor.email, WRONG);
    const config = loadTestConfig();
    const restarted = await buildApp({ config, database: t.database, clock: t.clock });
    try {
      const refused = await restarted.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: survivor.email, password: survivor.password },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('2');
    } finally {
      await restarted.close();
    }
  });
});

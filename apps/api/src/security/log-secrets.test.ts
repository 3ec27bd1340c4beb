// Secrets stay out of the logs (TESTING.md, ASVS V16): the whole log stream, at trace level, of a
// customer's life through the real routes (e-mail and phone codes, registration, login with the
// password, authenticator 2FA and a login with its code, a PIN set and checked, a password change,
// bearer-authenticated calls, a few wrong guesses) holds none of the secrets it handled, nor the
// stored password hash, PIN hash or TOTP secret read back from the database.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { call, latestCode, totpCode, uniqueEmail } from '../modules/accounts/testing/customers.ts';
import { createSecurityApp, type SecurityApp } from './security-app.ts';

let t: SecurityApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createSecurityApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => t?.close());

function ok(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
  return response.json().data;
}

/**
 * A short number as a token of its own, not inside a longer number (a time, a duration) nor a hex id
 * (a request id such as `…-2580ae…`, which made a like check fail once in a full run).
 */
const standalone = (digits: string) => new RegExp(`(?<![\\w.-])${digits}(?!\\w)`);

/** The stored forms of a customer's secrets. */
async function storedSecrets(userId: string): Promise<string[]> {
  const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, userId));
  const [security] = await t.database.db
    .select()
    .from(schema.accountSecurity)
    .where(eq(schema.accountSecurity.userId, userId));
  const stored = [user!.passwordHash, security?.pinHash, security?.totpSecret].filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  // A hash's digest alone (after its last `$`) is as good as the whole to a cracker.
  return [...stored, ...stored.map((value) => value.split('$').at(-1)!).filter((digest) => digest.length >= 16)];
}

/** What a session token is stored as: its SHA-256, as hex and base64. */
const tokenHashes = (token: string) => {
  const digest = createHash('sha256').update(token).digest();
  return [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')];
};

describe('secrets in logs', () => {
  it('no password, code, PIN, token, TOTP secret or stored hash in the trace-level log of a customer’s life', async () => {
    const email = uniqueEmail('logs');
    const password = 'Secret-Passphrase-For-Logs-417';
    const newPassword = 'Another-Secret-Passphrase-933';
    const wrongPassword = 'Wrong-Passphrase-Typed-By-Mistake-55';
    const phone = { countryCode: '+33', number: `6${String(Date.now()).slice(-8)}` };
    const sms = `+33${phone.number}`;
    const pin = '4827';
    const wrongPin = '9163';

    // E-mail and phone codes, each checked, then registration.
    ok(await call(t, 'POST /auth/verify-email/send-code', { email }), 'send-code');
    const emailOTP = await latestCode(t, email);
    ok(await call(t, 'POST /auth/verify-email', { email, token: emailOTP }), 'verify-email');
    ok(await call(t, 'POST /auth/phone', { phone }), 'phone');
    const phoneOTP = await latestCode(t, sms);
    ok(await call(t, 'POST /auth/phone/verify', { phone, token: phoneOTP }), 'phone/verify');
    const registration = { email, password, emailOTP, phone, phoneOTP, recieveUpdates: true, shareData: false };
    const registered = ok(await call(t, 'POST /auth/register', registration), 'register');
    const userId: string = registered.user._id;
    const tokens: string[] = [registered.token];

    // A wrong password, then the right one.
    expect((await call(t, 'POST /auth/login', { email, password: wrongPassword })).statusCode).toBe(400);
    tokens.push(ok(await call(t, 'POST /auth/login', { email, password }), 'login').token);

    // Authenticator 2FA on, then a login with its code.
    const key = ok(await call(t, 'POST /auth/2fa/generate-key', undefined, { token: tokens[1] }), 'generate-key');
    const setupCode = totpCode(t, key.secret);
    const confirmed = ok(
      await call(t, 'POST /auth/2fa/verify-token', { token: setupCode }, { token: tokens[1] }),
      'verify-token',
    );
    t.clock.advance(30_000);
    const loginCode = totpCode(t, key.secret);
    tokens.push(ok(await call(t, 'POST /auth/login', { email, password, totp: loginCode }), 'login with 2FA').token);

    // A PIN set and checked (once wrong), the profile read, the password changed.
    const bearer = { token: tokens[2] };
    // With 2FA on, the first PIN needs a current code too.
    t.clock.advance(30_000);
    ok(await call(t, 'POST /user/pin', { pin, token: totpCode(t, key.secret) }, bearer), 'pin');
    expect((await call(t, 'POST /user/pin/verify', { pin: wrongPin }, bearer)).statusCode).toBeGreaterThanOrEqual(400);
    ok(await call(t, 'POST /user/pin/verify', { pin }, bearer), 'pin/verify');
    ok(await call(t, `GET /user/${userId}`, undefined, bearer), 'profile');
    const stored = await storedSecrets(userId);
    const change = { currentPassword: password, newPassword, confirmPassword: newPassword };
    ok(await call(t, 'PUT /user/password/update', change, bearer), 'password/update');
    stored.push(...(await storedSecrets(userId)));
    ok(await call(t, `GET /user/${userId}`, undefined, bearer), 'profile after the change');

    const log = lines.join('\n');
    // Each of the 16 requests above left its two lines at least (incoming, completed).
    expect(lines.filter((line) => line.includes('incoming request')).length).toBeGreaterThanOrEqual(16);
    expect(lines.filter((line) => line.includes('request completed')).length).toBeGreaterThanOrEqual(16);
    expect(log).toContain(userId);
    const secrets: Array<[string, string]> = [
      ['the password', password],
      ['the new password', newPassword],
      ['a mistyped password', wrongPassword],
      ['the TOTP secret', key.secret],
      ['the otpauth URL', key.otpauthUrl ?? key.secret],
      ...tokens.map((token, index): [string, string] => [`bearer token ${index + 1}`, token]),
      ...tokens.flatMap(tokenHashes).map((hash): [string, string] => ['a stored session-token hash', hash]),
      ...(confirmed.recoveryCodes as string[]).map((code): [string, string] => ['a recovery code', code]),
      ...stored.map((value): [string, string] => ['a stored hash or secret', value]),
    ];
    for (const [what, value] of secrets) expect(log.includes(value), `the log holds ${what}`).toBe(false);
    expect(log, 'the log holds an argon2 hash').not.toMatch(/\$argon2(id|i|d)\$/);
    for (const [what, digits] of [
      ['the e-mail code', emailOTP],
      ['the SMS code', phoneOTP],
      ['the 2FA setup code', setupCode],
      ['the 2FA login code', loginCode],
      ['the PIN', pin],
      ['a mistyped PIN', wrongPin],
    ]) {
      expect(standalone(digits!).test(log), `the log holds ${what} (${digits})`).toBe(false);
    }
  });
});

// Helpers for the accounts API tests: calls through `inject` from a chosen client address, codes
// read back from the outbox (as a customer reads their mailbox), customers registered through the
// real routes, and authenticator codes computed for the test clock.
import { randomBytes, randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { schema } from '@rora/db';
import type { TestApp } from '../../../testing/test-app.ts';

export interface CallOptions {
  token?: string;
  /** Client address; a fresh random one by default, so per-address limits only bite where a test wants them. */
  ip?: string;
  userAgent?: string;
}

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export const uniqueEmail = (tag = 'customer') => `${tag}-${randomBytes(5).toString('hex')}@example.com`;
export const STRONG_PASSWORD = 'correct horse battery staple 42';

/** `call(t, 'POST /auth/login', body, options)`: one request under /api/v1. */
export function call(t: TestApp, request: string, body?: unknown, options: CallOptions = {}) {
  const [method, url] = request.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** The 6-digit code in the newest message sent to `to` (an e-mail or +<dial><digits>). */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [message] = await t.database.db
    .select({ body: schema.outboxMessages.body })
    .from(schema.outboxMessages)
    .where(eq(schema.outboxMessages.destination, to))
    .orderBy(desc(schema.outboxMessages.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

export async function messagesTo(t: TestApp, to: string) {
  return t.database.db
    .select()
    .from(schema.outboxMessages)
    .where(eq(schema.outboxMessages.destination, to))
    .orderBy(desc(schema.outboxMessages.createdAt));
}

/** A code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export interface Customer {
  userId: string;
  email: string;
  password: string;
  token: string;
}

/** Registers through the e-mail path of the real routes and returns the signed-in customer. */
export async function registerCustomer(
  t: TestApp,
  options: { email?: string; password?: string } = {},
): Promise<Customer> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const sent = await call(t, 'POST /auth/verify-email/send-code', { email });
  if (sent.statusCode !== 200) throw new Error(`send-code answered ${sent.statusCode}: ${sent.body}`);
  const emailOTP = await latestCode(t, email);
  const response = await call(t, 'POST /auth/register', {
    email,
    password,
    recieveUpdates: true,
    shareData: false,
    emailOTP,
  });
  if (response.statusCode !== 201) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  const { user, token } = response.json().data;
  return { userId: user._id, email, password, token };
}

/** The authenticator app: the code for `secret` at the test clock's time (plus `offsetSteps`). */
export function totpCode(t: TestApp, secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: t.clock.now().getTime() + offsetSteps * 30_000 });
}

/** Turns authenticator 2FA on for a customer; returns the secret and recovery codes. */
export async function enableTwoFactor(t: TestApp, customer: Customer) {
  const key = await call(t, 'POST /auth/2fa/generate-key', undefined, { token: customer.token });
  const { secret } = key.json().data as { secret: string };
  const confirmed = await call(
    t,
    'POST /auth/2fa/verify-token',
    { token: totpCode(t, secret) },
    { token: customer.token },
  );
  if (confirmed.statusCode !== 200) throw new Error(`verify-token answered ${confirmed.statusCode}: ${confirmed.body}`);
  // The next code must come from a later time-step.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

// Talking to the e2e server directly: one-time codes from the dev outbox, a customer registered
// through the real API (for journeys that start signed in), and the dev hook that notifies.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Customer {
  readonly email: string;
  readonly password: string;
  readonly phone: { readonly countryCode: string; readonly number: string };
  readonly token: string;
  readonly user: Record<string, unknown>;
}

/** The Authorization header of a customer, or of a bare session token. */
export const bearer = (who: Customer | string) => ({
  authorization: `Bearer ${typeof who === 'string' ? who : who.token}`,
});

const random = (digits: number) => Array.from({ length: digits }, () => Math.floor(Math.random() * 10)).join('');

export function newIdentity() {
  const id = `${Date.now().toString(36)}${random(4)}`;
  return {
    email: `e2e-${id}@example.com`,
    password: `Calm-harbour-${random(4)}`,
    phone: { countryCode: '+44', number: `7700${random(6)}` },
  };
}

interface OutboxItem {
  readonly id: string;
  readonly text: string;
}

// The dev outbox answers { data: { items } } (the API envelope); a bare { items } is accepted too so
// the journeys do not depend on when the dev route adopted the envelope.
function outboxItems(body: unknown): OutboxItem[] {
  const record = body as { data?: { items?: OutboxItem[] }; items?: OutboxItem[] };
  return record.data?.items ?? record.items ?? [];
}

/** The newest 6-digit code sent to an address (e-mail or +<dial><number>), waiting for it to arrive. */
export async function latestCode(request: APIRequestContext, to: string, notBefore?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=5`);
        const newest = outboxItems(await response.json())[0];
        if (!newest || newest.id === notBefore) return '';
        code = /\b(\d{6})\b/.exec(newest.text)?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}

/** The id of the newest message to an address, to tell a resent code from the first one. */
export async function latestMessageId(request: APIRequestContext, to: string): Promise<string | undefined> {
  const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  return outboxItems(await response.json())[0]?.id;
}

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Registers through the API exactly as the register screen does (docs/adr/0010). */
export async function registerCustomer(request: APIRequestContext): Promise<Customer> {
  const { email, password, phone } = newIdentity();
  await post(request, '/auth/verify-email/send-code', { email });
  const emailOTP = await latestCode(request, email);
  await post(request, '/auth/verify-email', { email, token: emailOTP });
  await post(request, '/auth/phone', { phone });
  const phoneOTP = await latestCode(request, `${phone.countryCode}${phone.number}`);
  await post(request, '/auth/phone/verify', { phone, token: phoneOTP });
  const result = await post<{ user: Record<string, unknown>; token: string }>(request, '/auth/register', {
    email,
    password,
    recieveUpdates: true,
    shareData: true,
    emailOTP,
    phone,
    phoneOTP,
  });
  return { email, password, phone, token: result.token, user: result.user };
}

/** Puts a session in the browser's storage the way the app persists it, then opens `path`. */
export async function openSignedIn(page: Page, customer: Customer, path: string): Promise<void> {
  await page.goto('/auth/login');
  await page.evaluate(
    ({ user, token }) => localStorage.setItem('auth', JSON.stringify({ user, token, authenticated: true })),
    { user: customer.user, token: customer.token },
  );
  await page.goto(path);
}

/** Dev hook of scripts/e2e-server.ts: the server notifies the customer of this session. */
export async function notify(request: APIRequestContext, token: string, message: string): Promise<void> {
  const response = await request.post(`${process.env.E2E_HOOK_URL}/notify`, { data: { token, message } });
  expect(response.status(), await response.text()).toBe(201);
}

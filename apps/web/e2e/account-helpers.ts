// Helpers of the account journeys: calls made as a signed-in customer (to check what the screens
// saved), a second sign-in from another device, and authenticator codes computed from the key the
// setup dialog shows (RFC 6238 with otpauth, like the API).
import { Secret, TOTP } from 'otpauth';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, type Customer } from './support/api.ts';

export const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

export function userIdOf(customer: Customer): string {
  return String(customer.user._id ?? customer.user.id);
}

/** GET /api/v1{path} as the customer; answers the status and the `data` of the body. */
export async function getAs(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(`/api/v1${path}`, { headers: bearer(token) });
  const body = (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> };
  return { status: response.status(), data: body.data ?? {} };
}

export async function postAs(request: APIRequestContext, token: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { headers: bearer(token), data });
  return { status: response.status(), body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** The profile the API holds now (GET /user/{id}). */
export async function profileOf(request: APIRequestContext, customer: Customer) {
  const { status, data } = await getAs(request, customer.token, `/user/${userIdOf(customer)}`);
  expect(status).toBe(200);
  return data as {
    preferences: Record<string, unknown>;
    twoFactorEnabled: boolean;
    withdrawal2faEnabled: boolean;
    pinSet: boolean;
  };
}

/** Signs the customer in again, as another device would; returns that session's token. */
export async function signInElsewhere(request: APIRequestContext, customer: Customer, userAgent = FIREFOX_ON_WINDOWS) {
  const response = await request.post('/api/v1/auth/login', {
    headers: { 'user-agent': userAgent },
    data: { email: customer.email, password: customer.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The code an authenticator app shows for this key, `stepsAhead` periods after `from` (now by default). */
export function totpCode(secret: string, stepsAhead = 0, from = Date.now()): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: from + stepsAhead * 30_000 });
}

/**
 * Waits until the 30-second period after the one of `from` has begun: the API accepts a code at most
 * one period ahead, and each code only in a later period than the last one it accepted.
 */
export async function waitForNextPeriod(from: number): Promise<void> {
  const nextPeriodAt = (Math.floor(from / 30_000) + 1) * 30_000;
  const waitMs = nextPeriodAt - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 250));
}

/** Opens the setup dialog, reads the key, confirms it with a computed code; leaves the recovery codes on screen. */
export async function turnOnTwoFactor(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await expect(dialog.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByLabel('6-digit code from the app').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return { secret, codes: (await codes.allTextContents()).map((code) => code.trim()) };
}

/**
 * Ticks "stored" in the recovery codes dialog and closes it with Done, then waits until it is gone:
 * Done first waits for the profile, and the page behind the modal takes no typing until it closes
 * (a field filled meanwhile stayed empty: the screenshot journey's PIN, once in five full runs here).
 */
export async function storeRecoveryCodes(page: Page): Promise<void> {
  await page.getByLabel('I have stored my recovery codes somewhere safe').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

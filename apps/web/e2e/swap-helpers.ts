// Helpers of the swap and on-ramp journeys, all through the real API: a registered customer whose
// identity the sandbox provider approves (the same four documents as the KYC journey), and coins
// bought with the sandbox on-ramp's approving test card, as a customer would fund an account.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, registerCustomer, type Customer } from './support/api.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/swap-screens');

export const APPROVING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });

const userIdOf = (customer: Customer) => String(customer.user._id ?? customer.user.id);

async function expectOk(response: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
}

const DOCUMENTS = [
  ['upload-proof-of-residence', 'utility-bill.png', 'image/png'],
  ['upload-id-card', 'id-card.jpg', 'image/jpeg'],
  ['upload-photo', 'photo.jpg', 'image/jpeg'],
  ['upload-photo-with-id-card', 'selfie-with-id.jpg', 'image/jpeg'],
] as const;

/** Identity details, four documents, sent for review; resolves once the sandbox provider approved. */
export async function approveIdentity(request: APIRequestContext, customer: Customer): Promise<void> {
  const id = userIdOf(customer);
  const headers = bearer(customer.token);
  await expectOk(
    await request.put(`/api/v1/user/verify-user-identity/${id}`, {
      headers,
      data: {
        fullName: 'Grace Hopper',
        dateOfBirth: '1985-12-09',
        address: '12 Analytical Engine Road',
        city: 'London',
        country: 'GB',
        currency: 'GBP',
        privacyPolicyAgreed: true,
      },
    }),
    'identity',
  );
  for (const [route, file, mimeType] of DOCUMENTS) {
    const buffer = readFileSync(path.join(here, 'fixtures/kyc', file));
    const upload = await request.put(`/api/v1/user/${route}/${id}`, {
      headers,
      multipart: { file: { name: file, mimeType, buffer } },
    });
    await expectOk(upload, route);
  }
  await expectOk(
    await request.post('/api/v1/user/update-kyc-status', { headers, data: { status: 'waiting_for_approval' } }),
    'send for review',
  );
  await expect
    .poll(
      async () => {
        const state = await request.get(`/api/v1/user/kyc/${id}`, { headers });
        return ((await state.json()) as { data?: { status?: string } }).data?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('approved');
}

export async function approvedCustomer(request: APIRequestContext): Promise<Customer> {
  const customer = await registerCustomer(request);
  await approveIdentity(request, customer);
  return customer;
}

/** Buys `asset` for `usd` dollars through the sandbox on-ramp with the approving test card. */
export async function buyWithCard(request: APIRequestContext, customer: Customer, asset: string, usd: string) {
  const started = await request.post('/api/v1/order/init', {
    headers: { ...bearer(customer.token), 'idempotency-key': `e2e-${Date.now()}-${asset}` },
    data: { asset, fiatAmount: usd },
  });
  await expectOk(started, 'order/init');
  const purchase = ((await started.json()) as { data: { id: string; widget: { url: string } } }).data;
  const paid = await request.post(`${purchase.widget.url}/pay`, {
    data: { cardNumber: APPROVING_CARD, expiry: '12/39', cvc: '123' },
  });
  await expectOk(paid, 'sandbox pay');
  await expect
    .poll(async () => {
      const state = await request.get(`/api/v1/onramp/purchases/${purchase.id}`, { headers: bearer(customer.token) });
      return ((await state.json()) as { data?: { status?: string } }).data?.status;
    })
    .toBe('completed');
}

// Helpers of the lending journeys, all through the real API: a loan request posted and funded as a
// customer's client would (with Idempotency-Keys), and the sandbox price control of the dev routes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, type Customer } from './support/api.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/lending-screens');

export const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true, animations: 'disabled' });

const keyed = (customer: Customer) => ({
  ...bearer(customer),
  'idempotency-key': `e2e-${Date.now()}-${Math.random()}`,
});

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export async function postLoanRequest(
  request: APIRequestContext,
  customer: Customer,
  body: { amount: string; collateralAmount: string },
): Promise<string> {
  const data = { asset: 'USDT', rateBps: 1200, termDays: 14, collateralAsset: 'BTC', ...body };
  return (await ok<{ id: string }>(await request.post('/api/v1/p2p', { headers: keyed(customer), data }), 'POST /p2p'))
    .id;
}

export async function lend(request: APIRequestContext, customer: Customer, loanId: string): Promise<void> {
  await ok(await request.post(`/api/v1/p2p/lend/${loanId}`, { headers: keyed(customer) }), 'lend');
}

/** Sandbox price control: BTC's reference price for loans (undefined: back to the markets'), then the risk sweep. */
export async function setBtcPrice(request: APIRequestContext, usdPrice: string | undefined) {
  const data = usdPrice === undefined ? { asset: 'BTC' } : { asset: 'BTC', usdPrice };
  return ok<{ liquidated: number }>(await request.post('/api/v1/dev/lending/price', { data }), 'dev price');
}

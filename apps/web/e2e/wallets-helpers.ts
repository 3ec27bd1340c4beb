// Helpers of the wallets journeys, all through the real API: a PIN for a customer, the devnet faucet
// and block mining of the dev routes, and a customer's own wallets.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, type Customer } from './support/api.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/wallets-screens');

export const PIN = '2580';
/** A valid mainnet Bitcoin address no Rora customer has (BIP173's example). */
export const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

export const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true, animations: 'disabled' });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** What the customer has available of an asset, as the dashboard says ('0' before any). */
export async function availableOf(request: APIRequestContext, customer: Customer, symbol: string): Promise<string> {
  const response = await request.get('/api/v1/dashboard', { headers: bearer(customer) });
  const body = (await response.json()) as { data?: { assets?: Array<{ assetSymbol: string; available: string }> } };
  return body.data?.assets?.find((asset) => asset.assetSymbol === symbol)?.available ?? '0';
}

export async function setPin(request: APIRequestContext, customer: Customer): Promise<void> {
  await ok(await request.post('/api/v1/user/pin', { headers: bearer(customer), data: { pin: PIN } }), 'set PIN');
}

/** A devnet deposit to the customer (dev route behind `npm run faucet`). */
export async function faucet(request: APIRequestContext, customer: Customer, asset: string, amount: string) {
  return ok<{ txid: string }>(
    await request.post('/api/v1/dev/faucet', { data: { email: customer.email, asset, amount } }),
    'faucet',
  );
}

/** Mines blocks now, so a journey does not wait for the block timer. */
export async function mine(request: APIRequestContext, network: string, blocks: number): Promise<void> {
  await ok(await request.post('/api/v1/dev/mine', { data: { network, blocks } }), 'mine');
}

interface WalletView {
  readonly id: string;
  readonly address: string;
  readonly balance: string;
  readonly network: { readonly id: string };
}

export async function walletOf(request: APIRequestContext, customer: Customer, network: string): Promise<WalletView> {
  const list = await ok<{ wallets: WalletView[] }>(
    await request.get('/api/v1/wallet/generate', { headers: bearer(customer) }),
    'wallets',
  );
  const wallet = list.wallets.find((item) => item.network.id === network);
  if (!wallet) throw new Error(`no ${network} wallet`);
  return wallet;
}

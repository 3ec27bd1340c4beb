// Test helpers for the lending module: the real app on a fresh database with the catalogue's USD
// prices (BTC 65,000, ETH 3,500, USDT 1), approved customers funded by real deposit transfers,
// and the calls as a customer makes them (with an Idempotency-Key on the money steps).
import { eq } from 'drizzle-orm';
import type { Loan } from '@rora/contracts';
import { schema } from '@rora/db';
import { createLedger } from '@rora/ledger';
import { balancesIn, fundCustomer } from '@rora/ledger/testing';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { seedAssetCatalogue } from '../../prices/index.ts';

export async function createLendingTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Sessions last 90 days here: the tests move the clock through a loan's term.
  // The venues' simulated prices move with the clock; these tests price through the catalogue's USD prices.
  const t = await createTestApp({
    adapters: { pairPrices: null },
    ...options,
    env: { SESSION_TTL_HOURS: String(24 * 90), ...options.env },
  });
  await seedAssetCatalogue(t.database);
  return t;
}

/** A customer with approved KYC holding `funds` (whole coins), deposited from the outside world. */
export async function approvedCustomer(
  t: TestApp,
  funds: Partial<Record<AssetSymbol, string>> = {},
): Promise<TestUser> {
  const user = await createTestUser(t);
  await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, user.userId));
  for (const [asset, whole] of Object.entries(funds)) await deposit(t, user, asset as AssetSymbol, whole);
  return user;
}

export async function deposit(t: TestApp, user: TestUser, asset: AssetSymbol, whole: string): Promise<void> {
  await fundCustomer(t.database.db, { owner: user.userId, asset, amount: parseAmount(whole, assetScale(asset)) });
}

/** 1,000 USDT against 0.025 BTC (1,625 US dollars: LTV 61.54 %), 10 % a year for 30 days. */
export const REQUEST = {
  asset: 'USDT',
  amount: '1000',
  rateBps: 1000,
  termDays: 30,
  collateralAsset: 'BTC',
  collateralAmount: '0.025',
};

const keyed = (user: TestUser) => ({ ...user.headers, 'idempotency-key': crypto.randomUUID() });

export function postRequest(t: TestApp, user: TestUser, body: Record<string, unknown> = REQUEST) {
  return t.app.inject({ method: 'POST', url: '/api/v1/p2p', headers: keyed(user), payload: body });
}

export function step(t: TestApp, user: TestUser, action: 'lend' | 'repay' | 'cancel', id: string) {
  const url = action === 'cancel' ? `/api/v1/p2p/${id}` : `/api/v1/p2p/${action}/${id}`;
  return t.app.inject({ method: action === 'cancel' ? 'DELETE' : 'POST', url, headers: keyed(user) });
}

export async function openRequest(t: TestApp, user: TestUser, body: Record<string, unknown> = REQUEST): Promise<Loan> {
  const response = await postRequest(t, user, body);
  if (response.statusCode !== 201) throw new Error(`POST /p2p: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: Loan }).data;
}

export async function lent(t: TestApp, borrower: TestUser, lender: TestUser): Promise<Loan> {
  const loan = await openRequest(t, borrower);
  const response = await step(t, lender, 'lend', loan.id);
  if (response.statusCode !== 200) throw new Error(`lend: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: Loan }).data;
}

export async function view(t: TestApp, user: TestUser, path: string): Promise<Loan[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/p2p${path}`, headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`GET /p2p${path}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { items: Loan[] } }).data.items;
}

/** Sets a coin's reference price (sandbox override), observed `ageMs` ago. */
export async function setPrice(t: TestApp, asset: AssetSymbol, usdPrice: string, ageMs = 0): Promise<void> {
  const observedAt = new Date(t.clock.now().getTime() - ageMs);
  await t.app.services.lending.prices.override(asset, { usdPrice, observedAt });
}

/** The customer's balances of one asset, in minor units. */
export async function balances(t: TestApp, userId: string, asset: string) {
  const { available, held, loanEscrow } = await balancesIn(t.database.db, userId, asset);
  return { available, held, loanEscrow };
}

export async function houseFees(t: TestApp, asset: string): Promise<bigint> {
  return (await createLedger().findAccount(t.database.db, asset, { system: 'fees' }))?.balance ?? 0n;
}

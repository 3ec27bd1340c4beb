// Test helpers for the swap module: the real app on a fresh database with the asset prices and the
// house's liquidity seeded, an approved customer funded by a real deposit transfer, and the one
// route the tests place swaps through (the body the orders route hands to placeFromOrder).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { swapOrderBodySchema, type SwapQuote } from '@rora/contracts';
import { schema } from '@rora/db';
import { createLedger } from '@rora/ledger';
import { balancesIn, fundCustomer } from '@rora/ledger/testing';
import type { AssetSymbol } from '@rora/money';
import { parseAmount, assetScale } from '@rora/money';
import type { App } from '../../../app.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { accountRouteValidator } from '../../accounts/index.ts';
import { seedAssetCatalogue } from '../../prices/index.ts';
import { seedSwapLiquidity } from '../index.ts';

export const SWAP_ORDER_TEST_PATH = '/api/v1/testing/swap-order';

/** POST /testing/swap-order: what POST /order does with a `type: 'swap'` body, for these tests. */
export const swapOrderTestRoute: FastifyPluginAsyncZod = async (api) => {
  const { swap } = (api as unknown as App).services;
  api.setValidatorCompiler(accountRouteValidator);
  api.post(
    '/testing/swap-order',
    {
      preHandler: api.authenticate,
      config: { idempotent: true, recoverIdempotent: swap.swaps.recover },
      schema: { body: swapOrderBodySchema },
    },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      const placed = await swap.placeFromOrder({ userId, body: request.body, claimId: request.idempotencyClaim });
      return reply.code(201).send({ data: placed });
    },
  );
};

export async function createSwapTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp({
    // The venues' simulated prices move with the clock; these tests price through the seeded USD prices.
    adapters: { pairPrices: null },
    ...options,
    env: { SWAP_SETTLEMENT_DELAY_MS: '20000', SWAP_QUOTE_TTL_MS: '30000', ...options.env },
    plugins: [swapOrderTestRoute, ...(options.plugins ?? [])],
  });
  await seedAssetCatalogue(t.database);
  await seedSwapLiquidity(t.database);
  return t;
}

/** A customer with approved KYC holding `funds` (whole coins), deposited from the outside world. */
export async function approvedCustomer(
  t: TestApp,
  funds: Partial<Record<AssetSymbol, string>> = { BTC: '1' },
): Promise<TestUser> {
  const user = await createTestUser(t);
  await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, user.userId));
  for (const [asset, whole] of Object.entries(funds)) {
    const amount = parseAmount(whole, assetScale(asset));
    await fundCustomer(t.database.db, { owner: user.userId, asset: asset as AssetSymbol, amount });
  }
  return user;
}

export async function getQuote(
  t: TestApp,
  user: TestUser,
  query: { from: string; to: string; quantity: string },
): Promise<SwapQuote> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/convert', query, headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`GET /convert: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: SwapQuote }).data;
}

export function placeSwap(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown>,
  key: string = crypto.randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: SWAP_ORDER_TEST_PATH,
    headers: { ...user.headers, 'idempotency-key': key },
    payload: { type: 'swap', ...body },
  });
}

/** The customer's available and held balances of one asset, in minor units. */
export async function balances(
  t: TestApp,
  userId: string,
  asset: string,
): Promise<{ available: bigint; held: bigint }> {
  const { available, held } = await balancesIn(t.database.db, userId, asset);
  return { available, held };
}

/** A house account's balance (liquidity, fees, dust) of one asset. */
export async function houseBalance(t: TestApp, asset: string, kind: 'liquidity' | 'fees' | 'dust'): Promise<bigint> {
  return (await createLedger().findAccount(t.database.db, asset, { system: kind }))?.balance ?? 0n;
}

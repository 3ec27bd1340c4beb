// Test helpers for the on-ramp: the real app with seeded prices, an approved customer, a purchase
// started through POST /order/init, and the sandbox's webhook deliveries captured as they go out.
import { eq } from 'drizzle-orm';
import type { OnrampPurchase } from '@rora/contracts';
import { schema } from '@rora/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { seedAssetCatalogue } from '../../prices/index.ts';

export interface Delivery {
  headers: Record<string, string>;
  body: string;
}

export interface OnrampTestApp extends TestApp {
  /** Every webhook the sandbox sent, in order. */
  deliveries: Delivery[];
  /** Makes the next `count` deliveries fail (answered 503 without reaching Rora). */
  failNextDeliveries(count: number): void;
}

/** The on-ramp webhook secret of the test app, for tests that sign deliveries of their own. */
export const ONRAMP_TEST_SECRET = 'test-onramp-webhook-secret-0123456789abcdef';

export async function createOnrampTestApp(): Promise<OnrampTestApp> {
  // The venues' simulated prices move with the clock; these tests price through the seeded USD prices.
  const t = await createTestApp({ env: { ONRAMP_WEBHOOK_SECRET: ONRAMP_TEST_SECRET }, adapters: { pairPrices: null } });
  await seedAssetCatalogue(t.database);
  const deliveries: Delivery[] = [];
  let failing = 0;
  const { sandbox } = t.app.services.onramp;
  sandbox!.connect(async (delivery) => {
    deliveries.push(delivery);
    if (failing > 0) {
      failing -= 1;
      return 503;
    }
    return (await webhook(t, delivery)).statusCode;
  });
  return Object.assign(t, {
    deliveries,
    failNextDeliveries: (count: number) => void (failing = count),
  });
}

export function webhook(t: TestApp, delivery: Delivery) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/onramp',
    headers: delivery.headers,
    payload: delivery.body,
  });
}

export async function approvedCustomer(t: TestApp): Promise<TestUser> {
  const user = await createTestUser(t);
  await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, user.userId));
  return user;
}

export function initPurchase(t: TestApp, user: TestUser, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/order/init',
    headers: { ...user.headers, 'idempotency-key': crypto.randomUUID() },
    payload: body,
  });
}

export async function startPurchase(
  t: TestApp,
  user: TestUser,
  asset = 'USDT',
  fiatAmount = '150',
): Promise<OnrampPurchase> {
  const response = await initPurchase(t, user, { asset, fiatAmount });
  if (response.statusCode !== 201) throw new Error(`POST /order/init: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: OnrampPurchase }).data;
}

/** The widget's card form, as its script posts it. */
export function pay(t: TestApp, purchase: OnrampPurchase, cardNumber: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${purchase.widget.url}/pay`,
    payload: { cardNumber, expiry: '12/39', cvc: '123', ...extra },
  });
}

export async function purchaseOf(t: TestApp, user: TestUser, id: string): Promise<OnrampPurchase> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/onramp/purchases/${id}`, headers: user.headers });
  return (response.json() as { data: OnrampPurchase }).data;
}

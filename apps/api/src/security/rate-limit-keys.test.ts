// Every signed-in route with a rate limit counts it per customer, after authentication
// (plugins/rate-limit.ts `perCustomer`): a limit keyed on the client address let anyone behind a
// customer's address (or any client sending requests that fail to sign in) spend the customer's
// budget, and one keyed on the Authorization header was escaped by spelling the token another way.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRouteCatalogue } from '../testing/route-catalogue.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const catalogue = createRouteCatalogue();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ onRoute: catalogue.onRoute });
  await t.app.ready();
});
afterAll(() => t?.close());

it('counts the limit of every signed-in route per customer, after signing the request in', () => {
  const limited = catalogue.routes(t.app).filter((route) => route.authenticated && route.rateLimit);
  expect(limited.length).toBeGreaterThan(20);
  const request = { identity: { userId: 'customer-1' }, ip: '203.0.113.7', headers: { authorization: 'Bearer x' } };
  const keyedOtherwise = limited
    .filter(
      (route) => route.rateLimit!.hook !== 'preHandler' || route.rateLimit!.keyGenerator?.(request) !== 'customer-1',
    )
    .map((route) => `${route.method} ${route.url}`);
  expect(keyedOtherwise).toEqual([]);
});

// Style props reach the page in the production build. The bundle's pure-function rule once dropped
// preact's style setter (a minified function named like zod's `z`), so every `style` prop vanished:
// skeletons lost their sizes and the registration bar read full at every step.
import { openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test('a skeleton keeps the size its style gives it while the orders load', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/order?type=open*', async (route) => {
    await held;
    await route.continue();
  });
  await openSignedIn(page, customer, '/dashboard/exchange');
  const skeleton = page.locator('.orders-panel .skeleton').first();
  await expect(skeleton).toBeVisible();
  expect(await skeleton.evaluate((element) => (element as HTMLElement).style.height)).toBe('120px');
  expect(await skeleton.evaluate((element) => getComputedStyle(element).height)).toBe('120px');
  release();
  await expect(skeleton).toHaveCount(0);
});

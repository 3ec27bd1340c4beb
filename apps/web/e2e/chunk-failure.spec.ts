// A route whose code fails to download shows a retry instead of a blank page (spec §8).
import { openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test('a failed screen download offers Try Again, which recovers', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/wallets');
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible();

  await page.route(/\/assets\/swap-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
  await page.getByRole('link', { name: 'Swap' }).first().click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wallets' }).first()).toBeVisible();

  await page.unroute(/\/assets\/swap-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
});

// The small-screen layout (spec §2): a top header with a slide-in menu that adds Account, traps
// focus, closes on Escape and on every route change.
import { openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the header menu at 390 px', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/wallets');
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible();
  await expect(page.locator('.sidebar')).toBeHidden();
  const open = page.getByRole('button', { name: 'Open menu' });
  await expect(open).toBeVisible();

  await open.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Account' })).toBeVisible();
  for (let i = 0; i < 14; i += 1) await page.keyboard.press('Tab');
  expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await menu.getByRole('link', { name: 'Swap' }).click();
  await expect(page).toHaveURL(/\/dashboard\/swap$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();

  await open.click();
  await menu.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(menu).toBeHidden();
});

test('a panel open when the layout switches closes, and the page keeps answering clicks', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, customer, '/dashboard/wallets');
  // The sidebar's bell panel, then the window narrows to a phone's width.
  await page
    .locator('.sidebar')
    .getByRole('button', { name: /Notifications/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // The phone menu, then the window widens again: the menu closes and the sidebar answers.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator('.sidebar').getByRole('link', { name: 'Swap' }).click();
  await expect(page).toHaveURL(/\/dashboard\/swap$/);
});

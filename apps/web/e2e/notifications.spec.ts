// The bell (spec §2, §4): a notification made on the server arrives live over the WebSocket, the
// unread count shows, the panel groups by day under 'Today', and marking read dims it.
import { notify, openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test('a notification appears live in the bell and can be marked read', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/wallets');
  const bell = page.locator('.sidebar').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await notify(request, customer.token, 'Your swap of 0.5 ETH to USDT has completed.');
  await expect(bell).toHaveAccessibleName('Notifications, unread: 1');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Today' })).toBeVisible();
  const item = panel.getByRole('listitem').filter({ hasText: 'Your swap of 0.5 ETH to USDT has completed.' });
  await expect(item).toBeVisible();
  await notify(request, customer.token, 'New sign-in to your account.');
  await expect(panel.getByRole('listitem').first()).toContainText('New sign-in to your account.');

  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item).toHaveClass(/is-read/);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(panel.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');
});

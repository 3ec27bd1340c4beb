// A visitor from a blocked country (spec §4, §8) gets a popup that cannot be closed.
import { expect, test } from './support/fixtures.ts';

test.use({ baseURL: process.env.E2E_BLOCKED_URL });

test('the country popup blocks the app and cannot be dismissed', async ({ page }) => {
  await page.goto('/auth/login');
  const popup = page.getByRole('dialog', { name: 'Rora is not available in your country' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(
    'Our service is currently unavailable in your country. Please check back as we expand our licences.',
  );
  await expect(popup.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 10);
  await expect(popup).toBeVisible();
  // The page behind is inert: the login form cannot be reached.
  await expect(page.getByRole('button', { name: 'Log in' }).click({ timeout: 1_500 })).rejects.toThrow();
  await expect(popup).toBeVisible();
});

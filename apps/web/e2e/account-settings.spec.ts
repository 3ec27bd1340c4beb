// Account settings journeys (spec §2 /dashboard/account): the account's details and KYC link,
// theme and language saved to the profile as well as locally, and signing another device out.
import { openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { getAs, profileOf, signInElsewhere } from './account-helpers.ts';

let customer: Customer;
test.beforeEach(async ({ request }) => {
  customer = await registerCustomer(request);
});

test('shows the e-mail, the phone and the KYC status with the way to verify', async ({ page }) => {
  await openSignedIn(page, customer, '/dashboard/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Your account' });
  await expect(details.getByText(customer.email)).toBeVisible();
  await expect(details.getByText(`${customer.phone.countryCode} ${customer.phone.number}`)).toBeVisible();
  await expect(details.getByText('Not started')).toBeVisible();
  await details.getByRole('link', { name: 'Verify identity' }).click();
  await expect(page).toHaveURL(/\/account\/kyc$/);
});

test('lists the signed-in devices, marks this one, and signs another one out', async ({ page, request }) => {
  const otherDevice = await signInElsewhere(request, customer);
  await openSignedIn(page, customer, '/dashboard/account');
  const sessions = page.getByTestId('session-item');
  await expect(sessions).toHaveCount(2);
  const current = sessions.filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  const other = sessions.filter({ hasText: 'Firefox on Windows' });
  await expect(other).toContainText('Last active just now');
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The device was signed out')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect((await getAs(request, otherDevice, '/user/sessions')).status).toBe(401);
  expect((await getAs(request, customer.token, '/user/sessions')).status).toBe(200);
});

test('saves the theme to the profile and applies it at once', async ({ page, request }) => {
  await openSignedIn(page, customer, '/dashboard/account');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByText('Theme saved')).toBeVisible();
  expect((await profileOf(request, customer)).preferences.theme).toBe('light_theme');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
});

test('saves the language to the profile and reloads in it', async ({ page, request }) => {
  await openSignedIn(page, customer, '/dashboard/account');
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Language/ })
    .click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres du compte' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('fr');
  expect((await profileOf(request, customer)).preferences.language).toBe('fr');
});

test('a refused theme change goes back and says so', async ({ page }) => {
  await openSignedIn(page, customer, '/dashboard/account');
  await page.route('**/api/v1/user/preferences/**', (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: { code: 'theme_must_be_supported', message: 'This theme is not supported' },
        data: [{ code: 'theme_must_be_supported', message: 'This theme is not supported' }],
      },
    }),
  );
  // click(), not check(): the refusal may put the switch back before check() looks at it.
  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(page.getByText('This theme is not supported')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
});

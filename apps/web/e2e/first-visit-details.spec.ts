// Issue 19 defect 11, the smaller things a new customer met, kept fixed: the Wallets screen's first
// load shows skeletons and points to identity verification; Swap shows coin logos; the key buttons
// are above the fold at 1280x800; the chart draws when the browser reports a language tag Intl
// cannot parse; a dialog has one button named Cancel. Screenshots under test-results/web-e2e.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { bearer, openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { approvedCustomer } from './swap-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/first-visit-screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), animations: 'disabled' });

test('the first Wallets load shows skeletons, then says where identity verification stands', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request);
  // The first list waits a moment, as on a slow connection.
  await page.route('**/api/v1/wallet', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await openSignedIn(page, customer, '/dashboard/wallets');
  await expect(page.locator('.wallets [aria-busy="true"]').first()).toBeVisible();
  const notice = page.getByRole('complementary', { name: 'Identity verification' });
  await expect(notice).toContainText('Verify your identity to buy, sell and swap.');
  await expect(notice.getByRole('link', { name: 'Verify my identity' })).toHaveAttribute('href', '/account/kyc');
  // A new customer's wallets are generated on this first visit: it may take a while on a busy machine.
  await expect(page.getByRole('heading', { name: /Bitcoin BTC/ })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'wallets-kyc-notice-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(notice).toBeVisible();
  await shoot(page, 'wallets-kyc-notice-phone');
});

test('Swap shows the coin logos the wallets use, and Buy is above the fold at 1280x800', async ({ page, request }) => {
  const customer = await approvedCustomer(request);
  await openSignedIn(page, customer, '/dashboard/swap');
  const logos = page.locator('img.asset-badge');
  await expect(logos.first()).toBeVisible();
  await expect(logos.first()).toHaveAttribute('src', /^\/assets\/logos\/[a-z]+\.svg$/);
  // Visible once laid out (its size is set in CSS), loaded a moment later: wait for the picture itself.
  await expect.poll(() => logos.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await shoot(page, 'swap-logos-desktop');

  await page.goto('/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Order form' });
  for (const tab of ['Limit', 'Market']) {
    await form.getByRole('tab', { name: tab }).click();
    await expect(form.getByRole('button', { name: 'Buy BTC' })).toBeInViewport({ ratio: 1 });
  }
  // With a total typed, and the line under it saying the balance does not cover it.
  await form.getByLabel('Total').fill('100');
  await expect(form.getByText('Your available balance does not cover this order')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Buy BTC' })).toBeInViewport({ ratio: 1 });
  await shoot(page, 'exchange-fold-desktop');
});

test('Upload and continue is above the fold at 1280x800', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const id = String(customer.user._id ?? customer.user.id);
  const identity = await request.put(`/api/v1/user/verify-user-identity/${id}`, {
    headers: bearer(customer),
    data: {
      fullName: 'Grace Hopper',
      dateOfBirth: '1985-12-09',
      address: '12 Analytical Engine Road',
      city: 'London',
      country: 'GB',
      currency: 'GBP',
      privacyPolicyAgreed: true,
    },
  });
  expect(identity.ok(), await identity.text()).toBe(true);
  await openSignedIn(page, customer, '/account/kyc');
  await expect(page.getByRole('heading', { name: 'Proof of residence' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(path.join(here, 'fixtures/kyc/utility-bill.png'));
  await expect(page.getByText('utility-bill.png')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload and continue' })).toBeInViewport({ ratio: 1 });
  await shoot(page, 'kyc-upload-fold-desktop');
});

test('the chart draws when the browser reports a language tag Intl cannot parse', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'language', { get: () => 'en_US.UTF-8' });
    Object.defineProperty(navigator, 'languages', { get: () => ['en_US.UTF-8'] });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const chart = page.locator('.chart__canvas');
  await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.chart__overlay')).toHaveCount(0, { timeout: 15_000 });
  // Drawn: the price axis has labels, so its canvas is not blank.
  await expect
    .poll(() =>
      chart.evaluate((host) =>
        [...host.querySelectorAll('canvas')].some((canvas) => {
          const context = canvas.getContext('2d');
          if (!context || canvas.width === 0) return false;
          const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
          return pixels.some((value, index) => index % 4 === 3 && value > 0);
        }),
      ),
    )
    .toBe(true);
  expect(errors.filter((text) => /Incorrect locale|RangeError|price chart/i.test(text))).toEqual([]);
});

test('changing pages logs no aborted notification fetch as an error', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openSignedIn(page, customer, '/dashboard/wallets');
  for (const name of ['Exchange', 'Swap', 'Finance', 'Cold Wallet', 'Wallets']) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
  }
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible();
  expect(errors.filter((text) => /Fetching notifications failed|AbortError/.test(text))).toEqual([]);
});

test('leaving a required field empty says so', async ({ page }) => {
  await page.goto('/auth/login');
  // The page is painted from HTML before the app starts (ADR 0055), its buttons disabled until then;
  // only the app knows that a field was left.
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeEnabled();
  await page.getByLabel('Email').focus();
  await page.getByLabel('Password', { exact: true }).focus();
  await page.getByRole('link', { name: /Forgot/ }).focus();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
});

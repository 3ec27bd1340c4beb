// Every route of spec §2 reached signed out and signed in, with its redirect, guard and title.
import { registerCustomer, openSignedIn, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const signedInRoutes = [
  '/account/kyc',
  '/dashboard',
  '/dashboard/wallets',
  '/dashboard/swap',
  '/dashboard/exchange',
  '/dashboard/finance',
  '/dashboard/finance/stake',
  '/dashboard/nft',
  '/dashboard/cold-wallet',
  '/dashboard/account',
  '/dashboard/account/security',
  '/dashboard/account/notifications',
  '/dashboard/account/audit',
];

test.describe('signed out', () => {
  test('/ and unknown paths end on the login screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page).toHaveTitle('Log in · Rora');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('every signed-in route sends the visitor to the login screen', async ({ page }) => {
    for (const path of signedInRoutes) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('heading', { name: 'Log in to Rora' })).toBeVisible();
    }
  });

  test("a signed-out visit to a signed-in page downloads none of the signed-in screens' code", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/dashboard/exchange', '/dashboard/wallets', '/account/kyc']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('heading', { name: 'Log in to Rora' })).toBeVisible();
    }
    expect(scripts.some((script) => /\/login-[\w-]+\.js$/.test(script))).toBe(true);
    expect(scripts.filter((script) => /\/(DashboardLayout|exchange|wallets|kyc)-[\w-]+\.js$/.test(script))).toEqual([]);
  });

  test('the public screens open with their titles', async ({ page }) => {
    for (const [path, title, heading] of [
      ['/auth/register', 'Create account · Rora', 'Create your account'],
      ['/auth/forgot-password', 'Reset password · Rora', 'Reset your password'],
      ['/auth', 'Log in · Rora', 'Log in to Rora'],
    ]) {
      await page.goto(path!);
      await expect(page).toHaveTitle(title!);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });
});

test.describe('signed in', () => {
  let customer: Customer;
  test.beforeEach(async ({ request }) => {
    customer = await registerCustomer(request);
  });

  test('each route shows its screen, default child and title', async ({ page }) => {
    // Fourteen full page loads after a registration: about 32 s on a quiet machine, 50 s on a busy
    // one, against a per-test limit made for one journey.
    test.slow();
    const expectations: Array<[string, RegExp, string]> = [
      ['/dashboard', /\/dashboard\/wallets$/, 'Wallets · Rora'],
      ['/dashboard/swap', /\/dashboard\/swap$/, 'Swap · Rora'],
      ['/dashboard/exchange', /\/dashboard\/exchange$/, 'Exchange · Rora'],
      ['/dashboard/finance', /\/dashboard\/finance$/, 'Lending · Rora'],
      ['/dashboard/finance/stake', /\/dashboard\/finance\/stake$/, 'Staking · Rora'],
      ['/dashboard/nft', /\/dashboard\/nft$/, 'NFT · Rora'],
      ['/dashboard/cold-wallet', /\/dashboard\/cold-wallet$/, 'Cold Wallet · Rora'],
      ['/dashboard/account', /\/dashboard\/account$/, 'Account Settings · Rora'],
      ['/dashboard/account/security', /\/dashboard\/account\/security$/, 'Account Security · Rora'],
      ['/dashboard/account/notifications', /\/dashboard\/account\/notifications$/, 'Notification Settings · Rora'],
      ['/dashboard/account/audit', /\/dashboard\/account\/audit$/, 'Audit of reserves · Rora'],
      ['/account/kyc', /\/account\/kyc$/, 'Identity verification · Rora'],
      ['/somewhere/else', /\/dashboard\/wallets$/, 'Wallets · Rora'],
    ];
    await openSignedIn(page, customer, '/dashboard');
    for (const [path, url, title] of expectations) {
      await page.goto(path);
      await expect(page, path).toHaveURL(url);
      await expect(page, path).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    }
    await page.goto('/dashboard/nft');
    await expect(page.getByText('Coming Soon')).toBeVisible();
  });

  test('the login screen sends a signed-in customer back to the last route', async ({ page }) => {
    await openSignedIn(page, customer, '/dashboard/exchange');
    await expect(page.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible();
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/dashboard\/exchange$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard\/exchange$/);
  });

  test('a signed-out visit to a signed-in page returns there after logging in', async ({ page }) => {
    await page.goto('/dashboard/exchange?market=ETH-USDT');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/exchange\?market=ETH-USDT$/);
    await expect(page.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible();
  });

  test('a 401 remembers the path, goes to / and login returns there', async ({ page }) => {
    await openSignedIn(page, { ...customer, token: 'revoked-or-unknown-token' }, '/dashboard/swap');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('lastVisited'))).toBe('/dashboard/swap');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/swap$/);
  });
});

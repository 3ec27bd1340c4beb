// Screenshots of every screen at desktop (1280x800) and phone (390x844) widths, in both themes and
// in more than one language, saved under e2e/screenshots/ (ignored by git) for people to look at.
// Each shot also checks the screen rendered its heading and its data (no placeholder left), so a
// blank or never-loading page fails here.
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { storeRecoveryCodes, totpCode, turnOnTwoFactor } from './account-helpers.ts';
import { latestCode, newIdentity, notify, openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const folder = fileURLToPath(new URL('./screenshots/', import.meta.url));
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const looks = [
  { name: 'dark-en', theme: 'dark_theme', lang: 'en' },
  { name: 'light-en', theme: 'light_theme', lang: 'en' },
  { name: 'light-fr', theme: 'light_theme', lang: 'fr' },
  { name: 'dark-pt_br', theme: 'dark_theme', lang: 'pt_br' },
] as const;

async function prepare(page: Page, look: (typeof looks)[number]) {
  await page.goto('/auth/login');
  await page.evaluate(({ theme, lang }) => {
    localStorage.setItem('theme', theme);
    localStorage.setItem('lang', lang);
  }, look);
}

async function shoot(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A screen is shot once its data has come: a placeholder still showing is a screen that never loads.
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `${folder}${name}.png`, animations: 'disabled' });
}

const signedInPaths = [
  ['wallets', '/dashboard/wallets'],
  ['swap', '/dashboard/swap'],
  ['exchange', '/dashboard/exchange'],
  ['finance-lending', '/dashboard/finance'],
  ['finance-staking', '/dashboard/finance/stake'],
  ['nft', '/dashboard/nft'],
  ['cold-wallet', '/dashboard/cold-wallet'],
  ['account-settings', '/dashboard/account'],
  ['account-audit', '/dashboard/account/audit'],
  ['kyc', '/account/kyc'],
] as const;

for (const [size, viewport] of Object.entries(sizes)) {
  test.describe(`${size}`, () => {
    test.use({ viewport });
    test.setTimeout(150_000);

    // One test per look: each has its own time, and the runner spreads them over its workers.
    for (const look of looks) {
      test(`signed-out screens, ${look.name}`, async ({ page }) => {
        await prepare(page, look);
        for (const [screen, path] of [
          ['login', '/auth/login'],
          ['register', '/auth/register'],
          ['forgot-password', '/auth/forgot-password'],
        ]) {
          await page.goto(path!);
          await shoot(page, `${screen}-${size}-${look.name}`);
        }
      });
    }

    for (const look of looks.filter((l) => l.name !== 'light-en')) {
      test(`signed-in screens, ${look.name}`, async ({ page, request }) => {
        const customer = await registerCustomer(request);
        await prepare(page, look);
        await openSignedIn(page, customer, '/dashboard/wallets');
        for (const [screen, path] of signedInPaths) {
          await page.goto(path);
          await shoot(page, `${screen}-${size}-${look.name}`);
        }
      });
    }

    test('notifications, menu and validation states', async ({ page, request }) => {
      const customer = await registerCustomer(request);
      await openSignedIn(page, customer, '/dashboard/wallets');
      await notify(request, customer.token, 'Your swap of 0.5 ETH to USDT has completed.');
      await notify(request, customer.token, 'New sign-in to your account from Chrome on Linux.');
      const bell = page.getByRole('button', { name: /^Notifications, unread: 2/ }).filter({ visible: true });
      await expect(bell).toBeVisible();
      await bell.click();
      await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('Today')).toBeVisible();
      await page.screenshot({ path: `${folder}notifications-${size}-dark-en.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      if (size === 'mobile') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.screenshot({ path: `${folder}menu-${size}-dark-en.png`, animations: 'disabled' });
        await page.keyboard.press('Escape');
      }
      await page.evaluate(() => localStorage.removeItem('auth'));
      await page.goto('/auth/register');
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await expect(page.getByText('Please enter a valid email')).toBeVisible();
      await shoot(page, `register-invalid-${size}-dark-en`);
    });

    test('security dialogs that ask for the second factor', async ({ page, request }) => {
      const customer = await registerCustomer(request);
      await openSignedIn(page, customer, '/dashboard/account/security');
      const { secret } = await turnOnTwoFactor(page);
      await storeRecoveryCodes(page);
      const pinCard = page.getByTestId('pin-card');
      await pinCard.getByLabel('New PIN', { exact: true }).fill('2580');
      await pinCard.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${folder}pin-set-with-2fa-${size}-dark-en.png`, animations: 'disabled' });
      await pinCard.getByLabel('Repeat new PIN').fill('2580');
      await pinCard.getByLabel('Authenticator code').fill(totpCode(secret, 1));
      await page.getByRole('button', { name: 'Set PIN' }).click();
      await expect(page.getByText('Your PIN is set')).toBeVisible();
      const dialogs = [
        ['withdrawal-2fa-on', page.getByRole('switch', { name: 'Ask for the code on withdrawals' })],
        ['two-factor-off', page.getByRole('button', { name: 'Turn off 2FA' })],
        ['pin-change', page.getByRole('button', { name: 'Change PIN' })],
      ] as const;
      for (const [name, opener] of dialogs) {
        await opener.click();
        await expect(page.getByRole('dialog').getByLabel('Authenticator code')).toBeVisible();
        await page.screenshot({ path: `${folder}${name}-${size}-dark-en.png`, animations: 'disabled' });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    });

    test('registration steps', async ({ page, request }) => {
      const who = newIdentity();
      await page.goto('/auth/register');
      await page.getByLabel('Email', { exact: true }).fill(who.email);
      await page.getByLabel('Password', { exact: true }).fill(who.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Step 2 of 4')).toBeVisible();
      await shoot(page, `register-email-code-${size}-dark-en`);
      await page.getByLabel('Email code').fill(await latestCode(request, who.email));
      await page.getByRole('button', { name: 'Verify email' }).click();
      await expect(page.getByText('Step 3 of 4')).toBeVisible();
      await page.getByRole('button', { name: /Country code/ }).click();
      await page.getByRole('searchbox').fill('bra');
      await shoot(page, `register-phone-picker-${size}-dark-en`);
      await page.getByRole('searchbox').press('Escape');
      await page.getByLabel('Phone number', { exact: true }).fill(who.phone.number);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByText('Step 4 of 4')).toBeVisible();
      await shoot(page, `register-phone-code-${size}-dark-en`);
    });
  });
}

test('blocked country popup', async ({ page }) => {
  for (const [size, viewport] of Object.entries(sizes)) {
    await page.setViewportSize(viewport);
    await page.goto(`${process.env.E2E_BLOCKED_URL}/auth/login`);
    await expect(page.getByRole('dialog', { name: 'Rora is not available in your country' })).toBeVisible();
    await page.screenshot({ path: `${folder}blocked-country-${size}-dark-en.png`, animations: 'disabled' });
  }
});

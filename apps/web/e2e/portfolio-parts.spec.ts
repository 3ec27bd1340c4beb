// An outside customer's three findings on the wallets and cold wallet screens: the portfolio total
// beside parts that did not add up to it (resting orders and cold coins appeared nowhere), one cold
// move written two ways (-0.1234 BTC in the wallets, +0.123 BTC on the cold wallet), and the
// "verify your identity" notice still shown after the approval. Screenshots in French and Portuguese,
// both themes, desktop and a 390 px phone. And a borrower's debt: its own line, taken from the total.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { lend, postLoanRequest } from './lending-helpers.ts';
import { approveIdentity, approvedCustomer, buyWithCard } from './swap-helpers.ts';
import { availableOf, faucet, mine, PIN, setPin } from './wallets-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/portfolio-screens');

async function fund(request: APIRequestContext, customer: Customer) {
  await faucet(request, customer, 'USDT', '500');
  await mine(request, 'usdt-erc20', 20);
  await faucet(request, customer, 'BTC', '0.5');
  await mine(request, 'btc', 3);
  await expect.poll(() => availableOf(request, customer, 'USDT'), { timeout: 20_000 }).toBe('500');
  await expect.poll(() => availableOf(request, customer, 'BTC'), { timeout: 20_000 }).toBe('0.5');
}

async function post(request: APIRequestContext, customer: Customer, url: string, data: object) {
  const headers = { ...bearer(customer), 'idempotency-key': crypto.randomUUID() };
  const response = await request.post(url, { headers, data });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The cents a shown dollar value stands for, in any of the app's languages ($1,234.56, -1 234,56 $US). */
const cents = (shown: string) => (/[-\u2212]/.test(shown) ? -1n : 1n) * BigInt(shown.replace(/\D/g, ''));

async function partsAddUp(page: Page, labels: readonly string[]) {
  const portfolio = page.locator('.portfolio');
  const total = portfolio.locator('.portfolio__total');
  await expect(total).toHaveText(/\d/, { timeout: 20_000 });
  const lines = portfolio.locator('.portfolio__part');
  await expect(lines.locator('dt')).toHaveText([...labels]);
  // A line's dollars come first; the debt's line lists the coins owed under them.
  const values = (await lines.locator('dd').allInnerTexts()).map((text) => text.split('\n')[0]!);
  expect(values.map(cents).reduce((sum, value) => sum + value, 0n)).toBe(cents(await total.innerText()));
  // Nothing of the summary spills out of its card.
  expect(await portfolio.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
}

test('the portfolio total with its parts, and a cold move written one way', async ({ page, request }) => {
  test.setTimeout(150_000);
  const customer = await approvedCustomer(request);
  await setPin(request, customer);
  await fund(request, customer);
  // Two resting buys far under the market hold 200 USDT; 0.1234 BTC goes to the cold wallet.
  for (const price of ['1000', '1001']) {
    await post(request, customer, '/api/v1/order', {
      symbol: 'BTC/USDT',
      side: 'buy',
      orderType: 'limit',
      price,
      amount: '0.1',
    });
  }
  await post(request, customer, '/api/v1/coldwallet', {
    type: 'create',
    assetSymbol: 'BTC',
    quantity: '0.1234',
    pin: PIN,
  });

  await openSignedIn(page, customer, '/dashboard/wallets');
  await partsAddUp(page, ['Available', 'On hold', 'Cold wallet']);
  await expect(page.locator('.portfolio').getByRole('link', { name: 'Cold wallet' })).toBeVisible();
  await page.screenshot({ path: path.join(screens, 'en-dark-desktop.png'), fullPage: true, animations: 'disabled' });

  const looks = [
    { lang: 'fr', theme: 'light_theme', labels: ['Disponible', 'Bloqué', 'Portefeuille froid'] },
    { lang: 'fr', theme: 'dark_theme', labels: ['Disponible', 'Bloqué', 'Portefeuille froid'] },
    { lang: 'pt_br', theme: 'light_theme', labels: ['Disponível', 'Retido', 'Carteira fria'] },
    { lang: 'pt_br', theme: 'dark_theme', labels: ['Disponível', 'Retido', 'Carteira fria'] },
  ] as const;
  for (const { lang, theme, labels } of looks) {
    await page.evaluate(
      (look) => {
        localStorage.setItem('lang', look.lang);
        localStorage.setItem('theme', look.theme);
      },
      { lang, theme },
    );
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/wallets');
      await partsAddUp(page, labels);
      const name = `${lang}-${theme.replace('_theme', '')}-${device}.png`;
      await page.screenshot({ path: path.join(screens, name), fullPage: true, animations: 'disabled' });
    }
  }

  // The cold wallet's move: the amount moved, as the wallets' transactions write it.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/cold-wallet');
  await expect(page.locator('.cold-moves__amount').first()).toHaveText('+0.1234 BTC', { timeout: 20_000 });
  await expect(page.locator('.holding').filter({ hasText: 'Bitcoin' }).getByText('0.123 BTC')).toBeVisible();
  await page.screenshot({ path: path.join(screens, 'cold-moves-desktop.png'), fullPage: true, animations: 'disabled' });
});

test('the identity notice goes once the identity is approved, without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/wallets');
  const notice = page.getByRole('complementary', { name: 'Identity verification' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));

  await approveIdentity(request, customer);
  await expect(notice).toBeHidden({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
});

test('a borrower’s portfolio takes what is owed to lenders from the total', async ({ page, request }) => {
  test.setTimeout(150_000);
  const [borrower, lender] = await Promise.all([approvedCustomer(request), approvedCustomer(request)]);
  await buyWithCard(request, borrower, 'BTC', '1500');
  await buyWithCard(request, lender, 'USDT', '600');
  const loanId = await postLoanRequest(request, borrower, { amount: '500', collateralAmount: '0.02' });
  await lend(request, lender, loanId);

  await openSignedIn(page, borrower, '/dashboard/wallets');
  await partsAddUp(page, ['Available', 'Loan collateral', 'Owed to lenders']);
  const owed = page.locator('.portfolio__part').filter({ hasText: 'Owed to lenders' });
  // 500 USDT at 12 % for 14 days, the minimum 7 days' interest charged now: 501.150685 USDT.
  await expect(owed.locator('.portfolio__coins')).toHaveText('501.150685 USDT');
  await expect(owed.locator('dd')).toContainText('\u2212$501.15');
  await page.screenshot({
    path: path.join(screens, 'owed-en-dark-desktop.png'),
    fullPage: true,
    animations: 'disabled',
  });

  await page.evaluate(() => {
    localStorage.setItem('lang', 'fr');
    localStorage.setItem('theme', 'light_theme');
  });
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/dashboard/wallets');
    await partsAddUp(page, ['Disponible', 'Garantie de prêts', 'Dû aux prêteurs']);
    await expect(page.locator('.portfolio__coins')).toHaveText('501,150685 USDT');
    await page.screenshot({
      path: path.join(screens, `owed-fr-light-${device}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
});

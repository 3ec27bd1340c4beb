// A new customer on a 390x844 phone (la_es first, then English; both themes): the wallet's
// transaction rows fit the width, the swap starts from a coin the customer holds, and loan cards
// value principal and collateral in dollars. Screenshots under test-results/web-e2e/phone-customer.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { Loan } from '@rora/contracts';
import { bearer, openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { postLoanRequest } from './lending-helpers.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { EXTERNAL_BTC, availableOf, faucet, mine, setPin } from './wallets-helpers.ts';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });
test.setTimeout(150_000);

const screens = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test-results/web-e2e/phone-customer',
);
const LOOKS = [
  { lang: 'la_es', theme: 'dark_theme' },
  { lang: 'la_es', theme: 'light_theme' },
  { lang: 'en', theme: 'dark_theme' },
  { lang: 'en', theme: 'light_theme' },
] as const;

async function applyLook(page: Page, look: (typeof LOOKS)[number]) {
  await page.evaluate((chosen) => {
    localStorage.setItem('lang', chosen.lang);
    localStorage.setItem('theme', chosen.theme);
  }, look);
  await page.reload();
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true, animations: 'disabled' });

/** How many lines the text inside an element takes (line boxes of its text, by their top). */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects()))
        if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 4)) tops.push(rect.top);
    }
    return tops.length;
  });
}

async function expectOneLine(locator: Locator) {
  expect(await linesOf(locator), `"${await locator.textContent()}" wraps`).toBe(1);
}

/** No two of the elements overlap, and each lies inside the page's width. */
async function expectApart(locators: readonly Locator[]) {
  const boxes = await Promise.all(locators.map((locator) => locator.boundingBox()));
  const names = await Promise.all(locators.map((locator) => locator.textContent()));
  for (let a = 0; a < boxes.length; a += 1) {
    const one = boxes[a]!;
    expect(one.x + one.width, `${names[a]} runs past the edge`).toBeLessThanOrEqual(WIDTH);
    for (let b = a + 1; b < boxes.length; b += 1) {
      const two = boxes[b]!;
      const apart =
        one.x + one.width <= two.x + 0.5 ||
        two.x + two.width <= one.x + 0.5 ||
        one.y + one.height <= two.y + 0.5 ||
        two.y + two.height <= one.y + 0.5;
      expect(apart, `${names[a]} and ${names[b]} overlap`).toBe(true);
    }
  }
}

test('wallet: transaction rows keep every figure whole on a phone', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await setPin(request, customer);
  await faucet(request, customer, 'BTC', '12.34567891');
  await mine(request, 'btc', 3);
  await faucet(request, customer, 'BTC', '0.00012345');
  await page.goto('/auth/login');
  await openSignedIn(page, customer, '/dashboard/wallets');
  await page.getByRole('tab', { name: 'Send' }).click();
  await page.getByLabel('Recipient address').fill(EXTERNAL_BTC);
  await page.getByLabel('Amount').fill('1.23456789');
  await page.getByRole('button', { name: 'Review send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm send' });
  await dialog.getByLabel('PIN').fill('2580');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(dialog).toBeHidden();

  for (const look of LOOKS) {
    await applyLook(page, look);
    const rows = page.locator('.tx');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2).locator('.tx-status')).toHaveText(look.lang === 'en' ? 'Completed' : 'Completado');
    await shoot(page, `wallet-rows-${look.lang}-${look.theme}`);
    await page
      .locator('.tx-list')
      .screenshot({ path: path.join(screens, `wallet-rows-list-${look.lang}-${look.theme}.png`) });
    // Amounts whole, with every decimal, in the reader's marks (es-419 and en write 12.34567891).
    await expect(rows.locator('.tx__amount')).toHaveText([
      /^−1\.2345\d{1,4} BTC$/,
      '+0.00012345 BTC',
      '+12.34567891 BTC',
    ]);
    for (const row of await rows.all()) {
      const parts = [
        row.locator('.tx__title'),
        row.locator('.tx__amount'),
        row.locator('time'),
        row.locator('.tx-status'),
        ...(await row.locator('.tx__note, .tx__link').all()),
      ];
      for (const part of parts.slice(1)) await expectOneLine(part);
      await expectApart(parts);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(WIDTH);
  }
});

test('swap: starts from the coin the customer holds the most of, and from BTC with nothing', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const customer = await registerCustomer(request);
  await faucet(request, customer, 'USDT', '500');
  await faucet(request, customer, 'BTC', '0.0001');
  await mine(request, 'usdt-erc20', 20);
  await mine(request, 'btc', 3);
  // 500 USDT outweighs 0.0001 BTC at any price the sandbox's BTC has.
  await expect.poll(() => availableOf(request, customer, 'USDT'), { timeout: 20_000 }).toBe('500');
  await expect.poll(() => availableOf(request, customer, 'BTC'), { timeout: 20_000 }).toBe('0.0001');
  await page.goto('/auth/login');
  await openSignedIn(page, customer, '/dashboard/swap');
  for (const look of LOOKS) {
    await applyLook(page, look);
    const [amountIn, available] = look.lang === 'en' ? ['Amount in', 'Available'] : ['Monto en', 'Disponible'];
    await expect(page.getByLabel(`${amountIn} USDT`)).toBeVisible();
    await expect(page.getByText(`${available}: 500.000 USDT`)).toBeVisible();
    await shoot(page, `swap-start-${look.lang}-${look.theme}`);
  }

  // A newcomer, in a browser of their own: nothing to swap yet, BTC to ETH beside the card purchase.
  const context = await browser.newContext({ baseURL, viewport: { width: WIDTH, height: 844 } });
  const fresh = await context.newPage();
  await openSignedIn(fresh, await registerCustomer(request), '/dashboard/swap');
  await expect(fresh.getByLabel('Amount in BTC')).toBeVisible();
  await expect(fresh.getByText('Available: 0.000 BTC')).toBeVisible();
  await expect(fresh.getByRole('region', { name: 'Buy crypto with a card' })).toBeVisible();
  await shoot(fresh, 'swap-start-nothing-en-dark_theme');
  await context.close();
});

/** `'1625.5'` as English writes dollars: `$1,625.50`. */
const dollars = (text: string) => {
  const [whole = '0', cents = ''] = text.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
};

test('lending: loan cards value principal and collateral in dollars', async ({ page, request }) => {
  const borrower = await approvedCustomer(request);
  await faucet(request, borrower, 'BTC', '0.05');
  await mine(request, 'btc', 3);
  await expect.poll(() => availableOf(request, borrower, 'BTC'), { timeout: 20_000 }).toBe('0.05');
  const loanId = await postLoanRequest(request, borrower, { amount: '512.34', collateralAmount: '0.02' });
  const viewer = await registerCustomer(request);
  await page.goto('/auth/login');
  await openSignedIn(page, viewer, '/dashboard/finance');
  const market = await request.get('/api/v1/p2p?limit=100', { headers: bearer(viewer) });
  const loan = ((await market.json()) as { data: { items: Loan[] } }).data.items.find((item) => item.id === loanId)!;
  expect(loan.principalUsd).toMatch(/^\d+\.\d{2}$/);
  expect(loan.collateralUsd).toMatch(/^\d+\.\d{2}$/);

  for (const look of LOOKS) {
    await applyLook(page, look);
    const card = page.getByRole('listitem').filter({ hasText: '512.340000 USDT' });
    await expect(card).toBeVisible();
    const usd = card.locator('.loan-card__usd');
    await expect(usd).toHaveCount(2);
    // The principal in USDT is worth its count; the collateral follows BTC's live price.
    if (look.lang === 'en') await expect(usd).toHaveText([dollars(loan.principalUsd!), /^\$[\d,]+\.\d{2}$/]);
    else await expect(usd).toHaveText([/^USD\s[\d,]+\.\d{2}$/, /^USD\s[\d,]+\.\d{2}$/]);
    await expectApart([card.locator('.loan-card__amount'), usd.first(), card.locator('.loan-status').first()]);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `loan-card-${look.lang}-${look.theme}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(WIDTH);
  }
});

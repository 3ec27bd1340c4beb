// The exchange screen's rules as a customer meets them (spec §2 Exchange, §9): before KYC approval
// the order form gives way to the KYC notice and a working link to /account/kyc; the dark-pool tab
// shows its rules and the pair's minimum, and an order under it shows its error in the customer's
// language; a platform other than Rora is explained on each tab; every open order can be reached
// through the pager and cancelled. Screenshots of the screen at 1280 and 390 px in both themes go to
// test-results/web-e2e/exchange-screens for people to look at.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { availableOf, faucet, mine } from './wallets-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/exchange-screens');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Look = { readonly theme: 'dark_theme' | 'light_theme'; readonly lang: 'en' | 'fr' | 'la_es' | 'pt_br' };

/** Opens the exchange in a theme and language (stored as the app stores them) at a window size. */
async function openExchange(page: Page, look: Look, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(({ theme, lang }) => {
    localStorage.setItem('theme', theme);
    localStorage.setItem('lang', lang);
  }, look);
  await page.goto('/dashboard/exchange?pair=BTC-USDT');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Waits for live data (a book level and the drawn chart) so the picture is the real screen. */
async function settled(page: Page) {
  await expect(page.locator('.book__row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.chart__overlay')).toHaveCount(0, { timeout: 20_000 });
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true, animations: 'disabled' });

test('before KYC approval the order form gives way to the KYC notice and its link', async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  await expect(page.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible();

  const notice = page.getByRole('note', { name: 'Verify your identity to buy and sell' });
  await expect(notice).toBeVisible();
  const panel = page.getByRole('region', { name: 'Place an order' });
  await expect(panel.getByText('Buying and selling need a verified identity')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/account/kyc');
  await expect(page.getByRole('form', { name: 'Order form' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Buy|Sell) BTC$/ })).toHaveCount(0);

  for (const theme of ['dark_theme', 'light_theme'] as const) {
    await openExchange(page, { theme, lang: 'en' }, DESKTOP);
    await settled(page);
    await shoot(page, `kyc-desktop-${theme}`);
    await openExchange(page, { theme, lang: 'en' }, PHONE);
    // On a phone the bottom bar leads to KYC instead of opening the order sheet.
    await expect(page.locator('.trade-bar').getByRole('link', { name: 'Verify your identity' })).toBeVisible();
    await shoot(page, `kyc-mobile-${theme}`);
  }

  await page.setViewportSize(DESKTOP);
  await page.reload();
  await notice.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/account\/kyc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
});

test('the dark pool shows its rules and minimum, and refuses an order under it in the customer language', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await approvedCustomer(request);
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Order form' });

  // A platform other than Rora, explained on each tab.
  await form.getByRole('button', { name: /^Platform/ }).click();
  await page.getByRole('option', { name: /^Kraken/ }).click();
  await expect(form.getByText("Limit orders are not sent to Kraken: they rest on Rora's order book")).toBeVisible();
  await form.getByRole('tab', { name: 'Market' }).click();
  await expect(form.getByText('A market order is sent to Kraken and fills there')).toBeVisible();

  await form.getByRole('tab', { name: 'Dark pool' }).click();
  await expect(form.getByText('The dark pool is on Rora only: this order is placed on Rora')).toBeVisible();
  const rules = form.getByRole('note').filter({ hasText: 'Limit orders only.' });
  await expect(
    rules.getByText('On BTC/USDT an order must be worth at least 100,000 USDT at the prices it would trade at.'),
  ).toBeVisible();
  await expect(rules.getByText(/never appear in the public order book/)).toBeVisible();
  await form.getByLabel('Price').fill('50000');
  await form.getByLabel('Amount').fill('1.99998');
  await expect(
    form.getByText('A dark-pool order must be worth at least 100,000 USDT at the prices it would trade at'),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Buy BTC' })).toBeDisabled();
  await settled(page);
  await shoot(page, 'dark-pool-under-minimum-desktop-dark_theme');

  await openExchange(page, { theme: 'light_theme', lang: 'fr' }, DESKTOP);
  const formulaire = page.getByRole('form', { name: 'Formulaire d’ordre' });
  await formulaire.getByRole('tab', { name: 'Dark pool' }).click();
  await expect(
    formulaire.getByText(
      'Sur BTC/USDT, un ordre doit valoir au moins 100\u202f000 USDT aux prix auxquels il s’exécuterait.',
    ),
  ).toBeVisible();
  await formulaire.getByLabel('Prix').fill('50000');
  // French marks both ways: the minimum reads 100 000 (narrow no-break space, ADR 0035) and the
  // reader types the French decimal comma (ADR 0034).
  await formulaire.getByLabel('Quantité').fill('1,99998');
  await expect(formulaire.getByText('Un ordre du dark pool doit valoir au moins 100\u202f000 USDT')).toBeVisible();
  await settled(page);
  await shoot(page, 'dark-pool-under-minimum-desktop-light_theme-fr');
});

/** A resting limit buy far under the market, placed through the API as the form would. */
async function restingBuy(request: APIRequestContext, customer: Customer, price: string) {
  const response = await request.post('/api/v1/order', {
    headers: { ...bearer(customer), 'idempotency-key': crypto.randomUUID() },
    data: { symbol: 'BTC/USDT', side: 'buy', orderType: 'limit', price, amount: '0.001' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('every open order can be reached through the pager and cancelled', async ({ page, request }) => {
  test.setTimeout(150_000);
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '100');
  await mine(request, 'usdt-erc20', 20);
  await expect.poll(() => availableOf(request, customer, 'USDT'), { timeout: 20_000 }).toBe('100');
  // 21 orders (a page holds 20), the oldest at 1000.0 and the newest at 1002.0.
  for (let index = 0; index <= 20; index += 1) await restingBuy(request, customer, `${1000 + index / 10}`);

  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const table = page.getByRole('table', { name: 'Open orders' });
  await expect(table.getByRole('row')).toHaveCount(21);
  const pager = page.getByRole('navigation', { name: 'Open orders: pages' });
  await expect(pager.getByText('Page 1 of 2')).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await shoot(page, 'open-orders-page-2-desktop-dark_theme');

  // Cancelling the only order on the last page shows the page before it, now the only one, and
  // the order's hold comes back.
  const held = await availableOf(request, customer, 'USDT');
  await table.getByRole('button', { name: /^Cancel the BTC\/USDT order/ }).click();
  await expect(pager).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(20 + 1);
  await expect.poll(() => availableOf(request, customer, 'USDT')).not.toBe(held);
});

/** A customer with 100 USDT to trade, signed in on the exchange. */
async function fundedOnExchange(page: Page, request: APIRequestContext): Promise<void> {
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '100');
  await mine(request, 'usdt-erc20', 20);
  await expect.poll(() => availableOf(request, customer, 'USDT'), { timeout: 20_000 }).toBe('100');
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
}

const looks: Array<Look & { name: string }> = [
  { name: 'dark-en', theme: 'dark_theme', lang: 'en' },
  { name: 'light-en', theme: 'light_theme', lang: 'en' },
  { name: 'light-fr', theme: 'light_theme', lang: 'fr' },
  { name: 'dark-pt_br', theme: 'dark_theme', lang: 'pt_br' },
  { name: 'light-la_es', theme: 'light_theme', lang: 'la_es' },
];

// One test per look: the five in one test took over its three minutes on a busy machine (each look
// is about twenty full-page screenshots and two confirmations).
for (const look of looks) {
  test(`screenshots of the exchange at desktop and phone widths: ${look.name}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await fundedOnExchange(page, request);
    await openExchange(page, look, DESKTOP);
    await settled(page);
    // A valid limit buy at the best bid: the estimate shows and Buy is enabled (its colours matter).
    const form = page.getByRole('form');
    await page.locator('.book__side--bids .book__row').first().click();
    // Each language's own decimal mark (ADR 0034): 0.001 is refused in French and Portuguese.
    await form
      .locator('input')
      .nth(1)
      .fill(look.lang === 'fr' || look.lang === 'pt_br' ? '0,001' : '0.001');
    await expect(form.locator('.order-form__submit')).toBeEnabled();
    await expect(form.locator('.summary dd').first()).toBeVisible();
    await shoot(page, `exchange-desktop-${look.name}`);
    // The confirmation in each look: opened, looked at, left without sending.
    await form.locator('.order-form__submit').click();
    const confirm = page.getByRole('dialog').filter({ has: page.locator('.order-confirm__rows') });
    await expect(confirm.locator('.order-confirm__row').last()).toBeVisible();
    await shoot(page, `exchange-confirm-desktop-${look.name}`);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await form.getByRole('tab').nth(2).click();
    await shoot(page, `exchange-desktop-dark-pool-${look.name}`);

    await openExchange(page, look, PHONE);
    await shoot(page, `exchange-mobile-${look.name}`);
    await page.locator('.exchange__panes').getByRole('tab').nth(1).click();
    await expect(page.locator('.book__row').first()).toBeVisible();
    // The book redraws its rows on every update: a row measured once may be gone by the time it is
    // read (a null box), so the height is read again until a row answers.
    const rowHeight = async () => (await page.locator('.book__row').first().boundingBox())?.height ?? 0;
    await expect.poll(rowHeight, { message: 'a book row is a 44 px touch target' }).toBeGreaterThanOrEqual(44);
    await shoot(page, `exchange-mobile-book-${look.name}`);
    // At the end of the page the Buy / Sell bar is still docked at the bottom of the screen, and
    // what the route places below (the card purchase) ends above it instead of under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = await page.locator('.trade-bar').boundingBox();
    const last = await page.locator('main').getByRole('button').last().boundingBox();
    expect(bar!.y + bar!.height, 'the trade bar is docked at the bottom').toBeCloseTo(PHONE.height, 0);
    expect(last!.y + last!.height, 'the last button ends above the trade bar').toBeLessThanOrEqual(bar!.y);
    await page.screenshot({ path: path.join(screens, `exchange-mobile-end-${look.name}.png`) });
    await page.locator('.trade-bar').getByRole('button').nth(1).click();
    const sheet = page.getByRole('dialog').filter({ has: page.getByRole('form') });
    await expect(sheet.getByRole('form')).toBeVisible();
    await page.screenshot({ path: path.join(screens, `exchange-mobile-sheet-${look.name}.png`) });
    // A market buy's confirmation above the sheet (tabs: Market, Limit, Dark pool, Buy, Sell).
    await sheet.getByRole('tab').nth(0).click();
    await sheet.getByRole('tab').nth(3).click();
    await sheet
      .locator('input')
      .first()
      .fill(look.lang === 'fr' || look.lang === 'pt_br' ? '0,001' : '0.001');
    await sheet.locator('.order-form__submit').click();
    await expect(confirm.locator('.order-confirm__row').last()).toBeVisible();
    await page.screenshot({ path: path.join(screens, `exchange-mobile-confirm-${look.name}.png`) });
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(sheet.getByRole('form')).toBeVisible();
    await page.keyboard.press('Escape');
  });
}

test('screenshots of the exchange at other desktop widths', async ({ page, request }) => {
  await fundedOnExchange(page, request);
  // Stacked under the chart (1024), beside it (1600).
  for (const width of [1024, 1600]) {
    await openExchange(page, { theme: 'dark_theme', lang: 'en' }, { width, height: 900 });
    await settled(page);
    await shoot(page, `exchange-desktop-${width}-dark-en`);
  }
});

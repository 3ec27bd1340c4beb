// Swap journeys (spec §2 /dashboard/swap) on the real server, its sandbox settlement delay (20 s)
// and its pg-boss worker: an approved customer who bought BTC by card picks ETH through the
// searchable picker, reads a live firm quote with its countdown, uses max, refreshes, confirms, sees
// the swap in progress ("arrival takes 30 minutes or less"), then completed, with a notification in
// the bell. Screenshots at desktop and phone widths, in both themes, go to
// test-results/web-e2e/swap-screens.
import type { Page } from '@playwright/test';
import { openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { approvedCustomer, buyWithCard, shoot } from './swap-helpers.ts';

// The e2e server settles a swap 20 s after it is placed; the worker polls every 2 s.
const SETTLEMENT_TIMEOUT_MS = 45_000;

async function openSwap(page: Page, customer: Customer) {
  await openSignedIn(page, customer, '/dashboard/swap');
  await expect(page.getByRole('heading', { level: 1, name: 'Swap' })).toBeVisible();
}

async function pickCoin(page: Page, side: 'You give' | 'You get', search: string, option: RegExp) {
  await page.getByRole('button', { name: new RegExp(`^${side}`) }).click();
  await page.getByRole('searchbox').fill(search);
  await page.getByRole('option', { name: option }).click();
}

test.describe('swapping coins', () => {
  test('an approved customer swaps BTC to ETH, sees it in progress, then complete with a notification', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const customer = await approvedCustomer(request);
    await buyWithCard(request, customer, 'BTC', '1000');
    await openSwap(page, customer);
    await expect(page.getByText('No swaps yet')).toBeVisible();
    await expect(page.getByText('Enter an amount to see a firm quote.')).toBeVisible();

    await pickCoin(page, 'You get', 'usdt', /Tether USD \(USDT\)/);
    await pickCoin(page, 'You get', 'eth', /Ethereum \(ETH\)/);
    const amount = page.getByLabel('Amount in BTC');
    // What 1,000 USD bought depends on the sandbox market's BTC price at this moment.
    await expect(page.getByText(/^Available: 0\.0\d{2,3} BTC$/)).toBeVisible();
    await page.getByRole('button', { name: 'Use your whole BTC balance' }).click();
    await expect(amount).toHaveValue(/^0\.0\d{5,8}$/);
    await amount.fill('0.0001');
    await expect(page.getByText('The smallest swap is worth 10 US dollars.')).toBeVisible();
    await amount.fill('1');
    await expect(page.getByText('Your available balance does not cover this amount.')).toBeVisible();
    await amount.fill('0.01');

    const receive = page.getByTestId('quote-receive');
    // At most 8 decimals (ETH's display precision, never the 18 of its scale), and nowhere more.
    await expect(receive).toHaveText(/^\d+\.\d{1,8} ETH$/);
    await expect(page.getByText(/\d+\.\d{9,} ETH/)).toHaveCount(0);
    await expect(page.getByText(/^Worth about \$\d+\.\d{2} after the spread and fee$/)).toBeVisible();
    await expect(page.getByText(/^Quote expires in 0:(2\d|1\d)$/)).toBeVisible();
    await expect(page.getByText('Spread (0.50%)')).toBeVisible();
    await expect(page.getByText('Fee (0.25%)')).toBeVisible();
    await expect(page.getByText('0.000025 BTC')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh quote' }).click();
    await expect(page.getByText(/^Quote expires in 0:(29|28|27)$/)).toBeVisible();
    await shoot(page, 'desktop-dark-1-quote');

    const bell = page.locator('.sidebar').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications, unread: \d+$/);
    const unreadBefore = Number(/\d+$/.exec((await bell.getAttribute('aria-label')) ?? '')?.[0]);
    await page.getByRole('button', { name: 'Review swap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your swap' });
    await expect(dialog.getByText('Arrival takes 30 minutes or less.')).toBeVisible();
    await expect(dialog.getByText('0.01 BTC')).toBeVisible();
    await shoot(page, 'desktop-dark-2-confirm');
    await dialog.getByRole('button', { name: 'Confirm swap' }).click();
    await expect(dialog).toBeHidden();

    const progress = page.getByTestId('swap-progress');
    await expect(progress.getByRole('heading', { name: 'Swap in progress' })).toBeVisible();
    await expect(
      progress.getByText(/^Arrival takes 30 minutes or less\. We will notify you when .+ ETH arrives\.$/),
    ).toBeVisible();
    const history = page.getByRole('region', { name: 'Your swaps' });
    await expect(history.getByRole('listitem').first()).toContainText('In progress');
    await shoot(page, 'desktop-dark-3-in-progress');

    await expect(progress.getByRole('heading', { name: 'Swap complete' })).toBeVisible({
      timeout: SETTLEMENT_TIMEOUT_MS,
    });
    await expect(history.getByRole('listitem').first()).toContainText('Completed');
    // One more unread notification than before the swap (identity checks and the card purchase came first).
    await expect(bell).toHaveAccessibleName(`Notifications, unread: ${unreadBefore + 1}`);
    await shoot(page, 'desktop-dark-4-completed');
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').first()).toContainText(
      /Your swap of 0\.01 BTC is complete: .+ ETH arrived in your wallet\./,
    );
    await shoot(page, 'desktop-dark-5-notification');
  });

  test('a customer without verified identity is told to verify before swapping, and still sees quotes', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request);
    await openSwap(page, customer);
    await expect(page.getByText('Verify your identity to swap')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/account/kyc');
    await expect(page.getByRole('button', { name: 'Review swap' })).toBeDisabled();
    await expect(page.getByText('Available: 0.000 BTC')).toBeVisible();
    await expect(page.getByRole('note', { name: 'Verify your identity to swap' })).toBeVisible();
    await shoot(page, 'desktop-dark-kyc-notice');
  });
});

test.describe('the swap screen on a phone, in light and in French', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' });

  test('fits a phone in both themes and every language', async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await approvedCustomer(request);
    await buyWithCard(request, customer, 'BTC', '500');
    await page.addInitScript(() => localStorage.setItem('theme', 'light_theme'));
    await openSwap(page, customer);
    await page.getByLabel('Amount in BTC').fill('0.005');
    await expect(page.getByTestId('quote-receive')).toHaveText(/ ETH$/);
    await shoot(page, 'mobile-light-quote');
    await page.evaluate(() => localStorage.setItem('theme', 'dark_theme'));
    await page.reload();
    await page.getByLabel('Amount in BTC').fill('0.005');
    await expect(page.getByTestId('quote-receive')).toHaveText(/ ETH$/);
    await shoot(page, 'mobile-dark-quote');

    // The page's title is the menu item's word (issue 19 defect 6), never the Exchange's.
    // Each language types its own decimal mark (0.005 is refused in French, never read as 5).
    for (const [lang, title, amount] of [
      ['fr', 'Conversion', '0,005'],
      ['la_es', 'Conversión', '0.005'],
      ['pt_br', 'Conversão', '0,005'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('lang', value), lang);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // The placeholder shows the decimal mark the field reads in this language.
      await expect(page.getByRole('textbox').first()).toHaveAttribute('placeholder', `0${amount[1]}00`);
      await page.getByRole('textbox').first().fill(amount);
      await expect(page.getByTestId('quote-receive')).toHaveText(/ ETH$/);
      await shoot(page, `mobile-dark-${lang}`);
    }
  });
});

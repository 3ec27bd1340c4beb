// The on-ramp purchase path (spec §1) with the sandbox provider's hosted widget: an approved customer
// buys USDT with the approving test card inside the widget and reads the result; the declining test
// card shows a clear message in the widget and on Rora's page, and nothing is credited. Screenshots
// go to test-results/web-e2e/swap-screens.
import type { FrameLocator, Page } from '@playwright/test';
import { bearer, openSignedIn, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { APPROVING_CARD, DECLINED_CARD, approvedCustomer, shoot } from './swap-helpers.ts';

async function startPurchase(page: Page, customer: Customer, usd: string): Promise<FrameLocator> {
  await openSignedIn(page, customer, '/dashboard/swap');
  const panel = page.getByRole('region', { name: 'Buy crypto with a card' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: /^Coin to buy/ }).click();
  await page.getByRole('searchbox').fill('tether');
  await page.getByRole('option', { name: 'Tether USD (USDT)' }).click();
  await panel.getByLabel('Amount to pay (USD)').fill(usd);
  await panel.getByRole('button', { name: 'Continue to payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await expect(dialog).toBeVisible();
  return dialog.frameLocator('iframe[title="Card payment form of Rora Sandbox Pay"]');
}

async function payWith(widget: FrameLocator, card: string) {
  await widget.getByLabel('Card number').fill(card);
  await widget.getByLabel('Expiry (MM/YY)').fill('1239');
  await widget.getByLabel('Security code').fill('123');
  await widget.getByLabel('Name on card').fill('Grace Hopper');
}

test.describe('buying crypto with a card', () => {
  test('an approved customer buys USDT with the test card and sees it credited', async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await approvedCustomer(request);
    const widget = await startPurchase(page, customer, '150');
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await expect(dialog.getByText('Rora Sandbox Pay · you pay $150.00 and receive 147.75 USDT')).toBeVisible();
    await expect(widget.getByText('4242 4242 4242 4242')).toBeVisible();
    await payWith(widget, APPROVING_CARD);
    await expect(widget.getByLabel('Expiry (MM/YY)')).toHaveValue('12/39');
    await shoot(page, 'onramp-1-widget');
    await widget.getByRole('button', { name: 'Pay $150.00' }).click();
    await expect(widget.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
    await expect(dialog.getByTestId('onramp-result')).toHaveText(
      'Purchase complete: 147.75 USDT arrived in your wallet.',
    );
    await shoot(page, 'onramp-2-approved');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('onramp-result')).toContainText('147.75 USDT');
    await expect(page.getByRole('button', { name: /^You give/ })).toBeVisible();
    await page.getByRole('button', { name: /^You give/ }).click();
    await expect(page.getByRole('option', { name: /Tether USD \(USDT\) · 147\.750/ })).toBeVisible();
  });

  test('a declined card shows a clear message and credits nothing', async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await approvedCustomer(request);
    const widget = await startPurchase(page, customer, '50');
    await payWith(widget, DECLINED_CARD);
    await widget.getByRole('button', { name: 'Pay $50.00' }).click();
    await expect(widget.getByRole('heading', { name: 'Card declined' })).toBeVisible();
    await expect(widget.getByText('Your bank declined this card.', { exact: false })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    const result = dialog.getByRole('alert');
    await expect(result).toContainText('Card declined');
    await expect(result).toContainText('Your bank declined this card. You were not charged. Try another card.');
    await shoot(page, 'onramp-3-declined');
    await dialog.getByRole('button', { name: 'Try another card' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Card declined' })).toBeVisible();
    const wallet = await request.get('/api/v1/dashboard', { headers: bearer(customer) });
    const assets = ((await wallet.json()) as { data: { assets: Array<{ assetSymbol: string; available: string }> } })
      .data.assets;
    expect(assets.find((asset) => asset.assetSymbol === 'USDT')?.available ?? '0').toBe('0');
  });

  test("a card typed before the widget's script has loaded is formatted and paid", async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await approvedCustomer(request);
    // The widget's script loads deferred; hold it back until the card is typed, as on a slow phone.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/onramp/sandbox-assets/widget.js', async (route) => {
      await released;
      await route.continue();
    });
    const widget = await startPurchase(page, customer, '30');
    await payWith(widget, APPROVING_CARD.replace(/ /g, ''));
    await expect(widget.getByLabel('Expiry (MM/YY)')).toHaveValue('1239');
    release();
    await expect(widget.getByLabel('Expiry (MM/YY)')).toHaveValue('12/39');
    await expect(widget.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await widget.getByRole('button', { name: 'Pay $30.00' }).click();
    await expect(widget.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
  });

  test('a malformed card is refused inside the widget, field by field', async ({ page, request }) => {
    const customer = await approvedCustomer(request);
    const widget = await startPurchase(page, customer, '25');
    await payWith(widget, '4242 4242 4242 4241');
    await widget.getByRole('button', { name: 'Pay $25.00' }).click();
    await expect(widget.getByRole('alert')).toHaveText('Check the card number.');
    await expect(widget.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('buying crypto with a card on a phone, in light', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' });

  test('the widget fits a phone and the purchase completes', async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await approvedCustomer(request);
    await page.addInitScript(() => localStorage.setItem('theme', 'light_theme'));
    const widget = await startPurchase(page, customer, '80');
    await payWith(widget, APPROVING_CARD);
    await expect(widget.getByLabel('Expiry (MM/YY)')).toHaveValue('12/39');
    await shoot(page, 'onramp-mobile-light-widget');
    await widget.getByRole('button', { name: 'Pay $80.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await expect(dialog.getByTestId('onramp-result')).toHaveText(
      'Purchase complete: 78.8 USDT arrived in your wallet.',
    );
    await shoot(page, 'onramp-mobile-light-approved');
  });
});

// Issue 19 in the wallets (defects 2, 5 and 8): a market buy's preview total is what the balance
// falls by, and the wallet history lists the fill (price, fee, what arrived) beside deposits, its
// rows summing to the balance; a customer without a PIN sets it inside the send's confirmation and
// the typed send goes through. Screenshots under test-results/web-e2e/wallets-screens.
import type { APIRequestContext } from '@playwright/test';
import { assetScale, parseAmount } from '@rora/money';
import type { WalletHistory } from '@rora/contracts';
import { bearer, openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, confirmOrder } from './market-helpers.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { PIN, faucet, mine, shoot, walletOf } from './wallets-helpers.ts';

test.setTimeout(150_000);

const minor = (text: string, asset: string) => parseAmount(text.replace(/,/g, ''), assetScale(asset));

async function history(request: APIRequestContext, customer: Customer): Promise<WalletHistory['items']> {
  const response = await request.get('/api/v1/wallet/history?page=1&limit=100', {
    headers: bearer(customer),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: WalletHistory }).data.items;
}

/** The signed sum of the completed rows of one asset, in minor units. */
function bookedSum(items: WalletHistory['items'], asset: string): bigint {
  return items
    .filter((item) => item.assetSymbol === asset && item.status === 'completed')
    .reduce((sum, item) => sum + (item.direction === 'in' ? 1n : -1n) * minor(item.amount, asset), 0n);
}

test('a market buy costs what its preview said, and the wallet history lists it', async ({ page, request }) => {
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '500');
  await mine(request, 'usdt-erc20', 20);
  await expect
    .poll(async () => (await walletOf(request, customer, 'usdt-erc20')).balance, { timeout: 20_000 })
    .toBe('500');

  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Order form' });
  await form.getByRole('tab', { name: 'Market' }).click();
  await expect(form.getByLabel('Price')).toHaveCount(0);
  await form.getByLabel('Total').fill('100');
  const pay = form.locator('.summary__row', { hasText: 'Total you pay' }).locator('dd');
  await expect(pay).toHaveText(/^[\d,.]+ USDT$/, { timeout: 15_000 });
  const preview = minor((await pay.innerText()).replace(' USDT', ''), 'USDT');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  // The confirmation says the total the summary said.
  const confirmed = confirmDialog(page).locator('.order-confirm__row', { hasText: 'Total you pay' }).locator('dd');
  await expect(confirmed).toHaveText(await pay.innerText());
  await confirmOrder(page);
  await expect(page.getByText(/Buy order filled/)).toBeVisible();

  // The one total shown before the buy is what left the wallet, to the minor unit.
  const usdt = await walletOf(request, customer, 'usdt-erc20');
  expect(minor('500', 'USDT') - minor(usdt.balance, 'USDT')).toBe(preview);
  const items = await history(request, customer);
  const paid = items.find((item) => item.type === 'trade' && item.assetSymbol === 'USDT')!;
  expect(minor(paid.amount, 'USDT')).toBe(preview);
  const received = items.find((item) => item.type === 'trade' && item.assetSymbol === 'BTC')!;
  expect(received.trade).toMatchObject({ side: 'buy', symbol: 'BTC/USDT' });
  for (const asset of ['USDT', 'BTC']) {
    const wallet = await walletOf(request, customer, asset === 'USDT' ? 'usdt-erc20' : 'btc');
    expect(bookedSum(items, asset)).toBe(minor(wallet.balance, asset));
  }

  await page.goto('/dashboard/wallets');
  await page.getByRole('tab', { name: 'History' }).click();
  const bought = page.locator('.tx').filter({ hasText: 'Bought BTC' });
  await expect(bought).toHaveCount(1);
  await expect(page.locator('.tx').filter({ hasText: 'Paid for BTC' })).toContainText('USDT');
  await expect(bought.first().getByText(/ BTC at [\d,.]+ USDT \(total [\d,.]+ USDT\)$/)).toBeVisible();
  await expect(bought.first().getByRole('link', { name: 'Open in Exchange' })).toHaveAttribute(
    'href',
    '/dashboard/exchange?pair=BTC-USDT',
  );
  await expect(page.locator('.tx').filter({ hasText: 'Received' })).toHaveCount(1);
  await shoot(page, 'wallets-history-trade-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bought.first()).toBeVisible();
  await shoot(page, 'wallets-history-trade-phone');

  // In French and the light theme: the same rows, in French words and marks.
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light_theme');
    localStorage.setItem('lang', 'fr');
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Historique' }).click();
  const achat = page.locator('.tx').filter({ hasText: 'Achat BTC' });
  await expect(achat.getByText(/ BTC à [\d\u202f ,]+ USDT \(total [\d\u202f ,]+ USDT\)$/)).toBeVisible();
  await expect(page.locator('.tx').filter({ hasText: 'Paiement pour BTC' })).toBeVisible();
  await shoot(page, 'wallets-history-trade-phone-light-fr');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'wallets-history-trade-desktop-light-fr');
});

test('a customer without a PIN sets it in the confirmation, and the typed send goes', async ({ page, request }) => {
  const alice = await registerCustomer(request);
  const bob = await registerCustomer(request);
  const bobBtc = await walletOf(request, bob, 'btc');
  await faucet(request, alice, 'BTC', '0.5');
  await mine(request, 'btc', 2);
  await expect.poll(async () => (await walletOf(request, alice, 'btc')).balance, { timeout: 20_000 }).toBe('0.5');

  await openSignedIn(page, alice, '/dashboard/wallets');
  await page.getByRole('tab', { name: 'Send' }).click();
  // Leaving a required field empty says so (issue 19 defect 11).
  await page.getByLabel('Recipient address').focus();
  await page.getByLabel('Amount').focus();
  await page.getByRole('tab', { name: 'Send' }).focus();
  await expect(page.getByText('Enter the recipient address')).toBeVisible();
  await expect(page.getByText('Enter an amount')).toBeVisible();
  await page.getByLabel('Recipient address').fill(bobBtc.address);
  await expect(page.getByText('This is a Rora customer')).toBeVisible();
  await page.getByLabel('Amount').fill('0.1');
  // Told before the review, not only at the last step.
  await expect(page.getByText('You have no PIN yet: you will set one when you review this send.')).toBeVisible();
  await page.getByRole('button', { name: 'Review send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm send' });
  await expect(dialog.getByRole('group', { name: 'Set your PIN to approve this send' })).toBeVisible();
  // One Cancel; the corner button is Close.
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Send now' })).toBeDisabled();
  await dialog.getByLabel('New PIN').fill(PIN);
  await dialog.getByLabel('Repeat the PIN').fill('2581');
  await dialog.getByRole('button', { name: 'Set PIN' }).click();
  await expect(dialog.getByText('The two PINs do not match')).toBeVisible();
  await dialog.getByLabel('Repeat the PIN').fill(PIN);
  await shoot(page, 'wallets-send-set-pin-desktop');
  await dialog.getByRole('button', { name: 'Set PIN' }).click();
  // The new PIN approves this send: the typed recipient and amount are still there.
  await expect(dialog.getByLabel('PIN', { exact: true })).toHaveValue(PIN);
  await expect(dialog.locator('.confirm__row', { hasText: 'Recipient gets' })).toContainText('0.1 BTC');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sent. The coins are already in the recipient')).toBeVisible();
  expect((await walletOf(request, bob, 'btc')).balance).toBe('0.1');
});

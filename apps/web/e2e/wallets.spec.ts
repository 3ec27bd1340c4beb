// The wallets journey in Chromium on the built app and the real server (devnet inside it): a faucet
// deposit seen going from pending to completed, a send to another Rora customer and one to an outside
// address with the PIN, funds moved into the cold wallet and back; screenshots at desktop and phone
// widths under test-results/web-e2e/wallets-screens.
import { bearer, openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { EXTERNAL_BTC, PIN, faucet, mine, setPin, shoot, walletOf } from './wallets-helpers.ts';
import type { Page } from '@playwright/test';

test.setTimeout(150_000);

async function sendFromUi(page: Page, options: { address: string; amount: string; expectInternal: boolean }) {
  await page.getByRole('tab', { name: 'Send' }).click();
  await expect(page.getByText('Send only BTC to this address, on the Bitcoin network.')).toBeVisible();
  await page.getByLabel('Recipient address').fill(options.address);
  const verdict = options.expectInternal ? 'This is a Rora customer' : 'Valid Bitcoin address';
  await expect(page.getByText(verdict)).toBeVisible();
  await page.getByLabel('Amount').fill(options.amount);
  await expect(page.getByRole('button', { name: 'Review send' })).toBeEnabled();
  await page.getByRole('button', { name: 'Review send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm send' });
  await expect(dialog.locator('.confirm__row', { hasText: 'Recipient gets' })).toContainText(`${options.amount} BTC`);
  // Only a send on the blockchain is warned about as one.
  const [shown, hidden] = options.expectInternal
    ? ['the coins go straight to this Rora customer', 'a send on the blockchain cannot be reversed']
    : ['a send on the blockchain cannot be reversed', 'the coins go straight to this Rora customer'];
  await expect(dialog.getByText(shown, { exact: false })).toBeVisible();
  await expect(dialog.getByText(hidden, { exact: false })).toHaveCount(0);
  // Escape goes back to the form, focus on the button that opened the confirmation; then again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Review send' })).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('PIN').fill(PIN);
  if (!options.expectInternal) await shoot(page, 'wallets-send-confirm-desktop');
  const sending = page.waitForRequest((asked) => asked.url().endsWith('/api/v1/wallet/sendTransaction'));
  await dialog.getByRole('button', { name: 'Send now' }).click();
  // The fee confirmed goes with the estimate's signed quote of it (ADR 0080); inside Rora, no fee to quote.
  const body = (await sending).postDataJSON() as { fee?: string; quote?: string };
  if (options.expectInternal) expect([body.fee, 'quote' in body]).toEqual(['0', false]);
  else expect(body.quote).toMatch(/^[\w-]{54}$/);
  await expect(dialog).toBeHidden();
}

test('a customer receives, sends inside Rora and outside, and uses the cold wallet', async ({ page, request }) => {
  const alice: Customer = await registerCustomer(request);
  const bob: Customer = await registerCustomer(request);
  await setPin(request, alice);
  const bobBtc = await walletOf(request, bob, 'btc');

  await openSignedIn(page, alice, '/dashboard/wallets');
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible();
  // The first wallet is active after loading (spec §4).
  await expect(page.getByRole('heading', { name: /Bitcoin BTC/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Receive' }).click();
  await expect(page.getByTestId('receive-address')).toHaveText(/^bc1q/);
  await expect(page.getByRole('img', { name: 'QR code of your BTC address' })).toBeVisible();

  await faucet(request, alice, 'BTC', '0.5');
  await page.getByRole('tab', { name: 'Transactions' }).click();
  const deposit = page.locator('.tx').filter({ hasText: 'Received' }).first();
  await expect(deposit.getByText('Pending')).toBeVisible();
  await shoot(page, 'wallets-deposit-pending-desktop');
  await mine(request, 'btc', 2);
  await expect(deposit.getByText('Completed')).toBeVisible();
  await expect(page.getByTestId('active-balance')).toHaveText('0.500 BTC');

  await sendFromUi(page, { address: bobBtc.address, amount: '0.1', expectInternal: true });
  await expect(page.getByText('Sent. The coins are already in the recipient')).toBeVisible();
  await expect(page.locator('.tx').filter({ hasText: 'Sent to a Rora customer' }).getByText('Completed')).toBeVisible();
  expect((await walletOf(request, bob, 'btc')).balance).toBe('0.1');

  await sendFromUi(page, { address: EXTERNAL_BTC, amount: '0.05', expectInternal: false });
  const sent = page
    .locator('.tx')
    .filter({ hasText: /^Sent BTC/ })
    .first();
  await expect(sent.getByText('Pending')).toBeVisible();
  await expect(sent.getByRole('link', { name: 'View on explorer' })).toHaveAttribute('href', /mempool\.space\/tx\//);
  await mine(request, 'btc', 6);
  await expect(sent.getByText('Completed')).toBeVisible();
  await shoot(page, 'wallets-after-sends-desktop');

  await page.goto('/dashboard/cold-wallet');
  await expect(page.getByRole('heading', { name: 'Cold Wallet', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How the cold wallet works' })).toBeVisible();
  await page.getByRole('button', { name: 'Move BTC into the cold wallet' }).click();
  let dialog = page.getByRole('dialog', { name: 'Move BTC' });
  await dialog.getByLabel('Amount').fill('0.2');
  await dialog.getByLabel('PIN').fill(PIN);
  await dialog.getByRole('button', { name: 'Move into cold wallet' }).click();
  await expect(dialog).toBeHidden();
  const btc = page.locator('.holding').filter({ hasText: 'Bitcoin' });
  await expect(btc.getByText('0.200 BTC')).toBeVisible();
  // 0.2 BTC at the live price (issue 19), as the API values it; never the seeded $13,000.00.
  const cold = await request.get('/api/v1/coldwallet', { headers: bearer(alice) });
  const coldTotal = ((await cold.json()) as { data: { totalBalance: string } }).data.totalBalance;
  // The market moves between the two reads: the same value within 2 %.
  await expect(page.getByTestId('cold-total')).toHaveText(/^\$\d{1,2},\d{3}\.\d{2}$/);
  const shownTotal = Number((await page.getByTestId('cold-total').innerText()).replace(/[$,]/g, ''));
  expect(Math.abs(shownTotal / Number(coldTotal) - 1)).toBeLessThan(0.02);
  expect(shownTotal).not.toBe(13_000);

  await btc.getByRole('button', { name: 'Withdraw BTC to your wallet' }).click();
  dialog = page.getByRole('dialog', { name: 'Move BTC' });
  await dialog.getByLabel('Amount').fill('0.05');
  await dialog.getByLabel('PIN').fill(PIN);
  await dialog.getByRole('button', { name: 'Withdraw to wallet' }).click();
  await expect(dialog).toBeHidden();
  await expect(btc.getByText('0.150 BTC')).toBeVisible();
  await expect(page.getByText('Withdrawn to wallet')).toBeVisible();
  await shoot(page, 'cold-wallet-desktop');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the wallet list stays above the active wallet, the picker too, and cold wallet stacks', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request);
    await faucet(request, customer, 'XRP', '25');
    await openSignedIn(page, customer, '/dashboard/wallets');
    await expect(page.getByRole('heading', { name: /Bitcoin BTC/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Your wallets' })).toBeVisible();
    await shoot(page, 'wallets-mobile');
    await page.getByRole('button', { name: 'Change wallet' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a wallet' });
    await picker.getByLabel('Search by coin or network').fill('xrp');
    await shoot(page, 'wallets-picker-mobile');
    await picker.getByRole('button', { name: /XRP/ }).click();
    await expect(picker).toBeHidden();
    await page.getByRole('tab', { name: 'Receive' }).click();
    await expect(page.getByTestId('receive-tag')).toHaveText(/^\d{6,}$/);
    await expect(page.getByText('Include this destination tag with every payment.')).toBeVisible();
    await shoot(page, 'wallets-receive-xrp-mobile');
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expect(page.locator('.tx').first()).toContainText('Received');
    await shoot(page, 'wallets-transactions-mobile');
    await page.goto('/dashboard/cold-wallet');
    await expect(page.getByRole('heading', { name: 'Cold holdings' })).toBeVisible();
    await shoot(page, 'cold-wallet-mobile');
  });

  test('light theme, French', async ({ page, request }) => {
    const customer = await registerCustomer(request);
    await page.goto('/auth/login');
    await page.evaluate(() => {
      localStorage.setItem('theme', 'light_theme');
      localStorage.setItem('lang', 'fr');
    });
    await openSignedIn(page, customer, '/dashboard/wallets');
    await expect(page.getByRole('heading', { name: 'Portefeuilles', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Envoyer' }).click();
    await shoot(page, 'wallets-send-mobile-light-fr');
  });
});

// One data layer (issue 19): every signed-in page opens exactly one WebSocket, moving between
// screens keeps it (no second one), and a placed order refreshes the balances on screen without a
// reload (the order's change invalidates the shared GET /dashboard resource).
import type { Page } from '@playwright/test';
import { openSignedIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmOrder } from './market-helpers.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { faucet, mine } from './wallets-helpers.ts';

/** The app's WebSockets, as they are opened. */
function watchSockets(page: Page): string[] {
  const opened: string[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/api/v1/ws')) opened.push(socket.url());
  });
  return opened;
}

const screens = [
  ['/dashboard/wallets', 'Wallets'],
  ['/dashboard/exchange?pair=BTC-USDT', 'Exchange'],
  ['/dashboard/cold-wallet', 'Cold Wallet'],
  ['/dashboard/finance/stake', 'Staking'],
  ['/dashboard/finance', 'P2P lending'],
  ['/dashboard/swap', 'Swap'],
] as const;

test('each signed-in page opens exactly one WebSocket, and moving between screens keeps it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await approvedCustomer(request);
  const sockets = watchSockets(page);
  await openSignedIn(page, customer, '/dashboard/wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await page.waitForTimeout(1_000);
  for (const [address, heading] of screens) {
    const before = sockets.length;
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
    // The screen has settled (its data and its live topic): one socket for this page load.
    await page.waitForTimeout(1_000);
    expect(sockets.length - before, address).toBe(1);
  }

  // In-app navigation: the same socket serves every screen; none is opened or closed.
  const before = sockets.length;
  for (const name of ['Exchange', 'Wallets', 'Cold Wallet', 'Exchange']) {
    await page.locator('.sidebar').getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  }
  await page.waitForTimeout(1_000);
  expect(sockets.length).toBe(before);
});

test('a placed order refreshes the balances on screen without a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '500');
  await mine(request, 'usdt-erc20', 20);
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Order form' });
  const available = form.locator('.order-form__available .tabular');
  await expect(available).toHaveText(/500/, { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Sell orders' }).getByRole('listitem').first()).toBeVisible({
    timeout: 20_000,
  });
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  // Compared whole: the balance after the buy (453.5009 USDT, say) may well contain "500".
  const before = (await available.textContent())!;

  await form.getByRole('tab', { name: 'Market' }).click();
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await confirmOrder(page);
  await expect(page.getByText(/Buy order filled: 0\.001 BTC/)).toBeVisible();
  await expect(available).not.toHaveText(before);
  // Selling shows the bought BTC: the same refreshed resource.
  await form.getByRole('tab', { name: 'Sell' }).click();
  await expect(available).toHaveText(/BTC/);
  await expect(available).toHaveText(/[1-9]/);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

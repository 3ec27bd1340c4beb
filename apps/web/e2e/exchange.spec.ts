// The exchange journey (spec §2 Exchange) on the real server with its market maker: an approved
// customer funded through the devnet faucet places a limit order, sees it in the book and in open
// orders, cancels it, places a market order that fills against the market maker, sets a price alert
// that fires, and the bell shows it. Screenshots at desktop and phone widths go to
// test-results/web-e2e/exchange-screens.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, openSignedIn, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { btcTicker, confirmDialog, confirmOrder, liftTheAsk, tenthsUnder } from './market-helpers.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { availableOf, faucet, mine } from './wallets-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/exchange-screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true, animations: 'disabled' });

test('an approved customer trades, cancels, sets an alert that fires and sees it in the bell', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '2000');
  await mine(request, 'usdt-erc20', 20);
  await expect.poll(() => availableOf(request, customer, 'USDT'), { timeout: 20_000 }).toBe('2000');

  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  await expect(page.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible();
  const book = page.getByLabel('Order book', { exact: true }).last();
  const asks = page.getByRole('list', { name: 'Sell orders' });
  const bids = page.getByRole('list', { name: 'Buy orders' });
  await expect(asks.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
  // The recent trades scroll within their pane: a keyboard reaches them (axe: scrollable-region-focusable).
  const trades = page.getByRole('list', { name: 'Recent trades' });
  await trades.focus();
  await expect(trades).toBeFocused();
  await expect(
    page.getByText(/Rora shares are offered at £63 per share, paid in USDT on Ethereum \(ERC-20\)/),
  ).toBeVisible();
  // The notice names the address the API gives (the sandbox's devnet wallet), not a placeholder.
  const offer = (await (await request.get('/api/v1/market/share-offer')).json()) as { data: { address: string } };
  expect(offer.data.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByText(offer.data.address, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();

  // A limit buy well under the market rests in the book and in open orders.
  const { bestBid } = await btcTicker(request);
  const price = tenthsUnder(bestBid!, 10_000);
  const form = page.getByRole('form', { name: 'Order form' });
  await form.getByRole('tab', { name: 'Limit' }).click();
  await form.getByLabel('Price').fill(price);
  await form.getByLabel('Amount').fill('0.001');
  await expect(form.getByText('Total you pay')).toBeVisible();
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(confirmDialog(page).getByText(/you can cancel it while it is open/)).toBeVisible();
  await confirmOrder(page);
  await expect(page.getByText('Buy order placed on BTC/USDT')).toBeVisible();
  const shownPrice = Number(price).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  await expect(bids.getByRole('button', { name: new RegExp(`at ${shownPrice}:`) })).toBeVisible();
  const openOrders = page.getByRole('table', { name: 'Open orders' });
  const row = openOrders.getByRole('row').filter({ hasText: shownPrice });
  await expect(row.getByText('Open')).toBeVisible();
  await shoot(page, 'exchange-limit-order-desktop');
  await book.screenshot({ path: path.join(screens, 'exchange-book-desktop.png'), animations: 'disabled' });

  // Cancelled, it leaves the book and the open orders, and its funds are available again.
  await row.getByRole('button', { name: /^Cancel the BTC\/USDT order/ }).click();
  await expect(page.getByText('Buy order on BTC/USDT cancelled: what it held is available again')).toBeVisible();
  await expect(page.getByText('No open orders')).toBeVisible();
  await expect(bids.getByRole('button', { name: new RegExp(`at ${shownPrice}:`) })).toHaveCount(0);
  await expect.poll(() => availableOf(request, customer, 'USDT')).toBe('2000');

  // A market buy fills against the market maker, with the fee and total shown before it is sent.
  await form.getByRole('tab', { name: 'Market' }).click();
  // Market has no price field: its hint asks for what it has.
  await expect(form.getByText('Enter an amount to buy or a total to spend', { exact: false })).toBeVisible();
  await expect(form.getByText(/Enter a price/)).toHaveCount(0);
  // A rule error says what is wrong; the hint to enter an amount is not shown beside it.
  await form.getByLabel('Amount').fill('-5');
  await expect(form.getByText('Amounts cannot be negative')).toBeVisible();
  await expect(form.getByText('Enter an amount to buy or a total to spend', { exact: false })).toHaveCount(0);
  await form.getByLabel('Amount').fill('0.002');
  await expect(form.getByText(/Fee \(taker, 0\.5%\)/)).toBeVisible();
  await holdWhileConfirming(page, request, customer);
  await confirmMarketBuy(page);
  await expect(page.getByText(/Buy order filled: 0\.002 BTC/)).toBeVisible();
  await page.getByRole('tab', { name: 'Order history' }).click();
  const history = page.getByRole('table', { name: 'Order history' });
  await expect(history.getByText('Filled').first()).toBeVisible();
  // The market buy shows its average fill price (not just "Market") and what arrived, fee deducted.
  const filledRow = history.getByRole('row').filter({ hasText: 'Market' }).first();
  await expect(filledRow.getByText(/^avg \d{2},\d{3}\.\d$/)).toBeVisible();
  await expect(filledRow.getByText(/^0\.00199 BTC$/)).toBeVisible();
  await shoot(page, 'exchange-market-filled-desktop');

  // An alert below the last price, just above the best bid, fires when the customer's own market sell
  // trades at that bid. (Sandbox flow may trade meanwhile; then the levels are read again.)
  await page.getByRole('button', { name: 'Set alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price alert on BTC/USDT' });
  await expect(async () => {
    const { lastPrice, bestBid } = await btcTicker(request);
    const level = tenthsUnder(bestBid!, -1);
    if (Number(level) >= Number(lastPrice)) {
      // The last trade was at the bid: a small market buy trades at the ask and leaves room under it.
      await liftTheAsk(request, customer);
    }
    expect(Number(level)).toBeLessThan(Number(lastPrice));
    await dialog.getByRole('tab', { name: 'below' }).click();
    await dialog.getByRole('textbox', { name: 'Price' }).fill(level);
    await dialog.getByRole('button', { name: 'Set the alert' }).click();
    await expect(dialog.getByText('Waiting')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await shoot(page, 'exchange-alert-desktop');
  await page.keyboard.press('Escape');
  await form.getByRole('tab', { name: 'Sell' }).click();
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Sell BTC' }).click();
  await confirmOrder(page);
  await expect(page.getByText(/Sell order filled/)).toBeVisible();
  const alerts = async () => {
    const response = await request.get('/api/v1/alert', { headers: bearer(customer) });
    return ((await response.json()) as { data: { items: Array<{ status: string }> } }).data.items[0]?.status;
  };
  await expect.poll(alerts, { timeout: 15_000 }).toBe('triggered');

  const bell = page.locator('.sidebar').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread: [1-9]/);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').filter({ hasText: /BTC\/USDT is below/ })).toBeVisible();
  // The filled market orders are in the bell too, with what was bought or sold.
  await expect(
    panel.getByRole('listitem').filter({ hasText: 'Order filled on BTC/USDT: you bought 0.002 BTC' }),
  ).toBeVisible();
  await expect(
    panel.getByRole('listitem').filter({ hasText: 'Order filled on BTC/USDT: you sold 0.001 BTC' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The phone layout: chart, book and trades as tabs, the order form in a bottom sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Chart' })).toBeVisible();
  await shoot(page, 'exchange-mobile');
  await page.getByRole('tab', { name: 'Order book' }).click();
  await expect(page.getByRole('list', { name: 'Sell orders' }).getByRole('listitem').first()).toBeVisible();
  await shoot(page, 'exchange-mobile-book');
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  const sheet = page.getByRole('dialog', { name: 'Place an order' });
  await expect(sheet.getByRole('form', { name: 'Order form' })).toBeVisible();
  await shoot(page, 'exchange-mobile-sheet');
  // The confirmation opens above the sheet; going back leaves the sheet as it was.
  await sheet.getByRole('tab', { name: 'Market' }).click();
  await sheet.getByLabel('Amount').fill('0.001');
  await sheet.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(confirmDialog(page).getByText('Market buy')).toBeVisible();
  await shoot(page, 'exchange-mobile-confirm');
  await page.keyboard.press('Escape');
  await expect(confirmDialog(page)).toBeHidden();
  await expect(sheet.getByLabel('Amount')).toHaveValue('0.001');
  await sheet.getByRole('button', { name: 'Buy BTC' }).click();
  await confirmOrder(page);
  await expect(page.getByText(/Buy order filled: 0\.001 BTC/)).toBeVisible();
  await expect(sheet).toBeHidden();
});

/**
 * Another order holds the USDT while the market buy's confirmation is open: the dialog keeps the
 * figures seen, says why they are not updated, and has them current again once the hold ends.
 */
async function holdWhileConfirming(page: Page, request: APIRequestContext, customer: Customer) {
  await page.getByRole('form', { name: 'Order form' }).getByRole('button', { name: 'Buy BTC' }).click();
  const dialog = confirmDialog(page);
  const total = dialog.locator('.order-confirm__row', { hasText: 'Total you pay' }).locator('dd');
  await expect(total).toHaveText(/^[\d,]+\.\d{6} USDT/, { timeout: 15_000 });
  const { bestBid } = await btcTicker(request);
  const price = tenthsUnder(bestBid!, 10_000);
  const held = await request.post('/api/v1/order', {
    headers: { ...bearer(customer), 'idempotency-key': `e2e-hold-${Date.now()}` },
    data: { symbol: 'BTC/USDT', side: 'buy', orderType: 'limit', price, amount: (1990 / Number(price)).toFixed(5) },
  });
  expect(held.ok()).toBe(true);
  const outdated = dialog.getByText(/^Your available balance does not cover this order\. These are the figures/);
  await expect(outdated).toBeVisible({ timeout: 15_000 });
  await expect(total).toHaveText(/^[\d,]+\.\d{6} USDT/);
  await expect(dialog.locator('.skeleton')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirm buy' })).toBeDisabled();
  await shoot(page, 'exchange-confirm-held-desktop');
  const { data } = (await held.json()) as { data: { id: string } };
  expect((await request.delete(`/api/v1/order/${data.id}`, { headers: bearer(customer) })).ok()).toBe(true);
  await expect(outdated).toBeHidden({ timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: /^(Confirm buy|Accept the new figures)$/ })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * The market buy the form opened: the confirmation shows the summary's estimate; Escape goes back
 * without sending; Tab stays inside; Enter on the confirm button sends it.
 */
async function confirmMarketBuy(page: Page) {
  const form = page.getByRole('form', { name: 'Order form' });
  const buy = form.getByRole('button', { name: 'Buy BTC' });
  await buy.click();
  const dialog = confirmDialog(page);
  await expect(dialog.getByText(/fills at once at the prices in the order book/)).toBeVisible();
  await expect(dialog.getByText(/cannot be undone/)).toBeVisible();
  // Both read the one estimate: compared together, as it may be asked for again meanwhile.
  await expect(async () => {
    for (const [inForm, inDialog] of [
      ['Expected price', 'Estimated average price'],
      ['Fee (taker', 'Fee (taker'],
      ['Total you pay', 'Total you pay'],
      ['Arrives in your wallet', 'Arrives in your wallet'],
    ]) {
      const summary = await form.locator('.summary__row', { hasText: inForm! }).locator('dd').innerText();
      const confirm = await dialog.locator('.order-confirm__row', { hasText: inDialog! }).locator('dd').innerText();
      expect(confirm.split('\n')[0], inDialog).toBe(summary);
    }
  }).toPass({ timeout: 15_000 });
  // Every amount of an asset with the same decimals on the pair, exact: USDT 6, BTC 8 (ADR 0035).
  const shown = (label: string) => dialog.locator('.order-confirm__row', { hasText: label }).locator('dd').innerText();
  expect((await shown('Total you pay')).split('\n')[0]).toMatch(/^\d{1,3}(,\d{3})*\.\d{6} USDT$/);
  for (const label of ['Fee (taker', 'Arrives in your wallet', 'Amount']) {
    expect((await shown(label)).split('\n')[0], label).toMatch(/^0\.\d{8} BTC$/);
  }
  await shoot(page, 'exchange-confirm-desktop');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await buy.click();
  await expect(dialog).toBeVisible();
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await expect(async () => {
    const accept = dialog.getByRole('button', { name: 'Accept the new figures' });
    if (await accept.isVisible()) await accept.click();
    await dialog.getByRole('button', { name: 'Confirm buy' }).focus({ timeout: 2_000 });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

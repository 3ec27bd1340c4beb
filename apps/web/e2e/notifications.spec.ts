// The bell (spec §2, §4): a notification made on the server arrives live over the WebSocket, the
// unread count shows, the panel groups by day under 'Today', and marking read dims it. A fired price
// alert reads in the app's language (French here), and so does its e-mail.
import type { APIResponse } from '@playwright/test';
import { bearer, notify, openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { liftTheAsk, tenthsUnder } from './market-helpers.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { availableOf, faucet, mine } from './wallets-helpers.ts';

test('a notification appears live in the bell and can be marked read', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/wallets');
  const bell = page.locator('.sidebar').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await notify(request, customer.token, 'Your swap of 0.5 ETH to USDT has completed.');
  await expect(bell).toHaveAccessibleName('Notifications, unread: 1');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Today' })).toBeVisible();
  const item = panel.getByRole('listitem').filter({ hasText: 'Your swap of 0.5 ETH to USDT has completed.' });
  await expect(item).toBeVisible();
  await notify(request, customer.token, 'New sign-in to your account.');
  await expect(panel.getByRole('listitem').first()).toContainText('New sign-in to your account.');

  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item).toHaveClass(/is-read/);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(panel.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');
});

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test('a fired price alert reads in French in the bell, and its e-mail is French too', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await approvedCustomer(request);
  const userId = String(customer.user._id ?? customer.user.id);
  await faucet(request, customer, 'BTC', '0.01');
  await mine(request, 'btc', 3);
  // USDT for a small market buy, should the market's last trade sit at its bid (below).
  await faucet(request, customer, 'USDT', '200');
  await mine(request, 'usdt-erc20', 20);
  // Both deposits credited (and notified) before the bell's count is read below.
  await expect.poll(() => availableOf(request, customer, 'BTC'), { timeout: 20_000 }).toBe('0.01');
  await expect.poll(() => availableOf(request, customer, 'USDT'), { timeout: 20_000 }).toBe('200');

  // The app in French: its language reaches the profile, so the server writes e-mails in it.
  await page.goto('/auth/login');
  await page.evaluate(() => localStorage.setItem('lang', 'fr'));
  await openSignedIn(page, customer, '/dashboard/wallets');
  const bell = page.locator('.sidebar').getByRole('button', { name: /^Notifications/ });
  // The customer already has notifications (identity approved, deposit credited): the bell shows the
  // server's unread count, and later that count once the alert has fired.
  const unreadNow = async () =>
    (
      await json<{ unreadCount: number }>(
        await request.get('/api/v1/notification?page=1&limit=1', { headers: bearer(customer) }),
      )
    ).unreadCount;
  const bellShowsServerCount = async (above: number) => {
    const unread = await unreadNow();
    expect(unread).toBeGreaterThan(above);
    await expect(bell).toHaveAccessibleName(new RegExp(`^Notifications, non lues\\s: ${unread}$`), { timeout: 1_000 });
    return unread;
  };
  let before = 0;
  await expect(async () => {
    before = await bellShowsServerCount(0);
  }).toPass({ timeout: 15_000 });
  const profileLanguage = async () =>
    (
      await json<{ preferences: { language: string } }>(
        await request.get(`/api/v1/user/${userId}`, { headers: bearer(customer) }),
      )
    ).preferences.language;
  await expect.poll(profileLanguage).toBe('fr');

  // An alert one tick above the best bid, under the last price, fires when the customer sells at that bid.
  // It is asked for only when that level is under the last price: each refused create counts against
  // the 30 a minute, and a retry loop that created blindly ran into 429 on a slow machine.
  await expect(async () => {
    const ticker = await json<{ lastPrice: string; bestBid: string }>(
      await request.get('/api/v1/market/ticker?symbol=BTC/USDT'),
    );
    const price = tenthsUnder(ticker.bestBid, -1);
    if (Number(price) >= Number(ticker.lastPrice)) {
      // The last trade was at the bid: a small market buy trades at the ask and leaves room under it.
      const lift = await liftTheAsk(request, customer);
      expect(lift.status(), await lift.text()).toBe(201);
    }
    expect(Number(price)).toBeLessThan(Number(ticker.lastPrice));
    const created = await request.post('/api/v1/alert', {
      headers: bearer(customer),
      data: { symbol: 'BTC/USDT', condition: 'below', price },
    });
    expect(created.status(), await created.text()).toBe(201);
  }).toPass({ timeout: 30_000 });
  const sold = await request.post('/api/v1/order', {
    headers: { ...bearer(customer), 'idempotency-key': `e2e-alert-${Date.now()}` },
    data: { symbol: 'BTC/USDT', side: 'sell', orderType: 'market', amount: '0.001' },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const alerts = async () =>
    (
      await json<{ items: Array<{ status: string }> }>(
        await request.get('/api/v1/alert', { headers: bearer(customer) }),
      )
    ).items.map((alert) => alert.status);
  await expect.poll(alerts, { timeout: 15_000 }).toContain('triggered');

  await expect(async () => void (await bellShowsServerCount(before))).toPass({ timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Aujourd’hui' })).toBeVisible();
  const item = panel.getByRole('listitem').filter({
    // French marks (ADR 0035): 45 123,4 with a narrow no-break space and a decimal comma.
    hasText:
      /Alerte de prix\s: BTC\/USDT est en dessous de \d{1,3}(\u202f\d{3})*,\d USDT\. Dernier prix\s: \d{1,3}(\u202f\d{3})*,\d USDT\./,
  });
  await expect(item).toBeVisible();
  await expect(panel).not.toContainText('BTC/USDT is below');

  const mail = async () => {
    const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(customer.email)}&limit=10`);
    const items = ((await response.json()) as { data: { items: Array<{ category: string; subject: string }> } }).data
      .items;
    return items.find((message) => message.category === 'price_alert')?.subject;
  };
  // The e-mail's subject keeps its colon on the line, as the bell's text does (U+00A0).
  await expect.poll(mail).toBe('Alerte de prix\u00a0: BTC/USDT');
});

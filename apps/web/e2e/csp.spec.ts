// The Content-Security-Policy in a real browser: with connect-src limited to the page's origin and
// its own WebSocket, and no inline styles, the exchange draws its chart (the library's attribution
// <style> is allowed by its hash), its WebSockets connect and a live update arrives in the bell; the
// KYC upload step, the wallets and the API docs load too, and the browser refuses nothing on any.
// The sandbox card widget (a page of its own) is styled by its stylesheet file, not inline.
// Screenshots of the exchange and the widget go to test-results/web-e2e/csp.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { bearer, notify, openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { approvedCustomer } from './swap-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/csp');

/** The browser's CSP refusals on this page, as they are logged. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test('the app works under its CSP: chart, WebSockets and live updates, with no violation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const violations = cspViolations(page);
  const framesBySocket = new Map<string, number>();
  page.on('websocket', (socket) => {
    framesBySocket.set(socket.url(), 0);
    socket.on('framereceived', () => framesBySocket.set(socket.url(), (framesBySocket.get(socket.url()) ?? 0) + 1));
  });

  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  await expect(page.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sell orders' }).getByRole('listitem').first()).toBeVisible({
    timeout: 20_000,
  });
  // The chart library's own stylesheet applied: its logo sits over the chart, not in the page's flow.
  const logo = page.locator('a#tv-attr-logo');
  await expect(logo).toBeVisible({ timeout: 20_000 });
  expect(await logo.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');

  const bell = page.locator('.sidebar').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await notify(request, customer.token, 'A live update under the CSP.');
  await expect(bell).toHaveAccessibleName('Notifications, unread: 1');
  const sockets = [...framesBySocket.entries()];
  expect(sockets.length).toBeGreaterThan(0);
  for (const [url, frames] of sockets) expect(frames, url).toBeGreaterThan(0);
  await page.screenshot({ path: path.join(screens, 'exchange.png'), fullPage: true, animations: 'disabled' });

  for (const [address, heading] of [
    ['/account/kyc', 'Verify your identity'],
    ['/dashboard/wallets', 'Wallets'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the sandbox card widget is styled by its own stylesheet under the CSP', async ({ page, request }) => {
  test.setTimeout(60_000);
  const violations = cspViolations(page);
  const customer = await approvedCustomer(request);
  const started = await request.post('/api/v1/order/init', {
    headers: { ...bearer(customer), 'idempotency-key': `e2e-csp-${Date.now()}` },
    data: { asset: 'USDT', fiatAmount: '150' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { widget } = ((await started.json()) as { data: { widget: { url: string } } }).data;
  await page.goto(`${widget.url}?theme=light`);
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  // The light theme's panel and rounded corners come from widget.css.
  const summary = page.locator('.summary');
  expect(await summary.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('12px');
  expect(await summary.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: path.join(screens, 'card-widget.png'), fullPage: true, animations: 'disabled' });
  expect(violations).toEqual([]);
});

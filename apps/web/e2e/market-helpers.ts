// What the journeys that need room under BTC/USDT's last price share, and confirming an order placed
// through the exchange screen's form.
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { bearer, type Customer } from './support/api.ts';
import { expect } from './support/fixtures.ts';

/** The confirmation's words in one language (English unless given). */
export interface ConfirmWords {
  readonly title: string;
  readonly confirm: string | RegExp;
  readonly accept: string;
}

const ENGLISH: ConfirmWords = {
  title: 'Confirm your order',
  confirm: /^Confirm (buy|sell)$/,
  accept: 'Accept the new figures',
};

/** The exchange's order confirmation. */
export const confirmDialog = (page: Page, words: ConfirmWords = ENGLISH) =>
  page.getByRole('dialog', { name: words.title });

/**
 * Confirms the order the form opened and waits until the dialog has closed (the order placed). The
 * estimate is asked for again while the dialog is open; if it moved, the new figures are accepted
 * first, as a customer must. A click that the figures' change turned into "Accept" confirmed
 * nothing, so it is tried again; the button is disabled while the order is being placed.
 */
export async function confirmOrder(page: Page, words: ConfirmWords = ENGLISH): Promise<void> {
  const dialog = confirmDialog(page, words);
  await expect(dialog).toBeVisible();
  await expect(async () => {
    const accept = dialog.getByRole('button', { name: words.accept });
    if (await accept.isVisible()) await accept.click();
    await dialog.getByRole('button', { name: words.confirm }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

/** BTC/USDT's ticker: its last trade's price and best bid (null while there is none). */
export async function btcTicker(request: APIRequestContext) {
  const response = await request.get('/api/v1/market/ticker?symbol=BTC/USDT');
  return ((await response.json()) as { data: { lastPrice: string | null; bestBid: string | null } }).data;
}

/** A price on BTC/USDT's 0.1 tick, `tenths` tenths under the given one (negative: over it). */
export function tenthsUnder(price: string, tenths: number): string {
  const [whole, fraction = ''] = price.split('.');
  const value = BigInt(whole!) * 10n + BigInt((fraction + '0').slice(0, 1)) - BigInt(tenths);
  return `${value / 10n}.${value % 10n}`;
}

/**
 * A small market buy of BTC/USDT: it trades at the ask, so the last price moves above the bid. A
 * journey whose alert must sit between the bid and the last price calls it when the last trade was
 * at the bid. The customer needs about 100 USDT.
 */
export function liftTheAsk(request: APIRequestContext, customer: Customer): Promise<APIResponse> {
  return request.post('/api/v1/order', {
    headers: { ...bearer(customer), 'idempotency-key': `e2e-lift-${Date.now()}` },
    data: { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '0.001' },
  });
}

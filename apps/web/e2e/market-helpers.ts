// What the journeys that need room under BTC/USDT's last price share.
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { bearer, type Customer } from './support/api.ts';

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

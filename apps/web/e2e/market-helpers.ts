// What the journeys that need room under BTC/USDT's last price share.
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { Customer } from './support/api.ts';

/**
 * A small market buy of BTC/USDT: it trades at the ask, so the last price moves above the bid. A
 * journey whose alert must sit between the bid and the last price calls it when the last trade was
 * at the bid. The customer needs about 100 USDT.
 */
export function liftTheAsk(request: APIRequestContext, customer: Customer): Promise<APIResponse> {
  return request.post('/api/v1/order', {
    headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': `e2e-lift-${Date.now()}` },
    data: { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '0.001' },
  });
}

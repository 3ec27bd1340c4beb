// A purchase whose answer died with its process: the retry with the same Idempotency-Key gets the
// purchase that was recorded (ADR 0024), and no second purchase starts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { loseAnswer } from '../../testing/idempotency.ts';
import { approvedCustomer, createOnrampTestApp, type OnrampTestApp } from './testing/onramp-fixtures.ts';

let t: OnrampTestApp;
beforeAll(async () => {
  t = await createOnrampTestApp();
});
afterAll(async () => t.close());

describe('POST /order/init after a crash', () => {
  it('answers a retry whose first answer died with its process from the purchase recorded', async () => {
    const user = await approvedCustomer(t);
    const init = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/order/init',
        headers: { ...user.headers, 'idempotency-key': 'onramp-answer-lost' },
        payload: { asset: 'USDT', fiatAmount: '150' },
      });
    const first = await init();
    expect(first.statusCode, first.body).toBe(201);
    await loseAnswer(t, user.userId, 'onramp-answer-lost');
    const retry = await init();
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(retry.json().data).toEqual(first.json().data);
    const purchases = await t.database.db
      .select()
      .from(schema.onrampPurchases)
      .where(eq(schema.onrampPurchases.userId, user.userId));
    expect(purchases).toHaveLength(1);
  });
});

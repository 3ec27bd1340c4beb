// A completed card purchase's notification when the database session is lost while the customer is
// told, and again while the claim on it is given back: the next pass still tells the customer, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { loseSessionWhen, restoreSession } from '../../testing/session-loss.ts';
import { NOTIFY_GRACE_MS } from '../notifications/index.ts';
import {
  approvedCustomer,
  createOnrampTestApp,
  pay,
  startPurchase,
  type OnrampTestApp,
} from './testing/onramp-fixtures.ts';

let t: OnrampTestApp;
beforeAll(async () => {
  t = await createOnrampTestApp();
});
afterAll(async () => t.close());

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('a completed purchase whose notification could not be sent', () => {
  it('is told once by the next pass, even when the claim could not be given back', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user);
    await loseSessionWhen(t.database.pool, 'notifications', 'INSERT', `NEW.kind = 'onramp_completed'`);
    await loseSessionWhen(
      t.database.pool,
      'onramp_purchases',
      'UPDATE',
      `OLD.notified_at IS NOT NULL AND NEW.notified_at IS NULL`,
    );
    const paid = await pay(t, purchase, '4242 4242 4242 4242');
    expect(paid.json()).toEqual({ data: { status: 'approved', declineCode: null } });
    await restoreSession(t.database.pool, 'notifications', 'onramp_purchases');

    t.clock.advance(NOTIFY_GRACE_MS);
    await t.app.services.onramp.webhooks.notifyPending(silent);
    await t.app.services.onramp.webhooks.notifyPending(silent);
    const notices = await t.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, user.userId));
    expect(notices.map((notice) => notice.kind)).toEqual(['onramp_completed']);
  });
});

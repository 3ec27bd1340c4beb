// POST /webhooks/onramp refuses what is not the provider's own, fresh delivery: a bad or missing
// signature, another secret, a stale timestamp, the very same signed delivery twice (a replay).
// The same event signed anew (a provider retry) is answered as a duplicate and credits nothing
// more, even ten at once; a late confirmation of an expired purchase still credits it, once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OnrampPurchase } from '@rora/contracts';
import { assertLedgerInvariants, createLedger } from '@rora/ledger';
import type { TestUser } from '../../testing/users.ts';
import { ONRAMP_SIGNATURE_HEADER, signOnrampWebhook } from './index.ts';
import {
  approvedCustomer,
  createOnrampTestApp,
  ONRAMP_TEST_SECRET,
  pay,
  purchaseOf,
  startPurchase,
  webhook,
  type Delivery,
  type OnrampTestApp,
} from './testing/onramp-fixtures.ts';

/** The secret the source held until issue 15: public, so it must sign nothing now. */
const FORMER_SOURCE_SECRET = 'rora-sandbox-onramp-webhook-secret-development-only';
let t: OnrampTestApp;
beforeAll(async () => {
  t = await createOnrampTestApp();
});
afterEach(async () => assertLedgerInvariants(t.database.db));
afterAll(async () => t.close());

const credited = async (userId: string) =>
  (await createLedger().getBalances(t.database.db, userId)).find((balance) => balance.asset === 'USDT')?.available ??
  0n;

function signed(body: string, options: { secret?: string; at?: Date } = {}): Delivery {
  const signature = signOnrampWebhook({
    secret: options.secret ?? ONRAMP_TEST_SECRET,
    rawBody: body,
    now: options.at ?? t.clock.now(),
  });
  return { headers: { 'content-type': 'application/json', [ONRAMP_SIGNATURE_HEADER]: signature }, body };
}

/** A purchase paid with the approving card, its delivery refused on the way so nothing is applied yet. */
async function paidButUndelivered(): Promise<{ user: TestUser; purchase: OnrampPurchase; delivery: Delivery }> {
  const user = await approvedCustomer(t);
  const purchase = await startPurchase(t, user);
  t.failNextDeliveries(1);
  await pay(t, purchase, '4242424242424242');
  return { user, purchase, delivery: t.deliveries.at(-1)! };
}

async function refusedWith(delivery: Delivery): Promise<[number, string]> {
  const response = await webhook(t, delivery);
  return [response.statusCode, response.json().error?.code ?? 'accepted'];
}

describe('POST /webhooks/onramp', () => {
  it('refuses a bad, missing or foreign signature and a stale timestamp, applying nothing', async () => {
    const { user, purchase, delivery } = await paidButUndelivered();
    const tampered = { ...delivery, body: delivery.body.replace('"payment.completed"', '"payment.completed" ') };
    expect(await refusedWith(tampered)).toEqual([401, 'webhook_signature_invalid']);
    expect(await refusedWith({ ...delivery, headers: { 'content-type': 'application/json' } })).toEqual([
      401,
      'webhook_signature_invalid',
    ]);
    expect(await refusedWith(signed(delivery.body, { secret: 'another-secret-of-at-least-32-characters' }))).toEqual([
      401,
      'webhook_signature_invalid',
    ]);
    expect(await refusedWith(signed(delivery.body, { secret: FORMER_SOURCE_SECRET }))).toEqual([
      401,
      'webhook_signature_invalid',
    ]);
    const stale = new Date(t.clock.now().getTime() - 6 * 60_000);
    expect(await refusedWith(signed(delivery.body, { at: stale }))).toEqual([
      401,
      'webhook_timestamp_outside_tolerance',
    ]);
    expect((await purchaseOf(t, user, purchase.id)).status).toBe('pending');
    expect(await credited(user.userId)).toBe(0n);
  });

  it('applies the genuine delivery once, refuses its replay, and answers a re-signed retry as a duplicate', async () => {
    const { user, purchase, delivery } = await paidButUndelivered();
    const first = await webhook(t, delivery);
    expect(first.json()).toEqual({ data: { received: true, applied: true, duplicate: false } });
    expect(await refusedWith(delivery)).toEqual([409, 'webhook_replay_refused']);
    t.clock.advance(1_000);
    const retry = await webhook(t, signed(delivery.body));
    expect(retry.json()).toEqual({ data: { received: true, applied: false, duplicate: true } });
    expect((await purchaseOf(t, user, purchase.id)).status).toBe('completed');
    expect(await credited(user.userId)).toBe(147_750_000n);
  });

  it('credits once when ten re-signed copies of the event arrive together', async () => {
    const { user, delivery } = await paidButUndelivered();
    const copies = Array.from({ length: 10 }, (_, index) =>
      signed(delivery.body, { at: new Date(t.clock.now().getTime() - index * 1_000) }),
    );
    const answers = await Promise.all(copies.map((copy) => webhook(t, copy)));
    const applied = answers.filter((answer) => answer.json().data?.applied === true);
    expect(applied).toHaveLength(1);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await credited(user.userId)).toBe(147_750_000n);
  });

  it('refuses a signed event whose amount is not the purchase’s, and ignores one about no purchase of ours', async () => {
    const { user, purchase, delivery } = await paidButUndelivered();
    const inflated = delivery.body.replace('"cryptoAmount":"147750000"', '"cryptoAmount":"947750000"');
    expect(inflated).not.toBe(delivery.body);
    expect(await refusedWith(signed(inflated))).toEqual([400, 'webhook_payload_invalid']);
    expect((await purchaseOf(t, user, purchase.id)).status).toBe('pending');
    const stranger = delivery.body.replace(purchase.id, crypto.randomUUID());
    expect((await webhook(t, signed(stranger))).json()).toEqual({
      data: { received: true, applied: false, duplicate: false },
    });
    expect(await credited(user.userId)).toBe(0n);
  });

  it('refuses a body that is not the provider’s event format', async () => {
    expect(await refusedWith(signed('{"id":"evt_1","type":"payment.refunded"}'))).toEqual([
      400,
      'webhook_payload_invalid',
    ]);
    expect(await refusedWith(signed('not json'))).toEqual([400, 'webhook_payload_invalid']);
  });

  it('still credits a purchase confirmed after it expired: the card was charged', async () => {
    const { user, purchase, delivery } = await paidButUndelivered();
    t.clock.advance(26 * 60_000);
    const [job] = t.app.services.onramp.jobs;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    t.failNextDeliveries(100);
    await job!.run({ db: t.database.db, now: () => t.clock.now(), log }, {});
    expect((await purchaseOf(t, user, purchase.id)).status).toBe('expired');
    t.failNextDeliveries(0);
    expect((await webhook(t, signed(delivery.body))).json().data.applied).toBe(true);
    expect(await purchaseOf(t, user, purchase.id)).toMatchObject({ status: 'completed', failureReason: null });
    expect(await credited(user.userId)).toBe(147_750_000n);
  });
});

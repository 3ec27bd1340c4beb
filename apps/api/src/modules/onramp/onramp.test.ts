// The on-ramp on the real app and PostgreSQL with the sandbox provider: POST /order/init answers the
// widget to open; the widget page is served with the app's CSP; a test card is approved and the coin
// is credited from the outside world once, with a notification; a declined card fails the purchase
// with its code and credits nothing. After every test the ledger's invariants hold.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { assertLedgerInvariants, createLedger } from '@rora/ledger';
import type { JobContext } from '@rora/worker';
import { PROCESS_ONRAMP_JOB } from './index.ts';
import {
  approvedCustomer,
  createOnrampTestApp,
  initPurchase,
  pay,
  purchaseOf,
  startPurchase,
  type OnrampTestApp,
} from './testing/onramp-fixtures.ts';

let t: OnrampTestApp;
beforeAll(async () => {
  t = await createOnrampTestApp();
});
afterEach(async () => assertLedgerInvariants(t.database.db));
afterAll(async () => t.close());

const available = async (userId: string, asset: string) =>
  (await createLedger().getBalances(t.database.db, userId)).find((balance) => balance.asset === asset)?.available ?? 0n;
const notificationsOf = (userId: string) =>
  t.database.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const runJob = async () =>
  (await t.app.services.onramp.jobs
    .find((job) => job.name === PROCESS_ONRAMP_JOB)!
    .run({ db: t.database.db, now: () => t.clock.now(), log: silentLog } satisfies JobContext, {})) as Record<
    string,
    number
  >;

describe('POST /order/init', () => {
  it('starts a purchase: the price, the fee apart, and the widget to open', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user, 'usdt', '150');
    expect(purchase).toMatchObject({
      provider: 'sandbox',
      providerName: 'Rora Sandbox Pay',
      asset: 'USDT',
      fiatCurrency: 'USD',
      fiatAmount: '150.00',
      providerFee: '2.25',
      cryptoAmount: '147.75',
      status: 'pending',
      failureReason: null,
      widget: { origin: null, mode: 'iframe' },
    });
    expect(purchase.widget.url).toMatch(/^\/api\/v1\/onramp\/sandbox\/[0-9a-f-]{36}$/);
    expect(Date.parse(purchase.expiresAt) - Date.parse(purchase.createdAt)).toBe(15 * 60_000);
  });

  it('prices a coin at its reference price, rounding the coin down', async () => {
    const user = await approvedCustomer(t);
    // 100 USD less 1.5 % = 98.50 USD at 65,000 USD per BTC = 0.00151538... BTC.
    expect((await startPurchase(t, user, 'BTC', '100')).cryptoAmount).toBe('0.00151538');
  });

  it.each([
    [{ asset: 'DOGE', fiatAmount: '100' }, 422, 'onramp_asset_not_supported'],
    [{ asset: 'USD', fiatAmount: '100' }, 422, 'onramp_asset_not_supported'],
    [{ asset: 'BTC', fiatAmount: '19.99' }, 422, 'onramp_amount_below_minimum'],
    [{ asset: 'BTC', fiatAmount: '10000.01' }, 422, 'onramp_amount_above_maximum'],
    [{ asset: 'BTC', fiatAmount: '100.001' }, 400, 'onramp_amount_must_be_whole_cents'],
    [{ asset: 'BTC', fiatAmount: 'ten' }, 400, 'amount_is_not_a_decimal'],
    [{ asset: 'BTC', fiatAmount: '100', fiatCurrency: 'EUR' }, 400, 'onramp_currency_not_supported'],
  ])('refuses %o with %i %s', async (body, status, code) => {
    const user = await approvedCustomer(t);
    const response = await initPurchase(t, user, body);
    expect([response.statusCode, response.json().error.code]).toEqual([status, code]);
  });

  it('words too many decimals of a dollar amount for dollars, not for a coin', async () => {
    const user = await approvedCustomer(t);
    const response = await initPurchase(t, user, { asset: 'BTC', fiatAmount: '150.005' });
    expect(response.statusCode).toBe(400);
    const item = response.json().data[0];
    expect([item.code, item.field]).toEqual(['onramp_amount_must_be_whole_cents', 'fiatAmount']);
    expect(item.message).toBe('A US dollar amount has at most 2 decimals (whole cents)');
  });

  it('needs approved KYC and a signed-in customer', async () => {
    const user = await approvedCustomer(t);
    await t.database.db.update(schema.users).set({ kycStatus: 'rejected' }).where(eq(schema.users.id, user.userId));
    const refused = await initPurchase(t, user, { asset: 'BTC', fiatAmount: '100' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'kyc_approval_required']);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order/init',
      payload: { asset: 'BTC', fiatAmount: '100' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the sandbox widget', () => {
  it('serves its page in the customer’s language, under a CSP that allows only its own script and style', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user);
    const page = await t.app.inject({ method: 'GET', url: `${purchase.widget.url}?lang=fr&theme=light` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="fr" data-theme="light">');
    expect(page.body).toContain('Payer 150,00\u00a0$US');
    expect(page.body).toContain('147,75 USDT');
    expect(page.body).not.toMatch(/<script>(?!\s*$)/);
    expect(page.body).not.toMatch(/<style|\sstyle=/);
    expect(page.headers['content-security-policy']).not.toContain("'unsafe-inline'");
    const script = await t.app.inject({ method: 'GET', url: '/api/v1/onramp/sandbox-assets/widget.js' });
    expect([script.statusCode, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    const style = await t.app.inject({ method: 'GET', url: '/api/v1/onramp/sandbox-assets/widget.css' });
    expect([style.statusCode, style.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    expect(style.body).toContain('[data-theme="light"]');
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v1/onramp/sandbox/${crypto.randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('writes the amounts as the customer’s language does', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user, 'usdt', '1234.5');
    const amounts = async (lang: string) => {
      const page = await t.app.inject({ method: 'GET', url: `${purchase.widget.url}?lang=${lang}` });
      return [/<p class="amount">([^<]+)</.exec(page.body)?.[1], /<strong>([^<]+)</.exec(page.body)?.[1]];
    };
    expect(await amounts('en')).toEqual(['$1,234.50', '1,215.98 USDT']);
    expect(await amounts('fr')).toEqual(['1\u202f234,50\u00a0$US', '1\u202f215,98 USDT']);
    expect(await amounts('la_es')).toEqual(['USD\u00a01,234.50', '1,215.98 USDT']);
    expect(await amounts('pt_br')).toEqual(['US$\u00a01.234,50', '1.215,98 USDT']);
  });

  it('approves 4242…: credits the coin once from the outside world and notifies', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user);
    const paid = await pay(t, purchase, '4242 4242 4242 4242');
    expect(paid.json()).toEqual({ data: { status: 'approved', declineCode: null } });
    expect(await purchaseOf(t, user, purchase.id)).toMatchObject({
      status: 'completed',
      completedAt: expect.any(String),
    });
    expect(await available(user.userId, 'USDT')).toBe(147_750_000n);
    const transfer = await createLedger().getTransfer(t.database.db, purchase.id);
    expect(transfer).toMatchObject({ code: 'onramp_purchase', amount: 147_750_000n, asset: 'USDT' });
    const [notification] = await notificationsOf(user.userId);
    expect(notification).toMatchObject({
      kind: 'onramp_completed',
      message: 'Your card purchase is complete: 147.75 USDT arrived in your wallet.',
    });
    const again = await pay(t, purchase, '4242 4242 4242 4242');
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'onramp_session_is_closed']);
    const page = await t.app.inject({ method: 'GET', url: purchase.widget.url });
    expect(page.body).toContain('Payment approved');
    expect(page.body).not.toContain('id="card-form"');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['5555 5555 5555 4444', 'card_not_supported'],
  ])('declines %s (%s): the purchase fails with the code, nothing is credited', async (cardNumber, code) => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user);
    expect((await pay(t, purchase, cardNumber)).json()).toEqual({ data: { status: 'declined', declineCode: code } });
    expect(await purchaseOf(t, user, purchase.id)).toMatchObject({ status: 'failed', failureReason: code });
    expect(await available(user.userId, 'USDT')).toBe(0n);
    expect((await notificationsOf(user.userId)).map((n) => n.kind)).toEqual(['onramp_failed']);
  });

  it('refuses a malformed card with its code and keeps the session open', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user);
    const bad = await pay(t, purchase, '4242 4242 4242 4241');
    expect([bad.statusCode, bad.json().data[0]]).toEqual([
      400,
      { code: 'onramp_card_number_invalid', message: 'Check the card number', field: 'cardNumber' },
    ]);
    expect((await pay(t, purchase, '4242424242424242', { expiry: '01/20' })).json().error.code).toBe(
      'onramp_card_expired',
    );
    expect((await pay(t, purchase, '4242424242424242')).json().data.status).toBe('approved');
  });

  it('retries an unanswered webhook from the job, and credits once', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user);
    t.failNextDeliveries(1);
    expect((await pay(t, purchase, '4242424242424242')).json().data.status).toBe('approved');
    expect((await purchaseOf(t, user, purchase.id)).status).toBe('pending');
    // The first retry is due 5 seconds after the failed delivery.
    t.clock.advance(4_000);
    expect(await runJob()).toMatchObject({ delivered: 0 });
    t.clock.advance(2_000);
    expect(await runJob()).toMatchObject({ delivered: 1, failed: 0 });
    expect(await runJob()).toMatchObject({ delivered: 0 });
    expect((await purchaseOf(t, user, purchase.id)).status).toBe('completed');
    expect(await available(user.userId, 'USDT')).toBe(147_750_000n);
  });

  it('expires a purchase never paid, and refuses paying it afterwards', async () => {
    const user = await approvedCustomer(t);
    const purchase = await startPurchase(t, user);
    t.clock.advance(15 * 60_000 + 10 * 60_000 + 1);
    // Every purchase of this file left pending expires with it.
    expect((await runJob()).expired).toBeGreaterThanOrEqual(1);
    expect(await runJob()).toMatchObject({ expired: 0 });
    expect(await purchaseOf(t, user, purchase.id)).toMatchObject({ status: 'expired', failureReason: 'expired' });
    const late = await pay(t, purchase, '4242424242424242');
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'onramp_session_is_closed']);
  });

  it('answers 404 for another customer’s purchase', async () => {
    const owner = await approvedCustomer(t);
    const other = await approvedCustomer(t);
    const purchase = await startPurchase(t, owner);
    for (const id of [purchase.id, 'nope', crypto.randomUUID()]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/onramp/purchases/${id}`,
        headers: other.headers,
      });
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'resource_not_found']);
    }
  });
});

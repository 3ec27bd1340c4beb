// GET /convert on the real app and PostgreSQL: a firm quote's figures from the seeded reference
// prices (BTC 65,000 and ETH 3,500 US dollars; spread 50 bps, fee 25 bps), and a catalogued code for
// every refusal: unsupported pairs, the same coin twice, bad amounts, below the minimum, beyond the
// balance, beyond the house's liquidity, signed out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { approvedCustomer, createSwapTestApp, getQuote } from './testing/swap-fixtures.ts';

let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await createSwapTestApp();
  customer = await approvedCustomer(t, { BTC: '1', USDT: '5000000' });
});
afterAll(async () => t.close());

function convert(query: Record<string, string>, headers: Record<string, string> = customer.headers) {
  return t.app.inject({ method: 'GET', url: '/api/v1/convert', query, headers });
}

async function refusal(query: Record<string, string>) {
  const response = await convert(query);
  const body = response.json() as { error: { code: string }; data: Array<{ code: string; field?: string }> };
  return { status: response.statusCode, code: body.error.code, field: body.data[0]?.field };
}

describe('GET /convert', () => {
  it('quotes 0.1 BTC to ETH: fee and spread apart, the amount received, an expiry', async () => {
    const quote = await getQuote(t, customer, { from: 'btc', to: 'ETH', quantity: '0.1' });
    expect(quote).toMatchObject({
      from: 'BTC',
      to: 'ETH',
      quantity: '0.1',
      fee: '0.00025',
      feeBps: 25,
      referenceRate: '18.571428571428',
      rate: '18.478571428571',
      spreadBps: 50,
      spread: '0.0092625',
      receive: '1.8432375',
      usdValue: '6500.00',
    });
    expect(['via_usd', 'via_quote_asset']).toContain(quote.route);
    expect(Date.parse(quote.expiresAt) - Date.parse(quote.createdAt)).toBe(30_000);
    const [row] = await t.database.db.select().from(schema.swapQuotes).where(eq(schema.swapQuotes.id, quote.id));
    expect(row).toMatchObject({ userId: customer.userId, quantity: '10000000', receive: '1843237500000000000' });
  });

  it('quotes the other way round, rounding the payout down to the satoshi and booking the rest as dust', async () => {
    const rich = await approvedCustomer(t, { ETH: '3' });
    const quote = await getQuote(t, rich, { from: 'ETH', to: 'BTC', quantity: '1.234567890123456789' });
    // 1.234567890123456789 ETH less 0.25% fee, at 3500/65000 less 0.5%: 0.065978987... BTC, cut to 8 decimals.
    expect(quote.fee).toBe('0.003086419725308642');
    expect(quote.receive).toBe('0.06597898');
    const [row] = await t.database.db.select().from(schema.swapQuotes).where(eq(schema.swapQuotes.id, quote.id));
    expect(BigInt(row!.dust)).toBeGreaterThan(0n);
    expect(BigInt(row!.fee) + BigInt(row!.converted) + BigInt(row!.dust)).toBe(1_234_567_890_123_456_789n);
  });

  it.each([
    [{ from: 'BTC', to: 'BTC', quantity: '0.1' }, 400, 'swap_assets_must_differ', 'to'],
    [{ from: 'BTC', to: 'DOGE', quantity: '0.1' }, 422, 'swap_pair_not_supported', 'to'],
    [{ from: 'USD', to: 'BTC', quantity: '100' }, 422, 'swap_pair_not_supported', 'from'],
    [{ from: 'NOPE', to: 'BTC', quantity: '1' }, 422, 'swap_pair_not_supported', 'from'],
    [{ from: 'BTC', to: 'ETH', quantity: '0.000000001' }, 400, 'amount_has_too_many_decimals', 'quantity'],
    [{ from: 'BTC', to: 'ETH', quantity: '1e3' }, 400, 'amount_is_not_a_decimal', 'quantity'],
    [{ from: 'BTC', to: 'ETH', quantity: '-1' }, 400, 'amount_is_not_a_decimal', 'quantity'],
    [{ from: 'BTC', to: 'ETH', quantity: '0' }, 422, 'amount_must_be_positive', 'quantity'],
    [{ from: 'BTC', to: 'ETH', quantity: '' }, 400, 'amount_is_empty', 'quantity'],
    [{ from: 'BTC', to: 'ETH', quantity: '0.0001' }, 422, 'swap_amount_below_minimum', 'quantity'],
    [{ from: 'BTC', to: 'ETH', quantity: '1.5' }, 422, 'swap_amount_exceeds_available_balance', 'quantity'],
    [{ from: 'ETH', to: 'BTC', quantity: '1' }, 422, 'swap_amount_exceeds_available_balance', 'quantity'],
    // The house holds 50 BTC: 4,000,000 USDT would buy about 61.
    [{ from: 'USDT', to: 'BTC', quantity: '4000000' }, 503, 'swap_liquidity_unavailable', undefined],
  ])('refuses %o with %i %s', async (query, status, code, field) => {
    expect(await refusal(query)).toEqual({ status, code, field });
  });

  it('accepts exactly the minimum of 10 US dollars', async () => {
    // 10 USD of BTC at 65,000: 0.00015385 BTC (rounded up to reach 10.00).
    const quote = await getQuote(t, customer, { from: 'BTC', to: 'USDT', quantity: '0.00015385' });
    expect(quote.usdValue).toBe('10.00');
    expect((await refusal({ from: 'BTC', to: 'USDT', quantity: '0.00015384' })).code).toBe('swap_amount_below_minimum');
  });

  it('shows the dollar value rounded to the cent, not cut', async () => {
    // 0.00015393 BTC at 65,000 is 10.00545 US dollars: $10.01, where a cut said $10.00.
    const quote = await getQuote(t, customer, { from: 'BTC', to: 'USDT', quantity: '0.00015393' });
    expect(quote.usdValue).toBe('10.01');
  });

  it('refuses a missing parameter and a signed-out caller', async () => {
    expect((await refusal({ from: 'BTC', to: 'ETH' })).code).toBe('amount_is_empty');
    const anonymous = await convert({ from: 'BTC', to: 'ETH', quantity: '0.1' }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('authentication_required');
  });
});

import { describe, expect, it } from 'vitest';
import { checkFiatAmount, isOnrampAsset, limitValues, outcomeKey, widgetAddress } from './onramp-form.ts';

describe('the card purchase form', () => {
  it.each([
    ['', null],
    ['abc', 'amount_is_not_a_decimal'],
    ['10.001', 'onramp_amount_must_be_whole_cents'],
    ['150.005', 'onramp_amount_must_be_whole_cents'],
    ['19.99', 'onramp_amount_below_minimum'],
    ['10000.01', 'onramp_amount_above_maximum'],
  ])('refuses %j with %s', (text, code) => {
    expect(checkFiatAmount(text)).toEqual({ ok: false, code });
  });

  it('accepts 20 to 10,000 US dollars, in cents', () => {
    expect(checkFiatAmount('20')).toEqual({ ok: true, cents: 2000n });
    expect(checkFiatAmount('150.5')).toEqual({ ok: true, cents: 15050n });
    expect(checkFiatAmount('10000')).toEqual({ ok: true, cents: 1_000_000n });
  });

  it('knows the coins a card can buy', () => {
    expect(isOnrampAsset('USDT')).toBe(true);
    expect(isOnrampAsset('DOGE')).toBe(false);
  });

  it('opens the widget in the customer’s language and theme', () => {
    expect(widgetAddress('/api/v1/onramp/sandbox/abc', { language: 'pt_br', theme: 'light' })).toBe(
      '/api/v1/onramp/sandbox/abc?lang=pt_br&theme=light',
    );
    expect(widgetAddress('https://pay.example/w?s=1', { language: 'fr', theme: 'dark' })).toBe(
      'https://pay.example/w?s=1&lang=fr&theme=dark',
    );
  });

  it('names the outcome of a settled purchase, a decline by its code', () => {
    expect(outcomeKey({ status: 'pending', failureReason: null })).toBeNull();
    expect(outcomeKey({ status: 'completed', failureReason: null })).toBe('result.completed');
    expect(outcomeKey({ status: 'expired', failureReason: 'expired' })).toBe('result.expired');
    expect(outcomeKey({ status: 'failed', failureReason: 'insufficient_funds' })).toBe(
      'result.declined.insufficient_funds',
    );
    expect(outcomeKey({ status: 'failed', failureReason: 'something_new' })).toBe('result.declined.card_declined');
  });
});

describe('the purchase limits', () => {
  it('are written as the reader writes dollars, not hard-coded in the texts', () => {
    expect(limitValues('en')).toEqual({ min: '$20.00', max: '$10,000.00' });
    expect(limitValues('fr')).toEqual({ min: '20,00\u00a0$US', max: '10\u202f000,00\u00a0$US' });
    expect(limitValues('es-419')).toEqual({ min: 'USD\u00a020.00', max: 'USD\u00a010,000.00' });
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST, bpsPercent, checkRequest, percentToBps, requestBody } from './request-form.ts';

const filled = { ...DEFAULT_REQUEST, amount: '1000', collateralAmount: '0.025' };

describe('the loan request form', () => {
  it.each([
    ['8', 800],
    ['8.5', 850],
    ['0.01', 1],
    ['12.25', 1225],
    ['8.125', null],
    ['', null],
    ['-1', null],
    ['1e3', null],
  ])('reads the rate %s %% as %s basis points', (text, bps) => {
    expect(percentToBps(text)).toBe(bps);
  });

  it('shows basis points as a percentage in the reader’s locale', () => {
    expect(bpsPercent(6154)).toBe('61.54%');
    expect(bpsPercent(6154, 'fr')).toMatch(/^61,54[\u00a0\u202f]%$/);
  });

  it('builds the request body once every field is right', () => {
    expect(requestBody(filled, 10n ** 8n)).toEqual({
      asset: 'USDT',
      amount: '1000',
      rateBps: 800,
      termDays: 30,
      collateralAsset: 'BTC',
      collateralAmount: '0.025',
    });
  });

  it.each([
    [{ amount: '' }, 'amount', 'form.errors.required'],
    [{ amount: '1.1234567' }, 'amount', 'form.errors.decimals'],
    [{ amount: '0' }, 'amount', 'form.errors.positive'],
    [{ ratePercent: '0' }, 'ratePercent', 'form.errors.rate'],
    [{ ratePercent: '50.01' }, 'ratePercent', 'form.errors.rate'],
    [{ termDays: 31 }, 'termDays', 'form.errors.term'],
    [{ collateralAsset: 'USDT' as const }, 'collateralAsset', 'form.errors.sameAsset'],
    [{ collateralAmount: '2' }, 'collateralAmount', 'form.errors.balance'],
  ])('refuses %o on %s', (change, field, key) => {
    expect(checkRequest({ ...filled, ...change }, 10n ** 8n)).toContainEqual({ field, key });
    expect(requestBody({ ...filled, ...change }, 10n ** 8n)).toBeNull();
  });
});

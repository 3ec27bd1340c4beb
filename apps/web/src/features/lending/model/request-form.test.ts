import { describe, expect, it } from 'vitest';
import { formatBps } from '../../../lib/format/numbers.ts';
import {
  DEFAULT_REQUEST,
  bpsPercent,
  checkRequest,
  isBelowMinimum,
  percentToBps,
  requestBody,
} from './request-form.ts';

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

  it('shows a loan-to-value with 2 decimals in the reader’s locale', () => {
    expect(bpsPercent(6154)).toBe('61.54%');
    expect(bpsPercent(6500)).toBe('65.00%');
    expect(bpsPercent(6154, 'fr')).toMatch(/^61,54[\u00a0\u202f]%$/);
  });

  it.each([
    [1200, 'en', '12%'],
    [850, 'en', '8.5%'],
    [1225, 'en', '12.25%'],
    [1, 'en', '0.01%'],
    [1200, 'fr', '12\u00a0%'],
    [850, 'fr', '8,5\u00a0%'],
    [850, 'es-419', '8.5%'],
    [850, 'pt-BR', '8,5%'],
  ])('writes the yearly rate of %s bps in %s as %s: exact, as staking writes an APY', (bps, tag, expected) => {
    expect(formatBps(bps, tag).replace('\u202f', '\u00a0')).toBe(expected);
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

  it.each([
    ['9.99', 'USDT', '1', true],
    ['10', 'USDT', '1', false],
    ['10', 'USDT', '0.9999', true],
    // 9.999 dollars: 10.00 once rounded, yet under the minimum (the value is cut down, as the API checks it)
    ['0.00019998', 'BTC', '50000', true],
    ['0.0002', 'BTC', '50000', false],
  ] as const)('judges %s %s at %s dollars below the 10-dollar minimum: %s', (amount, asset, price, below) => {
    expect(isBelowMinimum(amount, asset, price)).toBe(below);
  });

  it('refuses a loan worth less than 10 dollars as typed, with the API’s rule', () => {
    const small = { ...filled, amount: '9.99' };
    expect(checkRequest(small, 10n ** 8n, '1')).toContainEqual({
      field: 'amount',
      key: 'errors.loan_amount_below_minimum',
    });
    expect(requestBody(small, 10n ** 8n, '1')).toBeNull();
    expect(requestBody({ ...filled, amount: '10' }, 10n ** 8n, '1')).not.toBeNull();
  });

  it('leaves the minimum to the preview while the coin’s price is unknown', () => {
    expect(requestBody({ ...filled, amount: '9.99' }, 10n ** 8n, null)).not.toBeNull();
  });
});

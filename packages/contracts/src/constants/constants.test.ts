import { describe, expect, it } from 'vitest';
import { ASSETS, FEE_ROUNDING, applyBps, parseAssetAmount } from '@rora/money';
import {
  CHART_RANGES,
  CHUNK_LOAD_TIMEOUT_MS,
  DARK_POOL_MIN_NOTIONAL_USD,
  DEFAULT_LANGUAGE,
  DEFAULT_PAIR,
  DEFAULT_THEME,
  DEFAULT_VENUE,
  DROPDOWN_SEARCH_THRESHOLD,
  KYC_MIN_LENGTHS,
  LABEL_TRUNCATE_LENGTH,
  LANGUAGES,
  LANGUAGE_RELOAD_DELAY_MS,
  languageFromPreferences,
  LOGOUT_CLEAR_DELAY_MS,
  OTP_CODE_LENGTH,
  OTP_RESEND_COUNTDOWN_SECONDS,
  PAIRS,
  PASSWORD_MIN_LENGTH,
  PHONE_NUMBER_MIN_LENGTH,
  SHARE_NOTICE,
  STAKING_MAX_APY_BPS,
  SWAP_MAX_ARRIVAL_MINUTES,
  THEMES,
  TOAST_TIMEOUT_MS,
  VENUES,
  WALLET_BALANCE_DECIMALS,
} from './index.ts';

describe('spec §9 constants', () => {
  it('lists the eight pairs in the spec order with BTC/USDT as the default', () => {
    expect(PAIRS.map((p) => p.symbol)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'LTC/USDT',
      'ADX/USDT',
      'BUSD/USDT',
      'XRP/USDT',
      'SOL/USDT',
      'BNB/USDT',
    ]);
    expect(DEFAULT_PAIR).toBe(PAIRS[0]);
    for (const pair of PAIRS) {
      expect(pair.symbol).toBe(`${pair.base}/${pair.quote}`);
      expect(Object.keys(ASSETS)).toContain(pair.base);
    }
  });

  it('lists seven venues, default first, with the taker/maker fees of the spec in basis points', () => {
    const percent = [
      [0.5, 0.5],
      [0.5, 0.5],
      [0.6, 0.5],
      [0.2, 0.5],
      [0.2, 0.5],
      [0.5, 0.8],
      [0.1, 0.5],
    ];
    expect(VENUES).toHaveLength(7);
    expect(VENUES.map((v) => [v.takerFeeBps, v.makerFeeBps])).toEqual(
      percent.map(([taker, maker]) => [Math.round(taker! * 100), Math.round(maker! * 100)]),
    );
    expect(DEFAULT_VENUE).toBe(VENUES[0]);
    expect(DEFAULT_VENUE.name).toBe('Rora');
    expect(new Set(VENUES.map((v) => v.id)).size).toBe(7);
    expect(new Set(VENUES.map((v) => v.name)).size).toBe(7);
  });

  it('charges 0.5 % as 50 bps: 5 USDT on a 1,000 USDT notional', () => {
    const notional = parseAssetAmount('1000', 'USDT');
    expect(applyBps(notional.minor, DEFAULT_VENUE.takerFeeBps, FEE_ROUNDING)).toBe(parseAssetAmount('5', 'USDT').minor);
  });

  it('gives the chart ranges in days', () => {
    expect(CHART_RANGES.map((r) => [r.id, r.days])).toEqual([
      ['1D', 1],
      ['1W', 7],
      ['1M', 30],
      ['3M', 90],
      ['6M', 180],
      ['1Y', 365],
      ['ATH', 365],
    ]);
  });

  it('fixes the input limits of spec §5', () => {
    expect(OTP_CODE_LENGTH).toBe(6);
    expect(OTP_RESEND_COUNTDOWN_SECONDS).toBe(60);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PHONE_NUMBER_MIN_LENGTH).toBe(6);
    expect(KYC_MIN_LENGTHS).toEqual({ fullName: 5, address: 5, city: 3 });
  });

  it('fixes the interface timings and thresholds', () => {
    expect(DROPDOWN_SEARCH_THRESHOLD).toBe(5);
    expect(LABEL_TRUNCATE_LENGTH).toBe(12);
    expect(WALLET_BALANCE_DECIMALS).toBe(3);
    expect(TOAST_TIMEOUT_MS).toBe(8000);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(LOGOUT_CLEAR_DELAY_MS).toBe(1000);
    expect(LANGUAGE_RELOAD_DELAY_MS).toBe(500);
  });

  it('offers the four languages and two themes, English and dark by default', () => {
    expect(LANGUAGES.map((l) => l.value)).toEqual(['en', 'fr', 'la_es', 'pt_br']);
    expect(LANGUAGES.every((l) => l.name.length > 0)).toBe(true);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(THEMES).toEqual(['dark_theme', 'light_theme']);
    expect(DEFAULT_THEME).toBe('dark_theme');
  });

  it('fixes the dark-pool minimums, staking maximum, swap time and share notice', () => {
    expect(DARK_POOL_MIN_NOTIONAL_USD).toEqual({ BTC: 100_000n, ETH: 50_000n });
    expect(STAKING_MAX_APY_BPS).toBe(1450);
    expect(SWAP_MAX_ARRIVAL_MINUTES).toBe(30);
    expect(SHARE_NOTICE).toEqual({ pricePerShareGbp: 63n, paymentAsset: 'USDT', paymentNetwork: 'ERC20' });
  });
});

describe('languageFromPreferences', () => {
  it.each([
    [['fr-CA', 'en'], 'fr'],
    [['de', 'es-MX'], 'la_es'],
    [['pt-PT'], 'pt_br'],
    [[' EN-gb'], 'en'],
    [['de', 'it'], 'en'],
    [[], 'en'],
  ])('%j → %s', (preferred, expected) => {
    expect(languageFromPreferences(preferred)).toBe(expected);
  });
});

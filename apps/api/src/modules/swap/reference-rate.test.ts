// Where a swap's rate comes from: a listed pair, its inverse, a cross through the quote asset, or the
// two coins' USD prices, in that order of preference; nothing when no price connects them.
import { describe, expect, it } from 'vitest';
import type { AssetSymbol } from '@rora/money';
import { findReferenceRate, findUsdPrice, priceUnits, type ReferencePriceSource } from './reference-rate.ts';

function source(pairs: Record<string, string>, usd: Partial<Record<AssetSymbol, string>> = {}): ReferencePriceSource {
  return {
    usdPrice: async (asset) => usd[asset] ?? null,
    pairPrice: async (base, quote) => pairs[`${base}/${quote}`] ?? null,
  };
}

const ONE = 10n ** 18n;
const listed = { 'BTC/USDT': '65000', 'ETH/USDT': '3500.5' };

describe('the reference rate', () => {
  it('takes a listed pair as it is', async () => {
    expect(await findReferenceRate(source(listed), 'BTC', 'USDT')).toEqual({
      rate: { numerator: 65_000n * ONE, denominator: ONE },
      route: 'direct',
    });
  });

  it('inverts a listed pair for the other direction', async () => {
    expect(await findReferenceRate(source(listed), 'USDT', 'ETH')).toEqual({
      rate: { numerator: ONE, denominator: 3_500_500_000_000_000_000_000n },
      route: 'inverse',
    });
  });

  it('crosses two pairs through the quote asset when no pair lists both coins', async () => {
    expect(await findReferenceRate(source(listed), 'BTC', 'ETH')).toEqual({
      rate: { numerator: 65_000n * ONE, denominator: 3_500_500_000_000_000_000_000n },
      route: 'via_quote_asset',
    });
  });

  it('falls back to the USD prices, and to nothing without them', async () => {
    const usd = { BTC: '65000', ADX: '0.2' } as const;
    expect(await findReferenceRate(source({}, usd), 'ADX', 'BTC')).toEqual({
      rate: { numerator: 200_000_000_000_000_000n, denominator: 65_000n * ONE },
      route: 'via_usd',
    });
    expect(await findReferenceRate(source({}, { BTC: '65000' }), 'ADX', 'BTC')).toBeNull();
  });

  it('ignores a missing, zero, negative or malformed price', () => {
    for (const bad of [null, '0', '-1', 'abc', '']) expect(priceUnits(bad)).toBeNull();
    expect(priceUnits('0.000000000000000000001')).toBeNull();
  });

  it('values a coin at its market price in the quote asset when listed, else at its USD price', async () => {
    const prices = source(listed, { BTC: '60000', USDT: '1', ADX: '0.2' });
    expect(await findUsdPrice(prices, 'BTC')).toBe(65_000n * ONE);
    expect(await findUsdPrice(prices, 'USDT')).toBe(ONE);
    expect(await findUsdPrice(prices, 'ADX')).toBe(200_000_000_000_000_000n);
    expect(await findUsdPrice(source({}, {}), 'BTC')).toBeNull();
  });
});

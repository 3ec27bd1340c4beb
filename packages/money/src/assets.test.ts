import { describe, expect, it } from 'vitest';
import {
  ASSETS,
  ASSET_SYMBOLS,
  TOKEN_ALIASES,
  assetScale,
  canonicalAssetSymbol,
  getAsset,
  isAssetSymbol,
} from './assets.ts';
import { MoneyError } from './errors.ts';

function expectUnknownAsset(action: () => unknown): void {
  expect(action).toThrow(MoneyError);
  expect(action).toThrow(expect.objectContaining({ code: 'asset_is_unknown' }));
}

describe('asset catalogue', () => {
  it.each([
    ['BTC', 8],
    ['ETH', 18],
    ['LTC', 8],
    ['XRP', 6],
    ['SOL', 9],
    ['BNB', 18],
    ['USDT', 6],
    ['BUSD', 18],
    ['ADX', 18],
    ['DOGE', 8],
    ['ADA', 6],
    ['USD', 2],
  ])('gives %s a scale of %s', (symbol, scale) => {
    expect(assetScale(symbol)).toBe(scale);
  });

  it('lists exactly the twelve assets, each under its own symbol', () => {
    expect(ASSET_SYMBOLS).toHaveLength(12);
    for (const symbol of ASSET_SYMBOLS) expect(ASSETS[symbol].symbol).toBe(symbol);
  });

  it('marks only USD as fiat', () => {
    expect(ASSET_SYMBOLS.filter((symbol) => getAsset(symbol).kind === 'fiat')).toEqual(['USD']);
  });

  it.each(['DOT', '', 'btc', 'WBTC', 'toString', '__proto__', 'constructor'])('refuses the scale of %j', (symbol) => {
    expectUnknownAsset(() => assetScale(symbol));
  });

  it('tells asset symbols apart from anything else', () => {
    expect(isAssetSymbol('SOL')).toBe(true);
    expect(isAssetSymbol('sol')).toBe(false);
    expect(isAssetSymbol('hasOwnProperty')).toBe(false);
    expect(isAssetSymbol(8)).toBe(false);
  });
});

describe('canonicalAssetSymbol', () => {
  it.each([
    ['BSC', 'BNB'],
    ['WBTC', 'BTC'],
    ['BBTC', 'BTC'],
    ['BBNB', 'BNB'],
    ['WETH', 'ETH'],
    ['wbtc', 'BTC'],
    ['Weth', 'ETH'],
    ['ETH', 'ETH'],
    ['usdt', 'USDT'],
    ['USD', 'USD'],
  ])('maps %s to %s', (symbol, expected) => {
    expect(canonicalAssetSymbol(symbol)).toBe(expected);
  });

  it('covers every alias of the spec and maps each to a booked asset', () => {
    expect(Object.keys(TOKEN_ALIASES).sort()).toEqual(['BBNB', 'BBTC', 'BSC', 'WBTC', 'WETH']);
    for (const target of Object.values(TOKEN_ALIASES)) expect(isAssetSymbol(target)).toBe(true);
  });

  it.each(['WSOL', '', ' BTC', 'BTC ', 'valueOf', '__proto__'])('refuses %j', (symbol) => {
    expectUnknownAsset(() => canonicalAssetSymbol(symbol));
  });

  it('refuses a non-string', () => {
    expectUnknownAsset(() => canonicalAssetSymbol(42 as unknown as string));
  });
});

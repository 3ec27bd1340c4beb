import { describe, expect, it } from 'vitest';
import { addAmounts, formatAssetAmount, parseAssetAmount, subtractAmounts } from './amount.ts';
import { MoneyError } from './errors.ts';

describe('Amount', () => {
  it('reads a decimal at the scale of its asset', () => {
    expect(parseAssetAmount('0.1', 'BTC')).toEqual({ asset: 'BTC', minor: 10_000_000n });
    expect(parseAssetAmount('0.1', 'ETH')).toEqual({ asset: 'ETH', minor: 100_000_000_000_000_000n });
    expect(parseAssetAmount('0.1', 'USDT')).toEqual({ asset: 'USDT', minor: 100_000n });
  });

  it('applies the asset scale when refusing decimals', () => {
    expect(() => parseAssetAmount('0.0000001', 'USDT')).toThrow(
      expect.objectContaining({ code: 'amount_has_too_many_decimals' }),
    );
    expect(parseAssetAmount('0.0000001', 'USDT', { rounding: 'up' })).toEqual({ asset: 'USDT', minor: 1n });
  });

  it('writes an amount at its asset scale', () => {
    expect(formatAssetAmount({ asset: 'SOL', minor: 1_500_000_000n })).toBe('1.5');
    expect(formatAssetAmount({ asset: 'SOL', minor: 1_500_000_000n }, { decimals: 2, rounding: 'down' })).toBe('1.50');
  });

  it('adds and subtracts amounts of one asset', () => {
    const a = { asset: 'DOGE', minor: 500n } as const;
    const b = { asset: 'DOGE', minor: 800n } as const;
    expect(addAmounts(a, b)).toEqual({ asset: 'DOGE', minor: 1_300n });
    expect(subtractAmounts(a, b)).toEqual({ asset: 'DOGE', minor: -300n });
  });

  it('refuses to combine two assets', () => {
    const btc = { asset: 'BTC', minor: 1n } as const;
    const ltc = { asset: 'LTC', minor: 1n } as const;
    for (const combine of [addAmounts, subtractAmounts]) {
      expect(() => combine(btc, ltc)).toThrow(MoneyError);
      expect(() => combine(btc, ltc)).toThrow(expect.objectContaining({ code: 'amounts_must_have_the_same_asset' }));
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { ColdWallet } from '@rora/contracts';
import { coldCents } from './cold-values.ts';

const holding = (assetSymbol: string, quantity: string, usdValue: string): ColdWallet => ({
  id: `00000000-0000-4000-8000-00000000000${assetSymbol.length}`,
  assetSymbol,
  name: assetSymbol,
  logo: '',
  quantity,
  usdValue,
  available: '0',
});

describe('the dollar value of cold holdings', () => {
  const prices = new Map<string, string | null>([
    ['BTC', '53600.2'],
    ['USDT', '1'],
    ['ADX', null],
  ]);

  it('rounds to the cent half to even where the API cut (1,000.179732 reads 1,000.18)', () => {
    expect(coldCents([holding('BTC', '0.01866', '1000.17')], prices)).toBe(100_018n);
  });

  it('sums the exact values, then rounds once; a coin without a price counts 0', () => {
    const list = [holding('BTC', '0.01866', '1000.17'), holding('USDT', '18497.517951', '18497.51')];
    expect(coldCents(list, prices)).toBe(1_949_770n);
    expect(coldCents([holding('ADX', '5', '0.00'), holding('LTC', '1', '80.00')], prices)).toBe(0n);
  });
});

import { describe, expect, it } from 'vitest';
import { loanCoins } from './loan-figures.ts';

describe("a loan's coin amounts", () => {
  it.each([
    ['0.005', 'BTC', 'en', '0.00500000 BTC'],
    ['0.005', 'BTC', 'fr', '0,00500000 BTC'],
    ['500', 'USDT', 'en', '500.000000 USDT'],
    ['1001.917809', 'USDT', 'en', '1,001.917809 USDT'],
    ['1001.917809', 'USDT', 'fr', '1\u202f001,917809 USDT'],
    ['1001.917809', 'USDT', 'pt-BR', '1.001,917809 USDT'],
    // Cut, never rounded up, at 8 decimals for a coin of 18 (what shows is never more than there is).
    ['1.123456789999999999', 'ETH', 'en', '1.12345678 ETH'],
  ])('shows %s %s in %s as %s', (amount, asset, tag, shown) => {
    expect(loanCoins(amount, asset, tag)).toBe(shown);
  });

  it('leaves a coin it does not know as the API wrote it', () => {
    expect(loanCoins('12.5', 'XYZ', 'en')).toBe('12.5 XYZ');
  });
});

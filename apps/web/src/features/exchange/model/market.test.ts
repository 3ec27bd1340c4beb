import { describe, expect, it } from 'vitest';
import { PAIRS } from '@rora/contracts';
import {
  MARKET_MODELS,
  marketModel,
  receivedOf,
  ruleValues,
  showAmount,
  showPrice,
  showSummaryAmount,
  summaryDecimals,
} from './market.ts';

describe('a market model', () => {
  it('is the same object every time a pair is asked for, so effects keyed on it do not restart', () => {
    for (const pair of PAIRS) expect(marketModel(pair.symbol)).toBe(marketModel(pair.symbol));
    expect(MARKET_MODELS.map((model) => model.symbol)).toEqual(PAIRS.map((pair) => pair.symbol));
  });

  it('falls back to the default pair for a symbol Rora does not list', () => {
    expect(marketModel('DOGE/USDT' as never)).toBe(MARKET_MODELS[0]);
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(marketModel('ETH/USDT'))).toBe(true);
  });

  it.each([
    ['BTC/USDT', { tick: 100_000n, lot: 1000n, priceDecimals: 1, amountDecimals: 5, darkMinNotional: 100_000_000000n }],
    ['ETH/USDT', { tick: 10_000n, lot: 100_000_000_000_000n, priceDecimals: 2, amountDecimals: 4 }],
    ['XRP/USDT', { priceDecimals: 4, amountDecimals: 1, darkMinNotional: null }],
  ] as const)('%s has its tick, lot and decimals', (symbol, expected) => {
    expect(marketModel(symbol)).toMatchObject(expected);
  });

  it('shows prices and amounts with the pair decimals', () => {
    const btc = marketModel('BTC/USDT');
    expect(showPrice(btc, '65000.15')).toBe('65,000.2');
    expect(showAmount(btc, '0.123456')).toBe('0.12345');
    expect(showPrice(btc, null)).toBe('—');
  });

  it('names its rules as messages show them', () => {
    expect(ruleValues(marketModel('BTC/USDT'))).toEqual({
      tick: '0.1',
      lot: '0.00001',
      minimum: '1',
      darkMinimum: '100,000',
      asset: 'USDT',
    });
    expect(ruleValues(marketModel('SOL/USDT')).darkMinimum).toBe('');
  });
});

describe('an amount in the order summary and its confirmation', () => {
  const btc = marketModel('BTC/USDT');
  it('shows every amount of one asset with the same decimals on a pair, padded, in the reader’s marks', () => {
    // The tester saw 540, 542.097, 108.5512 and 16,336.096213 USDT side by side.
    expect(['540', '542.097', '108.5512', '16336.096213'].map((text) => showSummaryAmount(btc, text, 'USDT'))).toEqual([
      '540.000000',
      '542.097000',
      '108.551200',
      '16,336.096213',
    ]);
    expect(showSummaryAmount(btc, '0.01', 'BTC')).toBe('0.01000000');
    expect(showSummaryAmount(btc, '0.00995', 'BTC')).toBe('0.00995000');
    expect(showSummaryAmount(btc, '16336.096213', 'USDT', 'fr')).toBe('16\u202f336,096213');
    expect(showSummaryAmount(btc, '1.361323', 'USDT', 'pt-BR')).toBe('1,361323');
    expect(showSummaryAmount(btc, '540', 'USDT', 'pt-BR')).toBe('540,000000');
    expect(showSummaryAmount(btc, null, 'USDT')).toBe('—');
  });

  it('never cuts a digit of what is charged: the quote at its scale, the base at the lot plus a fee in bps', () => {
    expect(summaryDecimals(btc, 'USDT')).toBe(6);
    expect(summaryDecimals(btc, 'BTC')).toBe(8);
    expect(summaryDecimals(marketModel('ETH/USDT'), 'ETH')).toBe(8);
    expect(summaryDecimals(marketModel('XRP/USDT'), 'XRP')).toBe(5);
    // A fee in basis points of 0.1 XRP (5 decimals) fits; a figure with more shows them all.
    expect(showSummaryAmount(marketModel('XRP/USDT'), '0.00025', 'XRP')).toBe('0.00025');
    expect(showSummaryAmount(marketModel('XRP/USDT'), '0.000001', 'XRP')).toBe('0.000001');
    expect(showSummaryAmount(marketModel('ETH/USDT'), '0.000000000000000001', 'ETH')).toBe('0.000000000000000001');
  });
});

describe('what an order put in the wallet', () => {
  const btc = marketModel('BTC/USDT');
  it('is a buy’s base amount less its fee in base, and a sell’s quote total less its fee in quote', () => {
    const buy = { side: 'buy', filledAmount: '0.002', filledTotal: '92.04', fee: '0.00001', feeAsset: 'BTC' } as const;
    expect(receivedOf(buy, btc)).toEqual({ amount: '0.00199', asset: 'BTC' });
    const sell = {
      side: 'sell',
      filledAmount: '0.5',
      filledTotal: '23010.5',
      fee: '115.0525',
      feeAsset: 'USDT',
    } as const;
    expect(receivedOf(sell, btc)).toEqual({ amount: '22,895.4475', asset: 'USDT' });
  });

  it('is nothing while nothing has filled', () => {
    const open = { side: 'buy', filledAmount: '0', filledTotal: '0', fee: '0', feeAsset: 'BTC' } as const;
    expect(receivedOf(open, btc)).toBeNull();
  });
});

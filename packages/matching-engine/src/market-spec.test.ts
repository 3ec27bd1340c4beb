import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assertMarketSpec,
  budgetToTickLots,
  checkDarkMinNotional,
  darkMinNotionalTickLots,
  lotsToQuantity,
  notional,
  priceToTicks,
  quantityToLots,
  ticksToPrice,
  type MarketSpec,
} from './market-spec.ts';
import { testSeed } from './testing/commands.ts';

// BTC/USDT: BTC at scale 8, USDT at scale 6; tick 0.01 USDT, lot 0.00001 BTC, dark minimum 100,000 USDT.
const btcUsdt: MarketSpec = {
  symbol: 'BTC/USDT',
  baseScale: 8,
  tickSize: 10_000n,
  lotSize: 1_000n,
  darkMinNotional: 100_000_000_000n,
};
// ETH/USDT: ETH at scale 18; tick 0.01 USDT, lot 0.0001 ETH, dark minimum 50,000 USDT.
const ethUsdt: MarketSpec = {
  symbol: 'ETH/USDT',
  baseScale: 18,
  tickSize: 10_000n,
  lotSize: 100_000_000_000_000n,
  darkMinNotional: 50_000_000_000n,
};

describe('market spec', () => {
  it.each([
    { price: 65_432_100_000n, expected: { ok: true, value: 6_543_210 } }, // 65,432.10 USDT
    { price: 65_432_105_000n, expected: { ok: false, code: 'price_must_be_multiple_of_tick' } },
    { price: 0n, expected: { ok: false, code: 'price_must_be_positive' } },
    { price: -10_000n, expected: { ok: false, code: 'price_must_be_positive' } },
    { price: 10_000n * 2n ** 53n, expected: { ok: false, code: 'price_must_fit_engine_range' } },
  ])('maps price $price to ticks or refuses it', ({ price, expected }) => {
    expect(priceToTicks(btcUsdt, price)).toEqual(expected);
  });

  it.each([
    { quantity: 150_000_000n, expected: { ok: true, value: 150_000 } }, // 1.5 BTC
    { quantity: 150_000_001n, expected: { ok: false, code: 'quantity_must_be_multiple_of_lot' } },
    { quantity: 0n, expected: { ok: false, code: 'quantity_must_be_positive' } },
    { quantity: 1_000n * 2n ** 53n, expected: { ok: false, code: 'quantity_must_fit_engine_range' } },
  ])('maps quantity $quantity to lots or refuses it', ({ quantity, expected }) => {
    expect(quantityToLots(btcUsdt, quantity)).toEqual(expected);
  });

  it('maps ticks and lots back to the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 40 }), (ticks, lots) => {
        expect(priceToTicks(btcUsdt, ticksToPrice(btcUsdt, ticks))).toEqual({ ok: true, value: ticks });
        expect(quantityToLots(ethUsdt, lotsToQuantity(ethUsdt, lots))).toEqual({ ok: true, value: lots });
      }),
      { seed: testSeed('market-spec round trip') },
    );
    expect(() => ticksToPrice(btcUsdt, 1.5)).toThrow(/safe integer/);
  });

  it('rounds notional up for what a buyer pays and down for what a seller receives', () => {
    // 65,432.10 USDT × 0.00001 BTC = 0.654321 USDT exactly; × 0.00003 = 1.962963 USDT.
    expect(notional(btcUsdt, { priceTicks: 6_543_210, qtyLots: 1, rounding: 'up' })).toBe(654_321n);
    // 0.01 USDT × 0.00001 BTC = 0.0000001 USDT: a tenth of a minor unit.
    expect(notional(btcUsdt, { priceTicks: 1, qtyLots: 1, rounding: 'up' })).toBe(1n);
    expect(notional(btcUsdt, { priceTicks: 1, qtyLots: 1, rounding: 'down' })).toBe(0n);
    expect(notional(btcUsdt, { priceTicks: 1, qtyLots: 10, rounding: 'down' })).toBe(1n);
  });

  it('turns a quote budget into tick-lots that never cost more than the budget', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), (budget) => {
        const result = budgetToTickLots(btcUsdt, budget);
        if (!result.ok) {
          expect(result.code).toBe('budget_must_cover_one_tick_lot');
          return;
        }
        const cost = notional(btcUsdt, { priceTicks: result.value, qtyLots: 1, rounding: 'up' });
        expect(cost).toBeLessThanOrEqual(budget);
      }),
      { seed: testSeed('market-spec budget') },
    );
    expect(budgetToTickLots(btcUsdt, 1n)).toEqual({ ok: true, value: 10 });
    expect(budgetToTickLots(ethUsdt, 0n)).toEqual({ ok: false, code: 'budget_must_cover_one_tick_lot' });
    expect(budgetToTickLots(btcUsdt, 10n ** 15n)).toEqual({ ok: false, code: 'budget_must_fit_engine_range' });
  });

  it.each([
    { spec: btcUsdt, priceTicks: 10_000_000, qtyLots: 100_000, expected: null }, // 100,000 USDT × 1 BTC
    { spec: btcUsdt, priceTicks: 10_000_000, qtyLots: 99_999, expected: 'notional_must_reach_dark_pool_minimum' },
    { spec: ethUsdt, priceTicks: 250_000, qtyLots: 20_000, expected: 'notional_must_reach_dark_pool_minimum' }, // 2,500 USDT × 2 ETH
    { spec: ethUsdt, priceTicks: 250_000, qtyLots: 200_000, expected: null }, // × 20 ETH = 50,000
    { spec: ethUsdt, priceTicks: 250_000, qtyLots: 199_999, expected: 'notional_must_reach_dark_pool_minimum' },
  ])(
    'applies the dark-pool minimum of $spec.symbol to $priceTicks × $qtyLots',
    ({ spec, priceTicks, qtyLots, expected }) => {
      expect(checkDarkMinNotional(spec, { priceTicks, qtyLots })).toBe(expected);
      // The engine's tick-lot threshold gives the same answer.
      expect(priceTicks * qtyLots >= darkMinNotionalTickLots(spec)).toBe(expected === null);
    },
  );

  it('refuses specs that cannot describe a market', () => {
    expect(() => assertMarketSpec(btcUsdt)).not.toThrow();
    expect(() => assertMarketSpec({ ...btcUsdt, tickSize: 0n })).toThrow(/tickSize/);
    expect(() => assertMarketSpec({ ...btcUsdt, lotSize: -1n })).toThrow(/lotSize/);
    expect(() => assertMarketSpec({ ...btcUsdt, baseScale: 1.5 })).toThrow(/baseScale/);
    expect(() => assertMarketSpec({ ...btcUsdt, darkMinNotional: 10n ** 40n })).toThrow(/range/);
  });
});

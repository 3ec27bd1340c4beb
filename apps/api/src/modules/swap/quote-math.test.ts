// Property tests of the swap quote math: the customer never receives more than the quote's rate
// gives, every rounding favours the house, and the remainder (dust) is accounted to the minor unit.
// One seed per run: TEST_SEED when set, otherwise a drawn one that a failure prints with the replay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BPS_PER_WHOLE, scaleFactor } from '@rora/money';
import { computeQuote, customerRateFraction, formatRate, type QuoteInput } from './quote-math.ts';

const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : Math.floor(Math.random() * 2 ** 31);

function check<Ts>(property: fc.IProperty<Ts>): void {
  try {
    fc.assert(property, { seed, numRuns: 2_000 });
  } catch (error) {
    const replay = `Replay with: TEST_SEED=${seed} npx vitest run --project node apps/api/src/modules/swap/quote-math`;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${replay}`, { cause: error });
  }
}

const scales = fc.constantFrom(2, 6, 8, 9, 18);
const inputs: fc.Arbitrary<QuoteInput> = fc.record({
  quantity: fc.bigInt({ min: 0n, max: 10n ** 30n }),
  fromScale: scales,
  toScale: scales,
  rate: fc.record({
    numerator: fc.bigInt({ min: 1n, max: 10n ** 24n }),
    denominator: fc.bigInt({ min: 1n, max: 10n ** 24n }),
  }),
  spreadBps: fc.integer({ min: 0, max: 9_999 }),
  feeBps: fc.integer({ min: 0, max: 10_000 }),
});

/** Exact target minor units `net` source minor units buy at the reference rate, times its denominator. */
function referenceValue(input: QuoteInput, net: bigint): { n: bigint; d: bigint } {
  return {
    n: net * input.rate.numerator * scaleFactor(input.toScale),
    d: input.rate.denominator * scaleFactor(input.fromScale),
  };
}

describe('swap quote math (properties)', () => {
  it('splits the held amount exactly into fee, converted and dust, none negative', () => {
    check(
      fc.property(inputs, (input) => {
        const q = computeQuote(input);
        return (
          q.fee + q.converted + q.dust === input.quantity &&
          [q.fee, q.converted, q.dust, q.receive].every((v) => v >= 0n)
        );
      }),
    );
  });

  it('never gives the customer more than the quote rate: receive <= exact, and <= the reference value', () => {
    check(
      fc.property(inputs, (input) => {
        const q = computeQuote(input);
        const { n, d } = customerRateFraction(input);
        const net = input.quantity - q.fee;
        const reference = referenceValue(input, input.quantity);
        return q.receive * d <= net * n && q.receive * reference.d <= reference.n && q.receive * d <= q.converted * n;
      }),
    );
  });

  it('rounds the fee up and the payout down, each by less than one minor unit', () => {
    check(
      fc.property(inputs, (input) => {
        const q = computeQuote(input);
        const exactFee = input.quantity * BigInt(input.feeBps); // fee * 10,000 at exactness
        const feeRoundedUp = q.fee * BPS_PER_WHOLE >= exactFee && (q.fee - 1n) * BPS_PER_WHOLE < exactFee;
        const { n, d } = customerRateFraction(input);
        const net = input.quantity - q.fee;
        const payoutRoundedDown = (q.receive + 1n) * d > net * n;
        return feeRoundedUp && payoutRoundedDown;
      }),
    );
  });

  it('books as dust only what could not buy one more target minor unit, and converts no more than needed', () => {
    check(
      fc.property(inputs, (input) => {
        const q = computeQuote(input);
        const { n, d } = customerRateFraction(input);
        const dustBelowOneUnit = q.dust * n < d;
        const convertedIsLeast = q.converted === 0n || (q.converted - 1n) * n < q.receive * d;
        return dustBelowOneUnit && convertedIsLeast;
      }),
    );
  });

  it('gives more (never less) for a larger amount, and less (never more) for a wider spread or fee', () => {
    check(
      fc.property(inputs, fc.bigInt({ min: 0n, max: 10n ** 20n }), (input, extra) => {
        const base = computeQuote(input).receive;
        const more = computeQuote({ ...input, quantity: input.quantity + extra }).receive;
        const wider = computeQuote({ ...input, spreadBps: Math.min(9_999, input.spreadBps + 25) }).receive;
        const dearer = computeQuote({ ...input, feeBps: Math.min(10_000, input.feeBps + 25) }).receive;
        return more >= base && wider <= base && dearer <= base;
      }),
    );
  });
});

describe('swap quote math (examples)', () => {
  it('swaps 0.1 BTC to ETH at 20 ETH per BTC with a 0.5% spread and a 0.25% fee', () => {
    const q = computeQuote({
      quantity: 10_000_000n,
      fromScale: 8,
      toScale: 18,
      rate: { numerator: 20n, denominator: 1n },
      spreadBps: 50,
      feeBps: 25,
    });
    expect(q.fee).toBe(25_000n); // 0.00025 BTC
    // 0.09975 BTC * 20 * 0.995 = 1.985025 ETH
    expect(q.receive).toBe(1_985_025_000_000_000_000n);
    expect(q.converted).toBe(9_975_000n);
    expect(q.dust).toBe(0n);
    expect(q.spread).toBe(9_975_000_000_000_000n); // 1.995 - 1.985025 ETH
  });

  it('books the sub-unit remainder as dust when the target is coarser than the source', () => {
    // 1 ETH-wei short of a satoshi boundary: ETH (18) to BTC (8) at 0.05 BTC per ETH, no spread, no fee.
    const q = computeQuote({
      quantity: 10n ** 18n + 123_456_789n,
      fromScale: 18,
      toScale: 8,
      rate: { numerator: 5n, denominator: 100n },
      spreadBps: 0,
      feeBps: 0,
    });
    expect(q.receive).toBe(5_000_000n);
    expect(q.converted).toBe(10n ** 18n);
    expect(q.dust).toBe(123_456_789n);
  });

  it('gives nothing, and books everything as dust, for an amount worth less than one target unit', () => {
    const q = computeQuote({
      quantity: 1n,
      fromScale: 18,
      toScale: 8,
      rate: { numerator: 5n, denominator: 100n },
      spreadBps: 50,
      feeBps: 0,
    });
    expect(q).toMatchObject({ receive: 0n, converted: 0n, dust: 1n });
  });

  it('formats a rate cut to 12 decimals, never rounded up', () => {
    expect(formatRate({ numerator: 2n, denominator: 3n })).toBe('0.666666666666');
    expect(formatRate({ numerator: 65_000n, denominator: 1n })).toBe('65000');
  });
});

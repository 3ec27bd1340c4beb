// Property tests of the money math: rounding never creates value, and text round-trips exactly.
// Every property runs with one seed: TEST_SEED when set, otherwise a drawn one that a failure prints
// along with the command that replays it.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { formatAmount, parseAmount } from './decimal.ts';
import { formatBalance, formatUsd } from './display.ts';
import { ROUNDING_MODES, applyBps, mulDiv, rescale, splitFee, type RoundingMode } from './rounding.ts';
import { pow10 } from './scale.ts';

const seed = readSeed(process.env.TEST_SEED);
const NUM_RUNS = 1_000;

function readSeed(raw: string | undefined): number {
  if (raw === undefined || raw === '') return Math.floor(Math.random() * 2 ** 31);
  const parsed = Number(raw);
  if (!Number.isSafeInteger(parsed)) throw new Error(`TEST_SEED must be an integer, got ${raw}`);
  return parsed;
}

function check<Ts>(property: fc.IProperty<Ts>): void {
  try {
    fc.assert(property, { seed, numRuns: NUM_RUNS });
  } catch (error) {
    const replay = `Replay with: TEST_SEED=${seed} npx vitest run --project node packages/money`;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${replay}`, { cause: error });
  }
}

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/** Whether `result` is numerator / denominator rounded by `mode`, checked by multiplication only. */
function isRounded(numerator: bigint, denominator: bigint, result: bigint, mode: RoundingMode): boolean {
  const [n, d] = denominator < 0n ? [-numerator, -denominator] : [numerator, denominator];
  const diff = n - result * d; // the exact value minus the result, in units of 1/d
  const sameSign = result * n >= 0n;
  if (abs(diff) >= d) return false;
  switch (mode) {
    case 'floor':
      return diff >= 0n;
    case 'ceil':
      return diff <= 0n;
    case 'down':
      return sameSign && abs(result * d) <= abs(n);
    case 'up':
      return sameSign && abs(result * d) >= abs(n);
    case 'half-up':
      return 2n * abs(diff) < d || (2n * abs(diff) === d && abs(result * d) > abs(n));
    case 'half-even':
      return 2n * abs(diff) < d || (2n * abs(diff) === d && result % 2n === 0n);
  }
}

const LIMIT = 10n ** 80n;
const anyAmount = fc.bigInt({ min: -LIMIT, max: LIMIT });
const nonNegative = fc.bigInt({ min: 0n, max: LIMIT });
const scale = fc.integer({ min: 0, max: 18 });
const mode = fc.constantFrom(...ROUNDING_MODES);
const factor = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n });
const nonZeroDivisor = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((c) => c !== 0n);

describe('decimal text', () => {
  it('parses back to the same bigint what it formats, at every scale', () => {
    check(fc.property(anyAmount, scale, (x, s) => parseAmount(formatAmount(x, s), s, { allowNegative: true }) === x));
  });

  it('formats to fixed decimals exactly as rescale rounds', () => {
    check(
      fc.property(anyAmount, scale, scale, mode, (x, s, d, m) => {
        const text = formatAmount(x, s, { decimals: d, rounding: m });
        const fraction = text.split('.')[1] ?? '';
        return fraction.length === d && parseAmount(text, d, { allowNegative: true }) === rescale(x, s, d, m);
      }),
    );
  });

  it('parses surplus decimals with a rounding mode exactly as rescale rounds', () => {
    check(
      fc.property(anyAmount, fc.integer({ min: 0, max: 36 }), scale, mode, (x, textScale, s, m) => {
        const text = formatAmount(x, textScale, { decimals: textScale, rounding: 'down' });
        return parseAmount(text, s, { allowNegative: true, rounding: m }) === rescale(x, textScale, s, m);
      }),
    );
  });
});

describe('rounding never creates value', () => {
  it('rescales to a neighbour of the exact value on the side the mode names', () => {
    check(
      fc.property(anyAmount, scale, scale, mode, (x, from, to, m) => {
        const result = rescale(x, from, to, m);
        if (to >= from) return result === x * pow10(to - from);
        return isRounded(x, pow10(from - to), result, m);
      }),
    );
  });

  it('breaks an exact tie as the mode names', () => {
    const quotient = fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n });
    const dropped = fc.integer({ min: 1, max: 18 });
    check(
      fc.property(quotient, scale, dropped, mode, (q, to, k, m) => {
        const tie = q * pow10(k) + 5n * pow10(k - 1);
        return isRounded(tie, pow10(k), rescale(tie, to + k, to, m), m);
      }),
    );
  });

  it('rounds down never above and up never below the exact value', () => {
    check(
      fc.property(nonNegative, scale, scale, (x, from, to) => {
        const unit = to >= from ? 1n : pow10(from - to);
        const target = to >= from ? x * pow10(to - from) : x;
        return rescale(x, from, to, 'down') * unit <= target && rescale(x, from, to, 'up') * unit >= target;
      }),
    );
  });

  it('mulDiv rounds a * b / c by every mode', () => {
    check(
      fc.property(factor, factor, nonZeroDivisor, mode, (a, b, c, m) => isRounded(a * b, c, mulDiv(a, b, c, m), m)),
    );
  });

  it('mulDiv down <= exact <= up, at most one minor unit apart', () => {
    check(
      fc.property(factor, factor, nonZeroDivisor, (a, b, c) => {
        const [n, d] = c < 0n ? [-(a * b), -c] : [a * b, c];
        const down = mulDiv(a, b, c, 'floor');
        const up = mulDiv(a, b, c, 'ceil');
        const towardZero = mulDiv(a, b, c, 'down');
        const awayFromZero = mulDiv(a, b, c, 'up');
        return (
          down * d <= n &&
          n <= up * d &&
          up - down <= 1n &&
          abs(towardZero * d) <= abs(n) &&
          abs(n) <= abs(awayFromZero * d)
        );
      }),
    );
  });

  it('applyBps rounds amount * bps / 10,000 by every mode', () => {
    const bps = fc.integer({ min: -20_000, max: 20_000 });
    check(fc.property(anyAmount, bps, mode, (x, b, m) => isRounded(x * BigInt(b), 10_000n, applyBps(x, b, m), m)));
  });

  it('splits an amount into a fee rounded up and a net that sum back exactly', () => {
    const bps = fc.integer({ min: 0, max: 10_000 });
    check(
      fc.property(nonNegative, bps, (amount, b) => {
        const { fee, net } = splitFee(amount, b);
        const exactFeeTimes10k = amount * BigInt(b);
        return (
          fee + net === amount &&
          net >= 0n &&
          fee * 10_000n >= exactFeeTimes10k &&
          (fee - 1n) * 10_000n < exactFeeTimes10k
        );
      }),
    );
  });

  it('pays out shares rounded down that never sum above the amount, leaving dust under one unit per share', () => {
    const weights = fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 20 });
    check(
      fc.property(nonNegative, weights, (amount, shares) => {
        const total = shares.reduce((sum, w) => sum + w, 0n);
        const paid = shares.reduce((sum, w) => sum + mulDiv(amount, w, total, 'down'), 0n);
        const dust = amount - paid;
        return dust >= 0n && dust < BigInt(shares.length);
      }),
    );
  });
});

describe('display', () => {
  it('never overstates a balance, is within 0.001 of it, and never shows a holding as zero', () => {
    check(
      fc.property(nonNegative, scale, (x, s) => {
        const shown = parseAmount(formatBalance(x, s).replaceAll(',', ''), s);
        const withinThousandth = (x - shown) * 1_000n < pow10(s);
        return shown <= x && withinThousandth && (x === 0n || shown > 0n);
      }),
    );
  });

  it('shows cents as dollars that read back to the same cents', () => {
    check(
      fc.property(anyAmount, (cents) => {
        const text = formatUsd(cents);
        const negative = text.startsWith('-$');
        const digits = text.slice(negative ? 2 : 1).replaceAll(',', '');
        return /^\d{1,3}(,\d{3})*\.\d{2}$/.test(text.slice(negative ? 2 : 1)) && parseAmount(digits, 2) === abs(cents);
      }),
    );
  });
});

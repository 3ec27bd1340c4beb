// Property tests of the lending arithmetic (ADR 0028): interest rounds up and the fee down (the
// lender's favour, never by a whole unit more than the exact figure), the repayment's parts add up
// to the debt, LTV rounds up, and a seizure splits the collateral exactly, paying the lender at
// least what is owed unless the collateral runs out. The ledger tests prove no money is created;
// here every split conserves its total to the minor unit. One seed per run: TEST_SEED replays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BPS_PER_WHOLE, scaleFactor } from '@rora/money';
import {
  MAX_LTV_BPS,
  YEAR_MS,
  interestFor,
  ltvBps,
  repaymentFor,
  seizureFor,
  shownLtvBps,
  usdCentsOf,
  type Valued,
} from './loan-math.ts';

const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : Math.floor(Math.random() * 2 ** 31);

function check<Ts>(property: fc.IProperty<Ts>): void {
  try {
    fc.assert(property, { seed, numRuns: 2_000 });
  } catch (error) {
    const replay = `Replay with: TEST_SEED=${seed} npx vitest run --project node apps/api/src/modules/lending/loan-math`;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${replay}`, { cause: error });
  }
}

const loans = fc.record({
  principal: fc.bigInt({ min: 1n, max: 10n ** 30n }),
  rateBps: fc.integer({ min: 1, max: 5_000 }),
  elapsedMs: fc.integer({ min: -1_000, max: 4 * 365 * 86_400_000 }),
  minMs: fc.integer({ min: 0, max: 30 * 86_400_000 }),
  feeBps: fc.integer({ min: 0, max: 5_000 }),
});
const scales = fc.constantFrom(2, 6, 8, 18);
const valued: fc.Arbitrary<Valued> = fc.record({
  amount: fc.bigInt({ min: 1n, max: 10n ** 28n }),
  scale: scales,
  price: fc.bigInt({ min: 1n, max: 10n ** 24n }),
});

describe('interest and repayment', () => {
  it('rounds interest up by less than one minor unit', () => {
    check(
      fc.property(loans, (loan) => {
        const interest = interestFor(loan);
        const billed = BigInt(Math.max(loan.elapsedMs, loan.minMs, 0));
        const exact = loan.principal * BigInt(loan.rateBps) * billed; // over 10,000 × YEAR_MS
        const denominator = BPS_PER_WHOLE * BigInt(YEAR_MS);
        expect(interest * denominator >= exact).toBe(true);
        expect((interest - 1n) * denominator < exact || interest === 0n).toBe(true);
      }),
    );
  });

  it('splits the debt exactly into what the lender receives and the fee, rounded down', () => {
    check(
      fc.property(loans, (loan) => {
        const repayment = repaymentFor(loan);
        expect(repayment.lenderReceives + repayment.fee).toBe(repayment.debt);
        expect(repayment.debt).toBe(loan.principal + repayment.interest);
        expect(repayment.fee * BPS_PER_WHOLE <= repayment.interest * BigInt(loan.feeBps)).toBe(true);
        expect((repayment.fee + 1n) * BPS_PER_WHOLE > repayment.interest * BigInt(loan.feeBps)).toBe(true);
        expect(repayment.lenderReceives >= loan.principal).toBe(true);
      }),
    );
  });

  it('never charges less interest for a longer time', () => {
    check(
      fc.property(loans, fc.integer({ min: 0, max: 86_400_000 }), (loan, more) => {
        expect(interestFor({ ...loan, elapsedMs: loan.elapsedMs + more }) >= interestFor(loan)).toBe(true);
      }),
    );
  });
});

describe('loan-to-value and seizure', () => {
  it('rounds the loan-to-value up by less than one basis point (below its cap)', () => {
    check(
      fc.property(valued, valued, (debt, collateral) => {
        const ltv = BigInt(ltvBps(debt, collateral));
        const n = debt.amount * debt.price * scaleFactor(collateral.scale) * BPS_PER_WHOLE;
        const d = collateral.amount * collateral.price * scaleFactor(debt.scale);
        if (ltv === BigInt(MAX_LTV_BPS)) {
          expect(ltv * d <= n).toBe(true);
        } else {
          expect(ltv * d >= n).toBe(true);
          expect((ltv - 1n) * d < n).toBe(true);
        }
      }),
    );
  });

  it('splits the collateral exactly and pays the lender at least the debt and penalty while it lasts', () => {
    check(
      fc.property(valued, valued, fc.integer({ min: 0, max: 2_000 }), (debt, collateral, penaltyBps) => {
        const { penalty, owed, seized, returned, seizedWorth } = seizureFor({ debt, collateral, penaltyBps });
        expect(seized + returned).toBe(collateral.amount);
        // The penalty is penaltyBps of the debt rounded up (never a minor unit short), and owed is their sum.
        expect(owed).toBe(debt.amount + penalty);
        expect(penalty * BPS_PER_WHOLE >= debt.amount * BigInt(penaltyBps)).toBe(true);
        expect((penalty - 1n) * BPS_PER_WHOLE < debt.amount * BigInt(penaltyBps)).toBe(true);
        expect(seized >= 0n && returned >= 0n).toBe(true);
        const owedValue = owed * debt.price * scaleFactor(collateral.scale);
        const seizedValue = (amount: bigint) => amount * collateral.price * scaleFactor(debt.scale);
        // What the seized collateral was worth in the loan's coin: cut to its minor unit, never above.
        const unitValue = debt.price * scaleFactor(collateral.scale);
        expect(seizedWorth * unitValue <= seizedValue(seized)).toBe(true);
        expect((seizedWorth + 1n) * unitValue > seizedValue(seized)).toBe(true);
        // Short of what is owed only when all the collateral went and it was not enough.
        if (seizedWorth < owed) expect(returned).toBe(0n);
        if (returned > 0n) {
          // Enough to cover what is owed, and not one minor unit more than needed.
          expect(seizedValue(seized) >= owedValue).toBe(true);
          expect(seized === 0n || seizedValue(seized - 1n) < owedValue).toBe(true);
        } else {
          expect(seized).toBe(collateral.amount);
        }
      }),
    );
  });
});

describe('dollar values', () => {
  // 0.00015393 BTC (8 decimals) at 65,000 US dollars (18 decimals) is 10.00545 dollars.
  const value: Valued = { amount: 15_393n, scale: 8, price: 65_000n * scaleFactor(18) };

  it('shows a value rounded half to even to the cent, and cuts it for the loan minimum', () => {
    expect(usdCentsOf(value, 'half-even')).toBe(1001n);
    expect(usdCentsOf(value, 'down')).toBe(1000n);
  });

  it('rounds an exact half cent to the even cent', () => {
    // 0.5 cent over 10.00 and over 10.01: 10.005 -> 10.00, 10.015 -> 10.02.
    expect(usdCentsOf({ amount: 10_005n, scale: 3, price: scaleFactor(18) }, 'half-even')).toBe(1000n);
    expect(usdCentsOf({ amount: 10_015n, scale: 3, price: scaleFactor(18) }, 'half-even')).toBe(1002n);
  });
});

describe('the loan-to-value shown beside the dollar values', () => {
  it('is the ratio of the dollar values as shown, to the nearest basis point', () => {
    check(
      fc.property(valued, valued, (debt, collateral) => {
        const debtCents = usdCentsOf(debt, 'half-even');
        const collateralCents = usdCentsOf(collateral, 'half-even');
        const shown = BigInt(shownLtvBps(debtCents, collateralCents));
        if (collateralCents === 0n || shown === BigInt(MAX_LTV_BPS)) {
          expect(collateralCents === 0n || debtCents * BPS_PER_WHOLE >= shown * collateralCents).toBe(true);
          return;
        }
        // |shown − ratio| ≤ half a basis point: what a customer dividing the two figures reads.
        const twice = 2n * debtCents * BPS_PER_WHOLE;
        expect((2n * shown - 1n) * collateralCents <= twice).toBe(true);
        expect(twice <= (2n * shown + 1n) * collateralCents).toBe(true);
      }),
    );
  });

  it('may read lower than the figure that decides, which is never rounded down', () => {
    // 1,000 USDT against 0.02366863 BTC at 65,000 dollars ($1,538.46095): 65.000025 %, above a 65 %
    // limit. Shown: $1,000.00 over $1,538.46 is 65.0000065 %, so 65.00 %; the decision reads 65.01 %.
    const debt: Valued = { amount: 1_000_000_000n, scale: 6, price: scaleFactor(18) };
    const collateral: Valued = { amount: 2_366_863n, scale: 8, price: 65_000n * scaleFactor(18) };
    expect([usdCentsOf(debt, 'half-even'), usdCentsOf(collateral, 'half-even')]).toEqual([100_000n, 153_846n]);
    expect(shownLtvBps(100_000n, 153_846n)).toBe(6500);
    expect(ltvBps(debt, collateral)).toBe(6501);
  });

  it('reads collateral shown as $0.00 as the highest figure ("that or more")', () => {
    expect(shownLtvBps(100n, 0n)).toBe(MAX_LTV_BPS);
    expect(shownLtvBps(10n ** 20n, 1n)).toBe(MAX_LTV_BPS);
  });
});

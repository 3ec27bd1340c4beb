// Property tests of the reward rule (ADR 0029), in TypeScript (what the web app shows) and in the
// SQL that pays (staking_accrue's expression), which must agree to the minor unit: daily rewards sum
// to the exact APY amount rounded down (within one minor unit), none is negative, and the carried
// remainder never makes a day pay more than its share rounded up. One seed per run: TEST_SEED when
// set, otherwise a drawn one that a failure prints with the replay.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakeDailyReward, stakeRewardsThrough } from '@rora/contracts';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';

const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : Math.floor(Math.random() * 2 ** 31);

async function check<Ts>(property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>, numRuns: number): Promise<void> {
  try {
    await fc.assert(property, { seed, numRuns });
  } catch (error) {
    const replay = `Replay with: TEST_SEED=${seed} npx vitest run apps/api/src/modules/staking/reward-math`;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${replay}`, { cause: error });
  }
}

const stakes = fc.record({
  principal: fc.bigInt({ min: 1n, max: 10n ** 30n }),
  apyBps: fc.integer({ min: 1, max: 1_450 }),
  termDays: fc.integer({ min: 1, max: 730 }),
});

describe('the daily reward rule', () => {
  it('sums a term’s daily rewards to the exact APY amount, rounded down by less than one minor unit', async () => {
    await check(
      fc.property(stakes, ({ principal, apyBps, termDays }) => {
        let sum = 0n;
        for (let day = 1; day <= termDays; day += 1) {
          const reward = stakeDailyReward(principal, apyBps, day);
          expect(reward >= 0n).toBe(true);
          // A day pays its share (P × apy / 3,650,000) rounded down or up, never more.
          expect(reward * 3_650_000n <= principal * BigInt(apyBps) + 3_650_000n).toBe(true);
          sum += reward;
        }
        expect(sum).toBe(stakeRewardsThrough(principal, apyBps, termDays));
        const exactTimes = principal * BigInt(apyBps) * BigInt(termDays);
        // 0 <= exact − sum < 1 minor unit, in units of 1/3,650,000.
        expect(exactTimes - sum * 3_650_000n >= 0n).toBe(true);
        expect(exactTimes - sum * 3_650_000n < 3_650_000n).toBe(true);
      }),
      300,
    );
  });

  it('pays a full year of a flexible stake exactly principal × APY, rounded down', () => {
    expect(stakeRewardsThrough(1_000_000_000n, 600, 365)).toBe(60_000_000n);
    expect(stakeRewardsThrough(777_777_777n, 1_450, 365)).toBe(112_777_777n);
  });
});

describe('the SQL that pays', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('computes each day’s reward as the TypeScript rule does, for amounts past 2^53 and 10^27', async () => {
    await check(
      fc.asyncProperty(fc.array(stakes, { minLength: 1, maxLength: 50 }), async (cases) => {
        const payload = JSON.stringify(
          cases.map(({ principal, apyBps, termDays }) => ({ p: principal.toString(), a: apyBps, k: termDays })),
        );
        const { rows } = await database.db.execute<{ reward: string; through: string }>(sql`
          SELECT (div(c.p * c.a * c.k, 3650000) - div(c.p * c.a * (c.k - 1), 3650000))::text AS reward,
                 div(c.p * c.a * c.k, 3650000)::text AS through
            FROM ROWS FROM (jsonb_to_recordset(${payload}::jsonb) AS (p numeric, a int, k int)) WITH ORDINALITY AS c(p, a, k, n)
           ORDER BY c.n`);
        cases.forEach(({ principal, apyBps, termDays }, index) => {
          expect(BigInt(rows[index]!.reward)).toBe(stakeDailyReward(principal, apyBps, termDays));
          expect(BigInt(rows[index]!.through)).toBe(stakeRewardsThrough(principal, apyBps, termDays));
        });
      }),
      40,
    );
  });
});

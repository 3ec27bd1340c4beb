// Staking on the real app and PostgreSQL: plans, placing a stake, daily accrual through the term,
// maturity, unstaking (flexible, early with forfeit), refusals and another customer's stake. Days
// pass by moving the manual clock (staking reads it), and once through the sandbox route. After
// every test: the ledger's invariants and staking's own.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlanList } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import { parseAmount } from '@rora/money';
import type { TestApp } from '../../testing/test-app.ts';
import { addDays } from './staking-clock.ts';
import { createTestUser } from '../../testing/users.ts';
import {
  balanceOf,
  createStakingTestApp,
  fundedCustomer,
  myStakes,
  placeStake,
  postStake,
  stakingViolations,
  unstake,
} from './testing/staking-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createStakingTestApp();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await stakingViolations(t)).toEqual([]);
});
afterAll(async () => t.close());

const runDue = () => t.app.services.staking.accrual.runDue();
// The sandbox clock, as the development route moves it (the manual clock stays: sessions live on).
const daysPass = (days: number) => t.app.services.staking.sandboxClock.daysPass(days);
const minor = (text: string) => parseAmount(text, 6);
const USDT = (whole: number) => BigInt(whole) * 1_000_000n;

describe('plans', () => {
  it('lists the seeded plans, stablecoins first, none above 14.5 %', async () => {
    const user = await createTestUser(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/staking/plan', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const { items, today } = (response.json() as { data: StakingPlanList }).data;
    expect(today).toBe('2026-03-01');
    expect(items[0]).toMatchObject({ id: 'usdt-flexible', asset: 'USDT', lockDays: null, minAmount: '10', open: true });
    expect(items.find((plan) => plan.id === 'usdt-180')).toMatchObject({ apyBps: 1450, lockDays: 180 });
    expect(Math.max(...items.map((plan) => plan.apyBps))).toBe(1450);
    expect(items.filter((plan) => ['USDT', 'BUSD'].includes(plan.asset)).length).toBeGreaterThan(items.length / 2);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/staking/plan' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a locked stake', () => {
  it('moves the principal to staking, accrues daily to the exact APY amount, then pays out and notifies', async () => {
    const user = await fundedCustomer(t, { USDT: '1000' });
    const stake = await placeStake(t, user, 'usdt-30', '777.777777');
    const today = await t.app.services.staking.clock.today();
    // The day of staking earns nothing: the stake starts tomorrow and each day is credited once complete.
    expect(stake).toMatchObject({
      status: 'active',
      startDay: addDays(today, 1),
      endDay: addDays(today, 31),
      rewardsAccrued: '0',
    });
    // A locked stake pays at maturity (ADR 0029): its next payout is its end day, not tomorrow.
    expect(stake.nextPayoutDay).toBe(stake.endDay);
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(1000) - 777_777_777n);
    expect(await balanceOf(t, user.userId, 'USDT', 'staked')).toBe(777_777_777n);

    expect((await daysPass(1)).accrued).toBe(0);
    expect((await daysPass(1)).accrued).toBe(1);
    const exactTerm = (777_777_777n * 900n * 30n) / 3_650_000n;
    let [current] = await myStakes(t, user);
    expect(minor(current!.rewardsAccrued)).toBe(191_780n);
    await daysPass(28);
    [current] = await myStakes(t, user);
    expect(current!.accruedThrough).toBe(addDays(today, 30));
    expect(current!.rewardsPaid).toBe('0');

    const outcome = await daysPass(1);
    expect(outcome).toMatchObject({ accrued: 1, matured: 1 });
    [current] = await myStakes(t, user);
    expect(current).toMatchObject({ status: 'matured', rewardsAccrued: current!.rewardsPaid, nextPayoutDay: null });
    expect(minor(current!.rewardsPaid)).toBe(exactTerm);
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(1000) + exactTerm);
    expect(await balanceOf(t, user.userId, 'USDT', 'staked')).toBe(0n);
    const { rows } = await t.database.db.execute<{ kind: string }>(
      sql`SELECT kind FROM notifications WHERE user_id = ${user.userId}::uuid`,
    );
    expect(rows.map((row) => row.kind)).toEqual(['stake_matured']);
    expect((await runDue()).matured).toBe(0);
    // The payout in the history, under an RFC 9562 UUID (a plain md5 cast, as rewards and payouts
    // had, made the history answer 500 for most customers who staked).
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/history', headers: user.headers });
    expect(history.statusCode, history.body).toBe(200);
    const items = (history.json() as { data: { items: Array<{ id: string; type: string }> } }).data.items;
    expect(items.map((item) => item.type)).toEqual(['unstake', 'stake', 'deposit']);
    expect(items[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('forfeits the accrued rewards to the pool when unstaked early', async () => {
    const user = await fundedCustomer(t, { USDT: '500' });
    const poolBefore = await balanceOf(t, null, 'USDT', 'staking_rewards');
    const stake = await placeStake(t, user, 'usdt-90', '500');
    await daysPass(11);
    const response = await unstake(t, user, stake.id);
    expect(response.statusCode, response.body).toBe(200);
    const ended = (response.json() as { data: Stake }).data;
    expect(ended).toMatchObject({ status: 'unstaked', rewardsPaid: '0' });
    expect(ended.rewardsForfeited).toBe(ended.rewardsAccrued);
    expect(minor(ended.rewardsAccrued)).toBe((USDT(500) * 1200n * 10n) / 3_650_000n);
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(500));
    expect(await balanceOf(t, null, 'USDT', 'staking_rewards')).toBe(poolBefore);
    const again = await unstake(t, user, stake.id);
    expect(again.json()).toMatchObject({ error: { code: 'stake_is_not_active' } });
  });

  it('answers a retried unstake with its first answer, without a second payout', async () => {
    const user = await fundedCustomer(t, { USDT: '100' });
    const stake = await placeStake(t, user, 'usdt-flexible', '100');
    await daysPass(3);
    const key = crypto.randomUUID();
    const first = await unstake(t, user, stake.id, key);
    expect(first.statusCode, first.body).toBe(200);
    const available = await balanceOf(t, user.userId, 'USDT', 'available');
    const retried = await unstake(t, user, stake.id, key);
    expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(retried.body).toBe(first.body);
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(available);
    const keyless = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staking/stake/${stake.id}/unstake`,
      headers: user.headers,
    });
    expect([keyless.statusCode, keyless.json().error.code]).toEqual([400, 'idempotency_key_required']);
  });
});

describe('the unstake preview', () => {
  const letDaysPassUnseen = (days: number) =>
    t.database.db.execute(sql`UPDATE staking_sandbox_clock SET offset_days = offset_days + ${days}`);

  it('shows what unstaking returns with the days the job has not yet accrued', async () => {
    const user = await fundedCustomer(t, { USDT: '100' });
    const stake = await placeStake(t, user, 'usdt-30', '100');
    await letDaysPassUnseen(5); // four whole days due, none accrued yet: forfeited if unstaked now
    let [current] = await myStakes(t, user);
    expect(current!.rewardsAccrued).toBe('0');
    const fourDays = (USDT(100) * 900n * 4n) / 3_650_000n;
    expect(current!.unstakeNow).toEqual({ returns: '100', forfeits: (Number(fourDays) / 1e6).toString() });
    await letDaysPassUnseen(26); // at the end day, before the job matured it: principal and every reward
    [current] = await myStakes(t, user);
    const exactTerm = (USDT(100) * 900n * 30n) / 3_650_000n;
    expect(minor(current!.unstakeNow!.returns)).toBe(USDT(100) + exactTerm);
    expect(current!.unstakeNow!.forfeits).toBe('0');
    const response = await unstake(t, user, stake.id);
    expect(response.json()).toMatchObject({ data: { status: 'unstaked', rewardsForfeited: '0', unstakeNow: null } });
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(100) + exactTerm);
  });
});

describe('a flexible stake', () => {
  it('pays each day’s reward to the available balance and returns the principal at any time', async () => {
    const user = await fundedCustomer(t, { USDT: '100' });
    const stake = await placeStake(t, user, 'usdt-flexible', '100');
    // Paid as it accrues: the next payout is the day after its first whole day.
    expect(stake.nextPayoutDay).toBe(addDays(stake.startDay, 1));
    await daysPass(4);
    const daily = (USDT(100) * 600n * 3n) / 3_650_000n;
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(daily);
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/history', headers: user.headers });
    expect(history.statusCode, history.body).toBe(200);
    const rewards = (history.json() as { data: { items: Array<{ id: string; type: string }> } }).data.items.filter(
      (item) => item.type === 'staking_reward',
    );
    expect(rewards.length).toBeGreaterThan(0);
    for (const { id } of rewards)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const response = await unstake(t, user, stake.id);
    expect(response.json()).toMatchObject({
      data: { status: 'unstaked', rewardsPaid: '0.049315', rewardsForfeited: '0' },
    });
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(100) + daily);
    const { rows } = await t.database.db.execute<{ kind: string; data: { rewards: string } }>(
      sql`SELECT kind, data FROM notifications WHERE user_id = ${user.userId}::uuid`,
    );
    expect(rows).toEqual([{ kind: 'stake_unstaked', data: expect.objectContaining({ rewards: '0.049315' }) }]);
  });

  it('earns nothing for a few minutes across midnight', async () => {
    const user = await fundedCustomer(t, { USDT: '100' });
    t.clock.set(`${t.clock.now().toISOString().slice(0, 10)}T23:59:00.000Z`);
    const stake = await placeStake(t, user, 'usdt-flexible', '100');
    t.clock.advance(2 * 60_000);
    expect((await runDue()).accrued).toBe(0);
    const response = await unstake(t, user, stake.id);
    expect(response.json()).toMatchObject({ data: { status: 'unstaked', rewardsPaid: '0', rewardsAccrued: '0' } });
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(100));
  });

  const passUntil = (until: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/dev/staking/days-pass', payload: { until } });

  it('accrues the days the sandbox clock lets pass (development route), once however often it is sent', async () => {
    const user = await fundedCustomer(t, { USDT: '50' });
    const stake = await placeStake(t, user, 'usdt-flexible', '50');
    // Three days pass: the day of staking earns nothing, then two complete days are credited.
    const until = addDays(await t.app.services.staking.clock.today(), 3);
    // The request, a retry of it, and two more at once: the clock moves to the date once.
    const answers = [
      await passUntil(until),
      await passUntil(until),
      ...(await Promise.all([passUntil(until), passUntil(until)])),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.today).toBe(until);
    }
    expect(await t.app.services.staking.clock.today()).toBe(until);
    const [current] = await myStakes(t, user);
    expect(current!.rewardsPaid).toBe('0.016438');
    // A date already passed leaves the clock where it is.
    expect((await passUntil(stake.startDay)).json().data.today).toBe(until);
    expect((await myStakes(t, user))[0]!.rewardsPaid).toBe('0.016438');
  });

  it('refuses a move of more than 400 days at once, or no date, naming the field', async () => {
    const today = await t.app.services.staking.clock.today();
    for (const payload of [{ until: addDays(today, 401) }, { days: 3 }, { until: 'tomorrow' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/dev/staking/days-pass', payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('request_validation_failed');
    }
    expect(await t.app.services.staking.clock.today()).toBe(today);
  });
});

describe('refusals', () => {
  it('names the rule a stake breaks and moves nothing', async () => {
    const user = await fundedCustomer(t, { USDT: '20' });
    const cases: Array<[object, number, string]> = [
      [{ plan: 'nope', amount: '10' }, 404, 'staking_plan_not_found'],
      [{ plan: 'usdt-flexible', amount: '9.99' }, 422, 'staking_amount_below_minimum'],
      [{ plan: 'usdt-flexible', amount: '100001' }, 422, 'staking_amount_above_maximum'],
      [{ plan: 'usdt-flexible', amount: '10.0000001' }, 400, 'amount_has_too_many_decimals'],
      [{ plan: 'usdt-flexible', amount: '30' }, 422, 'staking_amount_exceeds_available_balance'],
      [{ plan: 'usdt-flexible', amount: 'abc' }, 400, 'amount_is_not_a_decimal'],
    ];
    for (const [body, status, code] of cases) {
      const response = await postStake(t, user, body);
      expect([response.statusCode, response.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(20));
    const keyless = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staking/stake',
      headers: user.headers,
      payload: { plan: 'usdt-flexible', amount: '10' },
    });
    expect(keyless.json()).toMatchObject({ error: { code: 'idempotency_key_required' } });
  });

  it('names the plan’s minimum or maximum, in its coin, when an amount is outside them', async () => {
    const user = await fundedCustomer(t, { ETH: '1' });
    // The message writes the amount grouped, as amounts are written for a person; `limit` stays plain.
    const cases: Array<[object, string, string, string, string]> = [
      [
        { plan: 'eth-30', amount: '0.009' },
        'staking_amount_below_minimum',
        'minimum stake for this plan is 0.01 ETH',
        '0.01',
        'ETH',
      ],
      [
        { plan: 'usdt-flexible', amount: '9.99' },
        'staking_amount_below_minimum',
        'minimum stake for this plan is 10 USDT',
        '10',
        'USDT',
      ],
      [
        { plan: 'usdt-flexible', amount: '100001' },
        'staking_amount_above_maximum',
        'maximum stake for this plan is 100,000 USDT',
        '100000',
        'USDT',
      ],
    ];
    for (const [body, code, rule, limit, asset] of cases) {
      const response = await postStake(t, user, body);
      const message = `The ${rule}`;
      expect(response.json(), JSON.stringify(body)).toEqual({
        error: { code, message },
        data: [{ code, message, field: 'amount', limit, asset }],
      });
    }
  });

  it('replays a retry with the same key without staking twice', async () => {
    const user = await fundedCustomer(t, { USDT: '30' });
    const first = await postStake(t, user, { plan: 'usdt-flexible', amount: '10' }, 'stake-once');
    const retry = await postStake(t, user, { plan: 'usdt-flexible', amount: '10' }, 'stake-once');
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.body).toBe(first.body);
    expect(await balanceOf(t, user.userId, 'USDT', 'staked')).toBe(USDT(10));
  });

  it('refuses a stake whose rewards the pool cannot cover', async () => {
    await t.database.db.execute(
      sql`UPDATE staking_pools SET reserved = reserved + 20000000000000000000 WHERE asset = 'BTC'`,
    );
    const user = await fundedCustomer(t, { BTC: '1' });
    const response = await postStake(t, user, { plan: 'btc-90', amount: '0.5' });
    expect(response.json()).toMatchObject({ error: { code: 'staking_rewards_pool_exhausted' } });
    await t.database.db.execute(
      sql`UPDATE staking_pools SET reserved = reserved - 20000000000000000000 WHERE asset = 'BTC'`,
    );
  });

  it('refuses a stake until KYC is approved, but ends a stake placed before without it (spec §9)', async () => {
    for (const kycStatus of ['not_started', 'waiting_for_approval', 'rejected'] as const) {
      const user = await fundedCustomer(t, { USDT: '20' }, { kycStatus });
      const response = await postStake(t, user, { plan: 'usdt-flexible', amount: '10' });
      expect([response.statusCode, response.json().error.code], kycStatus).toEqual([403, 'kyc_approval_required']);
      expect(response.json().error.message).toMatch(/identity verification \(KYC\) before .*staking/);
      expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(20));
      expect(await myStakes(t, user)).toEqual([]);
    }
    // As a loan is repaid without it: what the customer staked returns whatever their KYC says now.
    const user = await fundedCustomer(t, { USDT: '10' });
    const stake = await placeStake(t, user, 'usdt-flexible', '10');
    await t.database.db.execute(sql`UPDATE users SET kyc_status = 'rejected' WHERE id = ${user.userId}::uuid`);
    const ended = await unstake(t, user, stake.id);
    expect([ended.statusCode, ended.json().data?.status], ended.body).toEqual([200, 'unstaked']);
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(USDT(10));
  });

  it('answers 404 for another customer’s stake, as for an unknown one', async () => {
    const owner = await fundedCustomer(t, { USDT: '10' });
    const stake = await placeStake(t, owner, 'usdt-flexible', '10');
    const other = await createTestUser(t);
    for (const id of [stake.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await unstake(t, other, id);
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'resource_not_found']);
    }
    expect(await myStakes(t, other)).toEqual([]);
    await unstake(t, owner, stake.id);
  });
});

describe('the refuse setting', () => {
  it('refuses an early unstake of a locked stake', async () => {
    const strict = await createStakingTestApp({ STAKING_EARLY_UNSTAKE: 'refuse' });
    try {
      const user = await fundedCustomer(strict, { USDT: '100' });
      const stake = await placeStake(strict, user, 'usdt-30', '100');
      const response = await unstake(strict, user, stake.id);
      expect([response.statusCode, response.json().error.code]).toEqual([409, 'stake_is_locked_until_maturity']);
      await assertLedgerInvariants(strict.database.db);
    } finally {
      await strict.close();
    }
  });
});

describe('the stake state machine', () => {
  it('refuses an ended stake going back to active or changing its figures', async () => {
    const user = await fundedCustomer(t, { USDT: '10' });
    const stake = await placeStake(t, user, 'usdt-flexible', '10');
    await unstake(t, user, stake.id);
    await expect(
      t.database.db.execute(sql`UPDATE stakes SET status = 'active', ended_at = NULL WHERE id = ${stake.id}::uuid`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`UPDATE stakes SET rewards_paid = rewards_paid + 1 WHERE id = ${stake.id}::uuid`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`UPDATE stakes SET notified_at = now() WHERE id = ${stake.id}::uuid`),
    ).resolves.toBeDefined();
  });
});

// Last: it pays one minor unit out of the pool outside the figures the tests above expect.
describe('the history', () => {
  it('lists rewards paid under ids of no UUID version, as written before', async () => {
    const user = await fundedCustomer(t, { USDT: '10' });
    await placeStake(t, user, 'usdt-flexible', '10');
    // Variant bits 0111, as about seven md5 casts in eight had.
    const legacyId = `3f93e8c9-30c5-3518-7de4-${user.userId.slice(-12)}`;
    await t.database.db.execute(sql`
      SELECT ledger_apply_or_raise(jsonb_build_array(jsonb_build_object(
        'op', 'transfer', 'id', ${legacyId}::uuid, 'asset', 'USDT',
        'debit_owner', NULL, 'debit_kind', 'staking_rewards', 'credit_owner', ${user.userId}::uuid,
        'credit_kind', 'available', 'amount', '1', 'code', 'staking_reward', 'metadata', '{}'::jsonb)))`);
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/history', headers: user.headers });
    expect(history.statusCode, history.body).toBe(200);
    const types = (history.json() as { data: { items: Array<{ type: string }> } }).data.items.map((item) => item.type);
    expect(types).toContain('staking_reward');
  });
});

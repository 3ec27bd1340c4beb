// Staking under real concurrency on real PostgreSQL (TESTING.md): 50 stakes released together
// against a balance that covers ten, and the daily accrual run twice, twice at once (two workers),
// and killed mid-run then restarted: each stake accrues each day exactly once. After every test:
// the ledger's invariants and staking's own.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { ACCRUE_STAKES_JOB } from './index.ts';
import { createStakingAccrual } from './staking-accrual.ts';
import {
  balanceOf,
  createStakingTestApp,
  fundedCustomer,
  placeStake,
  stakingViolations,
} from './testing/staking-fixtures.ts';
import { armedRequest } from '../../testing/armed-request.ts';

const RACERS = 50;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createStakingTestApp();
  port = await t.listen();
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
  expect(await stakingViolations(t)).toEqual([]);
});
afterAll(async () => t.close());

function stakeRequest(user: TestUser, index: number): string {
  const json = JSON.stringify({ plan: 'usdt-flexible', amount: '10' });
  return [
    'POST /api/v1/staking/stake HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: Bearer ${user.token}`,
    `Idempotency-Key: stake-race-${index}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

const accrualRows = async () => {
  const { rows } = await t.database.db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM stake_accruals`,
  );
  return rows[0]!.count;
};
const activeStakes = async () => {
  const { rows } = await t.database.db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM stakes WHERE status = 'active'`,
  );
  return rows[0]!.count;
};
/** Every active stake's day count since it started, summed: the rows exactly-once accrual leaves. */
const daysOwed = async () => {
  const { rows } = await t.database.db.execute<{ days: number }>(
    sql`SELECT coalesce(sum(accrued_through - start_day), 0)::int AS days FROM stakes`,
  );
  return rows[0]!.days;
};

describe('under real concurrency', () => {
  it(`lets ${RACERS} simultaneous stakes through only as far as the balance covers, never overdrawn`, async () => {
    const user = await fundedCustomer(t, { USDT: '100' });
    const racers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) => armedRequest(port, stakeRequest(user, index))),
    );
    for (const racer of racers) racer.release();
    const results = await Promise.all(racers.map((racer) => racer.answer));
    const tally = results.reduce<Record<string, number>>((acc, result) => {
      const code =
        result.status === 201 ? 'staked' : (JSON.parse(result.body) as { error: { code: string } }).error.code;
      return { ...acc, [code]: (acc[code] ?? 0) + 1 };
    }, {});
    expect(tally).toEqual({ staked: 10, staking_amount_exceeds_available_balance: RACERS - 10 });
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(0n);
    expect(await balanceOf(t, user.userId, 'USDT', 'staked')).toBe(100_000_000n);
  });
});

describe('the daily accrual, exactly once', () => {
  // Small batches, so a run is many transactions and two runs interleave.
  const accrualOf = (batch: number) =>
    createStakingAccrual({
      db: t.database.db,
      clock: t.app.services.staking.clock,
      events: t.app.services.events,
      notifications: t.app.services.notifications,
      batch,
    });

  beforeAll(async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => fundedCustomer(t, { USDT: '1000' })));
    for (const user of users) {
      for (const planId of ['usdt-flexible', 'usdt-30', 'usdt-90']) await placeStake(t, user, planId, '100');
    }
  });

  it('pays nothing more when the run repeats for the same day', async () => {
    await t.app.services.staking.sandboxClock.daysPass(1);
    const rows = await accrualRows();
    expect(rows).toBe(await daysOwed());
    const again = await accrualOf(4).runDue();
    expect(again.accrued).toBe(0);
    expect(await accrualRows()).toBe(rows);
  });

  it('splits the work between two runs at once, each stake accrued once', async () => {
    await t.database.db.execute(sql`UPDATE staking_sandbox_clock SET offset_days = offset_days + 2`);
    const before = await accrualRows();
    const [one, two] = await Promise.all([accrualOf(3).runDue(), accrualOf(3).runDue()]);
    expect(one.accrued + two.accrued).toBe(await activeStakes());
    expect(await accrualRows()).toBe(before + 2 * (await activeStakes()));
    expect(await accrualRows()).toBe(await daysOwed());
  });

  it('loses nothing and pays nothing twice when a run is killed mid-way and restarted', async () => {
    await t.database.db.execute(sql`UPDATE staking_sandbox_clock SET offset_days = offset_days + 1`);
    const today = await t.app.services.staking.clock.today();
    const before = await accrualRows();
    // A first batch commits, then a second is killed inside its transaction (its backend ended).
    await t.database.db.execute(sql`SELECT staking_accrue(${today}::date, 5)`);
    const victim = new pg.Client({ connectionString: t.database.url });
    victim.on('error', () => undefined);
    await victim.connect();
    await victim.query('BEGIN');
    await victim.query('SELECT staking_accrue($1::date, 5)', [today]);
    const { rows } = await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await t.database.db.execute(sql`SELECT pg_terminate_backend(${rows[0]!.pid})`);
    await expect(victim.query('COMMIT')).rejects.toThrow();
    await victim.end().catch(() => undefined);
    expect(await accrualRows()).toBe(before + 5);

    const restarted = await accrualOf(4).runDue();
    expect(restarted.accrued).toBe((await activeStakes()) - 5);
    expect(await accrualRows()).toBe(await daysOwed());
  });
});

describe('the worker’s job', () => {
  it('accrues and pays out when the core’s job runs, as the API’s or a standalone worker runs it', async () => {
    const user = await fundedCustomer(t, { USDT: '100' });
    const stake = await placeStake(t, user, 'usdt-30', '100');
    await t.database.db.execute(sql`UPDATE staking_sandbox_clock SET offset_days = offset_days + 31`);
    const job = t.app.jobs.find((candidate) => candidate.name === ACCRUE_STAKES_JOB);
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const outcome = await job!.run({ db: t.database.db, now: () => t.clock.now(), log: silent }, {});
    // This stake and the other 30-day stakes of this file.
    expect((outcome as { matured: number }).matured).toBeGreaterThanOrEqual(1);
    const { rows } = await t.database.db.execute<{ status: string; kind: string }>(sql`SELECT s.status, n.kind
      FROM stakes s JOIN notifications n ON n.user_id = s.user_id WHERE s.id = ${stake.id}::uuid`);
    expect(rows).toEqual([{ status: 'matured', kind: 'stake_matured' }]);
    expect(await balanceOf(t, user.userId, 'USDT', 'available')).toBe(
      100_000_000n + (100_000_000n * 900n * 30n) / 3_650_000n,
    );
  });
});

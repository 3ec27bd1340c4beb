// The staking tables' queries (migration 0075): plans, pools, stakes and the sandbox clock. Amounts
// are numeric(78,0) decimal strings in the database and bigint here; days are 'YYYY-MM-DD' strings.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@rora/db';

type Handle = Db | Tx;

export interface PlanRow {
  id: string;
  asset: string;
  apyBps: number;
  lockDays: number | null;
  minAmount: bigint;
  maxAmount: bigint;
  capacity: bigint;
  stakedTotal: bigint;
  active: boolean;
}

export interface StakeRow {
  id: string;
  userId: string;
  planId: string;
  asset: string;
  principal: bigint;
  apyBps: number;
  flexible: boolean;
  termDays: number;
  startDay: string;
  endDay: string;
  accruedThrough: string;
  rewardsAccrued: bigint;
  rewardsPaid: bigint;
  rewardsForfeited: bigint;
  reserved: bigint;
  status: 'active' | 'matured' | 'unstaked';
  createdAt: Date;
  endedAt: Date | null;
}

type Raw = Record<string, unknown>;
const big = (value: unknown) => BigInt(value as string);
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
const time = (value: unknown) => (value === null ? null : new Date(value as string));

function toPlan(row: Raw): PlanRow {
  return {
    id: row.id as string,
    asset: row.asset as string,
    apyBps: Number(row.apy_bps),
    lockDays: row.lock_days === null ? null : Number(row.lock_days),
    minAmount: big(row.min_amount),
    maxAmount: big(row.max_amount),
    capacity: big(row.capacity),
    stakedTotal: big(row.staked_total),
    active: row.active as boolean,
  };
}

function toStake(row: Raw): StakeRow {
  return {
    id: row.id as string,
    userId: row.user_id as string,
    planId: row.plan_id as string,
    asset: row.asset as string,
    principal: big(row.principal),
    apyBps: Number(row.apy_bps),
    flexible: row.flexible as boolean,
    termDays: Number(row.term_days),
    startDay: day(row.start_day),
    endDay: day(row.end_day),
    accruedThrough: day(row.accrued_through),
    rewardsAccrued: big(row.rewards_accrued),
    rewardsPaid: big(row.rewards_paid),
    rewardsForfeited: big(row.rewards_forfeited),
    reserved: big(row.reserved),
    status: row.status as StakeRow['status'],
    createdAt: time(row.created_at)!,
    endedAt: time(row.ended_at),
  };
}

const STAKE_COLUMNS = sql.raw(`id, user_id, plan_id, asset, principal::text, apy_bps, flexible, term_days,
  start_day::text, end_day::text, accrued_through::text, rewards_accrued::text, rewards_paid::text,
  rewards_forfeited::text, reserved::text, status, created_at, ended_at`);
const PLAN_COLUMNS = sql.raw(`id, asset, apy_bps, lock_days, min_amount::text, max_amount::text, capacity::text,
  staked_total::text, active`);

export async function listPlans(db: Handle): Promise<PlanRow[]> {
  const { rows } = await db.execute<Raw>(sql`SELECT ${PLAN_COLUMNS} FROM staking_plans ORDER BY sort_order, id`);
  return rows.map(toPlan);
}

export async function lockPlan(tx: Tx, id: string): Promise<PlanRow | null> {
  const { rows } = await tx.execute<Raw>(sql`SELECT ${PLAN_COLUMNS} FROM staking_plans WHERE id = ${id} FOR UPDATE`);
  return rows[0] ? toPlan(rows[0]) : null;
}

export async function addToPlan(tx: Tx, id: string, amount: bigint): Promise<void> {
  await tx.execute(
    sql`UPDATE staking_plans SET staked_total = staked_total + ${amount.toString()}::numeric WHERE id = ${id}`,
  );
}

/** Each asset's pool: its ledger balance (staking_rewards) and what active stakes still have reserved. */
export async function poolFigures(db: Handle): Promise<Map<string, { balance: bigint; reserved: bigint }>> {
  const { rows } = await db.execute<Raw>(sql`SELECT p.asset, p.reserved::text AS reserved,
      coalesce((SELECT a.balance FROM ledger_accounts a
                 WHERE a.owner_id IS NULL AND a.asset = p.asset AND a.kind = 'staking_rewards'), 0)::text AS balance
    FROM staking_pools p`);
  return new Map(rows.map((row) => [row.asset as string, { balance: big(row.balance), reserved: big(row.reserved) }]));
}

/** Locks the asset's pool row and reads its free rewards: the pool's balance less what is reserved. */
export async function lockPoolFree(tx: Tx, asset: string): Promise<bigint> {
  await tx.execute(sql`INSERT INTO staking_pools (asset) VALUES (${asset}) ON CONFLICT DO NOTHING`);
  const { rows } = await tx.execute<Raw>(sql`SELECT (coalesce((SELECT a.balance FROM ledger_accounts a
        WHERE a.owner_id IS NULL AND a.asset = p.asset AND a.kind = 'staking_rewards'), 0) - p.reserved)::text AS free
    FROM staking_pools p WHERE p.asset = ${asset} FOR UPDATE OF p`);
  return big(rows[0]!.free);
}

export async function changePoolReserve(tx: Tx, asset: string, delta: bigint): Promise<void> {
  await tx.execute(
    sql`UPDATE staking_pools SET reserved = reserved + ${delta.toString()}::numeric WHERE asset = ${asset}`,
  );
}

export async function insertStake(tx: Tx, row: Omit<StakeRow, 'endedAt'>): Promise<void> {
  await tx.execute(sql`INSERT INTO stakes (id, user_id, plan_id, asset, principal, apy_bps, flexible, term_days,
      start_day, end_day, accrued_through, rewards_accrued, rewards_paid, rewards_forfeited, reserved, status, created_at)
    VALUES (${row.id}, ${row.userId}, ${row.planId}, ${row.asset}, ${row.principal.toString()}::numeric, ${row.apyBps},
      ${row.flexible}, ${row.termDays}, ${row.startDay}::date, ${row.endDay}::date, ${row.accruedThrough}::date,
      0, 0, 0, ${row.reserved.toString()}::numeric, ${row.status}, ${row.createdAt.toISOString()}::timestamptz)`);
}

export async function findStake(db: Handle, userId: string, id: string): Promise<StakeRow | null> {
  const { rows } = await db.execute<Raw>(
    sql`SELECT ${STAKE_COLUMNS} FROM stakes WHERE id = ${id}::uuid AND user_id = ${userId}::uuid`,
  );
  return rows[0] ? toStake(rows[0]) : null;
}

export async function lockStake(tx: Tx, userId: string, id: string): Promise<StakeRow | null> {
  const { rows } = await tx.execute<Raw>(
    sql`SELECT ${STAKE_COLUMNS} FROM stakes WHERE id = ${id}::uuid AND user_id = ${userId}::uuid FOR UPDATE`,
  );
  return rows[0] ? toStake(rows[0]) : null;
}

export async function stakesByIds(db: Handle, ids: readonly string[]): Promise<StakeRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<Raw>(
    sql`SELECT ${STAKE_COLUMNS} FROM stakes WHERE id = ANY (${`{${ids.join(',')}}`}::uuid[])`,
  );
  return rows.map(toStake);
}

export async function pageStakes(
  db: Handle,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: StakeRow[]; total: number }> {
  const { rows } = await db.execute<Raw>(sql`SELECT ${STAKE_COLUMNS} FROM stakes WHERE user_id = ${userId}::uuid
    ORDER BY (status = 'active') DESC, created_at DESC, id LIMIT ${page.limit} OFFSET ${page.offset}`);
  const { rows: counted } = await db.execute<Raw>(
    sql`SELECT count(*)::int AS total FROM stakes WHERE user_id = ${userId}::uuid`,
  );
  return { items: rows.map(toStake), total: Number(counted[0]!.total) };
}

export async function endStake(
  tx: Tx,
  row: { id: string; paid: bigint; forfeited: bigint; endedAt: Date },
): Promise<void> {
  await tx.execute(sql`UPDATE stakes SET status = 'unstaked', reserved = 0, ended_at = ${row.endedAt.toISOString()}::timestamptz,
      rewards_paid = ${row.paid.toString()}::numeric, rewards_forfeited = ${row.forfeited.toString()}::numeric
    WHERE id = ${row.id}::uuid`);
}

/** Matured stakes not yet notified, claimed (so one notification each even with two workers). */
export async function claimUnnotified(db: Handle, now: Date, limit: number): Promise<StakeRow[]> {
  const { rows } = await db.execute<Raw>(sql`UPDATE stakes SET notified_at = ${now.toISOString()}::timestamptz
    WHERE id IN (SELECT id FROM stakes WHERE status = 'matured' AND notified_at IS NULL
                  ORDER BY ended_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING ${STAKE_COLUMNS}`);
  return rows.map(toStake);
}

export async function readOffsetDays(db: Handle): Promise<number> {
  const { rows } = await db.execute<Raw>(sql`SELECT offset_days FROM staking_sandbox_clock WHERE id`);
  return rows[0] ? Number(rows[0].offset_days) : 0;
}

/**
 * Moves the sandbox's offset forward to `days`, never back: a move already made (a retried request)
 * or passed leaves it as it is. One statement, so two requests at once move it once.
 */
export async function advanceOffsetDays(db: Handle, days: number): Promise<number> {
  const { rows } = await db.execute<Raw>(sql`INSERT INTO staking_sandbox_clock (id, offset_days) VALUES (true, ${days})
    ON CONFLICT (id) DO UPDATE SET offset_days = GREATEST(staking_sandbox_clock.offset_days, EXCLUDED.offset_days)
    RETURNING offset_days`);
  return Number(rows[0]!.offset_days);
}

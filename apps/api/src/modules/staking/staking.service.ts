// Staking for a customer: the plans, placing a stake (POST /staking/stake), their stakes, and
// unstaking. Placing, in one transaction: the plan (locked) takes stakes and has room; the pool
// (locked) has free rewards for the stake's whole term, which are reserved; the stake is recorded
// and its principal moves available -> staked (transfer `stake`, the stake's id). Unstaking: a
// flexible stake at any time; a locked one at maturity, or early with its accrued rewards forfeited
// to the pool (STAKING_EARLY_UNSTAKE=forfeit) or refused (refuse). Lock order everywhere: stake,
// plan, pool, ledger accounts (ADR 0029).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  STAKING_FLEXIBLE_TERM_DAYS,
  isErrorCode,
  stakeRewardsThrough,
  type Stake,
  type StakeBody,
  type StakeList,
  type StakingPlanList,
} from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import { isLedgerError, withTransaction, type Ledger, type LedgerOp } from '@rora/ledger';
import { assetScale, formatAmount, tryParseAmount, type AssetSymbol } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import { bindIdempotentEffect, type OrphanedKey, type RecoveredAnswer } from '../../lib/idempotency-recovery.ts';
import type { KycGate } from '../kyc/index.ts';
import { storeNotificationsIn, type NotificationInput, type NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import { addDays, type StakingClock } from './staking-clock.ts';
import {
  addToPlan,
  changePoolReserve,
  endStake,
  findStake,
  insertStake,
  listPlans,
  lockPlan,
  lockPoolFree,
  lockStake,
  pageStakes,
  poolFigures,
  type PlanRow,
  type StakeRow,
} from './staking.repository.ts';
import { planView, stakeView } from './staking-view.ts';

export interface StakingService {
  plans(): Promise<StakingPlanList>;
  stake(input: { userId: string; body: StakeBody; claimId?: string | null }): Promise<Stake>;
  list(userId: string, page: { page: number; limit: number }): Promise<StakeList>;
  unstake(input: { userId: string; id: string; claimId?: string | null }): Promise<Stake>;
  /** The answer to a stake whose request died after it was placed: the stake as it stands. */
  recover(tx: Tx, key: OrphanedKey): Promise<RecoveredAnswer>;
  /** The answer to an unstake whose request died after it ended the stake: the stake as it stands. */
  recoverUnstake(tx: Tx, key: OrphanedKey): Promise<RecoveredAnswer>;
}

export interface StakingSettings {
  earlyUnstake: 'forfeit' | 'refuse';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('resource_not_found', { message: 'Stake not found' });

/**
 * A stake outside the plan's bounds: the refusal names the bound, in the plan's coin. The message
 * writes the amount as amounts are written for a person (`100,000 USDT`, grouped as @rora/money and
 * the e-mails group it; the web app writes its own in the reader's locale); the item's `limit` stays
 * the plain decimal (`'100000'`) a program reads.
 */
function outsideBound(plan: PlanRow, bound: 'minimum' | 'maximum'): AppError {
  const code = bound === 'minimum' ? 'staking_amount_below_minimum' : 'staking_amount_above_maximum';
  const minor = bound === 'minimum' ? plan.minAmount : plan.maxAmount;
  const limit = formatAmount(minor, assetScale(plan.asset));
  const written = formatAmount(minor, assetScale(plan.asset), { grouping: true });
  const message = `The ${bound} stake for this plan is ${written} ${plan.asset}`;
  const item = { code, message, field: 'amount', limit, asset: plan.asset };
  return new AppError(code, { message, field: 'amount', items: [item] });
}

/** The amount in the plan's coin, within its limits and room, or the refusal's code. */
function checkAmount(plan: PlanRow, text: string): bigint {
  const parsed = tryParseAmount(text, assetScale(plan.asset));
  if (!parsed.ok)
    throw new AppError(isErrorCode(parsed.code) ? parsed.code : 'amount_is_not_a_decimal', { field: 'amount' });
  const amount = parsed.value;
  if (amount <= 0n) throw new AppError('amount_must_be_positive', { field: 'amount' });
  if (amount < plan.minAmount) throw outsideBound(plan, 'minimum');
  if (amount > plan.maxAmount) throw outsideBound(plan, 'maximum');
  if (plan.stakedTotal + amount > plan.capacity)
    throw new AppError('staking_plan_capacity_reached', { field: 'amount' });
  return amount;
}

function newStake(plan: PlanRow, input: { userId: string; amount: bigint; now: Date }): Omit<StakeRow, 'endedAt'> {
  const termDays = plan.lockDays ?? STAKING_FLEXIBLE_TERM_DAYS;
  // The stake starts at the end of the day it is placed (ADR 0029): each day is then credited only
  // once the stake has been held for it entirely, never for a few minutes across a midnight.
  const startDay = addDays(input.now.toISOString().slice(0, 10), 1);
  return {
    id: randomUUID(),
    userId: input.userId,
    planId: plan.id,
    asset: plan.asset,
    principal: input.amount,
    apyBps: plan.apyBps,
    flexible: plan.lockDays === null,
    termDays,
    startDay,
    endDay: addDays(startDay, termDays),
    accruedThrough: startDay,
    rewardsAccrued: 0n,
    rewardsPaid: 0n,
    rewardsForfeited: 0n,
    reserved: stakeRewardsThrough(input.amount, plan.apyBps, termDays),
    status: 'active',
    createdAt: input.now,
  };
}

/** The bell's word of an unstake, stored in the unstake's transaction. */
function unstakedNotice(view: Stake): NotificationInput<'stake_unstaked'> {
  return {
    kind: 'stake_unstaked',
    message: `You unstaked ${view.amount} ${view.asset}: ${view.rewardsPaid} ${view.asset} of rewards paid`,
    data: { stakeId: view.id, asset: view.asset as AssetSymbol, amount: view.amount, rewards: view.rewardsPaid },
  };
}

interface Deps {
  db: Db;
  ledger: Ledger;
  clock: StakingClock;
  /** Placing a stake needs approved KYC (spec §6); ending one does not, as repaying a loan does not. */
  kycGate: KycGate;
  events: EventBus;
  notifications: Pick<NotificationService, 'prepare' | 'announce'>;
  settings: StakingSettings;
}

type PlaceInput = { userId: string; body: StakeBody; claimId?: string | null };

async function place(deps: Deps, input: PlaceInput): Promise<StakeRow> {
  const { db, ledger } = deps;
  await deps.kycGate.requireApprovedKyc(input.userId);
  const now = await deps.clock.now();
  return withTransaction(db, async (tx) => {
    const plan = await lockPlan(tx, input.body.plan);
    if (!plan) throw new AppError('staking_plan_not_found', { field: 'plan' });
    if (!plan.active) throw new AppError('staking_plan_is_closed', { field: 'plan' });
    const stake = newStake(plan, { userId: input.userId, amount: checkAmount(plan, input.body.amount), now });
    if ((await lockPoolFree(tx, plan.asset)) < stake.reserved) {
      throw new AppError('staking_rewards_pool_exhausted', { field: 'amount' });
    }
    await insertStake(tx, stake);
    await bindIdempotentEffect(tx, input.claimId ?? null, stake.id);
    try {
      await ledger.transfer(tx, {
        id: stake.id,
        asset: plan.asset as AssetSymbol,
        debit: { owner: input.userId, kind: 'available' },
        credit: { owner: input.userId, kind: 'staked' },
        amount: stake.principal,
        code: 'stake',
        metadata: { stakeId: stake.id, planId: plan.id },
      });
    } catch (error) {
      if (isLedgerError(error) && error.code === 'insufficient_balance') {
        throw new AppError('staking_amount_exceeds_available_balance', { field: 'amount' });
      }
      throw error;
    }
    await addToPlan(tx, plan.id, stake.principal);
    await changePoolReserve(tx, plan.asset, stake.reserved);
    return { ...stake, endedAt: null };
  });
}

/** Ends an active stake in `tx`: its days due accrue first, then principal (and rewards) move. */
async function end(deps: Deps, tx: Tx, stake: StakeRow, at: { today: string; now: Date }): Promise<StakeRow> {
  const { today, now } = at;
  await tx.execute(sql`SELECT staking_accrue(${today}::date, 1, ${stake.id}::uuid)`);
  const current = (await lockStake(tx, stake.userId, stake.id))!;
  const early = !current.flexible && today < current.endDay;
  if (early && deps.settings.earlyUnstake === 'refuse') throw new AppError('stake_is_locked_until_maturity');
  const unpaid = current.rewardsAccrued - current.rewardsPaid;
  const forfeited = early ? unpaid : 0n;
  const asset = current.asset as AssetSymbol;
  const owner = { owner: current.userId, kind: 'staked' as const };
  const ops: LedgerOp[] = [
    {
      op: 'transfer',
      id: randomUUID(),
      asset,
      debit: owner,
      credit: { owner: current.userId, kind: 'available' },
      amount: current.principal + unpaid - forfeited,
      code: 'unstake',
      metadata: { stakeId: current.id, reason: early ? 'early' : 'unstaked' },
    },
  ];
  if (forfeited > 0n) {
    ops.push({
      op: 'transfer',
      id: randomUUID(),
      asset,
      debit: owner,
      credit: { system: 'staking_rewards' },
      amount: forfeited,
      code: 'staking_reward',
      metadata: { stakeId: current.id, reason: 'forfeited' },
    });
  }
  await addToPlan(tx, current.planId, -current.principal);
  if (current.reserved > 0n) await changePoolReserve(tx, current.asset, -current.reserved);
  await deps.ledger.apply(tx, ops);
  const paid = current.rewardsPaid + unpaid - forfeited;
  await endStake(tx, { id: current.id, paid, forfeited, endedAt: now });
  return { ...current, status: 'unstaked', reserved: 0n, rewardsPaid: paid, rewardsForfeited: forfeited, endedAt: now };
}

/** The answer to a stake's or an unstake's key whose request died after its effect: the stake now. */
async function recoveredStake(tx: Tx, key: OrphanedKey, status: 200 | 201): Promise<RecoveredAnswer> {
  const stake = await findStake(tx, key.userId, key.effectId);
  if (!stake) throw new Error(`idempotency key of ${key.userId} bound to stake ${key.effectId}, not theirs`);
  return { status, body: { data: stakeView(stake) } };
}

export function createStakingService(deps: Deps): StakingService {
  const { db } = deps;
  const publish = (stake: Stake, userId: string) =>
    deps.events.publish(topics.user(userId), { channel: 'staking', type: 'updated', data: stake });

  return {
    async plans() {
      const [rows, pools, today] = await Promise.all([listPlans(db), poolFigures(db), deps.clock.today()]);
      const free = (asset: string) => {
        const pool = pools.get(asset);
        return pool ? pool.balance - pool.reserved : 0n;
      };
      return { items: rows.map((row) => planView(row, free(row.asset))), today };
    },

    async stake(input) {
      const view = stakeView(await place(deps, input), await deps.clock.today());
      await publish(view, input.userId);
      return view;
    },

    async list(userId, { page, limit }) {
      const [{ items, total }, today] = await Promise.all([
        pageStakes(db, userId, { limit, offset: (page - 1) * limit }),
        deps.clock.today(),
      ]);
      return { items: items.map((row) => stakeView(row, today)), page, limit, total };
    },

    async unstake({ userId, id, claimId }) {
      if (!UUID.test(id)) throw notFound();
      const now = await deps.clock.now();
      const today = now.toISOString().slice(0, 10);
      const ended = await withTransaction(db, async (tx) => {
        const stake = await lockStake(tx, userId, id);
        if (!stake) throw notFound();
        if (stake.status !== 'active') throw new AppError('stake_is_not_active');
        await bindIdempotentEffect(tx, claimId ?? null, stake.id);
        // The plan before the pool and the ledger's accounts (staking_accrue takes those).
        await lockPlan(tx, stake.planId);
        const row = await end(deps, tx, stake, { today, now });
        // With the unstake, not after it: a session lost between the two left stakes unstaked whose
        // customer was never told (the retry answers from the stake and notifies no one).
        const notice = deps.notifications.prepare([{ userId, input: unstakedNotice(stakeView(row)) }]);
        await storeNotificationsIn(tx, notice);
        return { row, notice };
      });
      const view = stakeView(ended.row);
      await publish(view, userId);
      await deps.notifications.announce(ended.notice);
      return view;
    },

    recover: (tx, key) => recoveredStake(tx, key, 201),
    recoverUnstake: (tx, key) => recoveredStake(tx, key, 200),
  };
}

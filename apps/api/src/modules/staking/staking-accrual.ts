// The daily run (job accrue-stakes, and the sandbox's "days pass" route): every stake's due days
// accrue in batches (staking_accrue, one transaction of up to BATCH stakes each), then the stakes
// at their end day are paid out (staking_mature), then their customers are told. Safe to run
// twice, at once on two workers, or again after a crash: a day accrues once per stake (its
// stake_accruals row and accrued_through commit with the transfer), a stake matures once (its
// status), and a stake's notification is written in the transaction that claims it on its row.
import { sql } from 'drizzle-orm';
import type { Stake } from '@rora/contracts';
import type { Db } from '@rora/db';
import { withTransaction } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import { storeNotificationsIn, type NotificationInput, type NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import type { StakingClock } from './staking-clock.ts';
import { claimUnnotified, stakesByIds } from './staking.repository.ts';
import { stakeView } from './staking-view.ts';

/**
 * Stake-days per transaction: one day of 5,000 stakes, measured the fastest of 1,000 / 2,500 / 5,000
 * (ADR 0029). Stakes that owe several days (a worker stopped for days, the sandbox letting a year
 * pass) go fewer to a batch: 5,000 stakes owing 300 days each were 1.5 million rows in one statement,
 * past the query deadline on every run, so the batch rolled back each time and never accrued.
 */
export const ACCRUAL_BATCH = 5_000;

export interface AccrualOutcome {
  today: string;
  /** Stakes that accrued one day or more. */
  accrued: number;
  matured: number;
}

export interface StakingAccrual {
  runDue(): Promise<AccrualOutcome>;
}

/** The bell's word of a stake paid out at maturity. */
function maturedNotice(view: Stake): NotificationInput<'stake_matured'> {
  return {
    kind: 'stake_matured',
    message: `Your stake of ${view.amount} ${view.asset} matured: ${view.rewardsPaid} ${view.asset} of rewards paid`,
    data: { stakeId: view.id, asset: view.asset as AssetSymbol, amount: view.amount, rewards: view.rewardsPaid },
  };
}

export function createStakingAccrual(deps: {
  db: Db;
  clock: StakingClock;
  events: EventBus;
  notifications: Pick<NotificationService, 'prepare' | 'announce'>;
  batch?: number;
}): StakingAccrual {
  const { db, events } = deps;
  const batch = deps.batch ?? ACCRUAL_BATCH;

  /** The most days a due stake owes through `today` (0: none due): the first entry of the due index. */
  async function mostDaysOwed(today: string): Promise<number> {
    const { rows } = await db.execute<{ days: number }>(sql`
      SELECT ${today}::date - accrued_through AS days FROM stakes
       WHERE status = 'active' AND accrued_through < ${today}::date AND accrued_through < end_day
       ORDER BY accrued_through, id LIMIT 1`);
    return rows[0] ? Number(rows[0].days) : 0;
  }

  async function accrue(today: string): Promise<number> {
    let accrued = 0;
    for (;;) {
      // Batches take stakes in the due index's order, the most days owed first: no stake of this
      // one owes more than the first, so it writes at most `batch` stake-days (a single stake at least).
      const owed = await mostDaysOwed(today);
      if (owed === 0) return accrued;
      const limit = Math.max(1, Math.floor(batch / owed));
      const { rows } = await db.execute<{ result: { stakes: number; users: string[] } }>(
        sql`SELECT staking_accrue(${today}::date, ${limit}) AS result`,
      );
      const { stakes, users } = rows[0]!.result;
      if (stakes === 0) return accrued;
      accrued += stakes;
      for (const userId of users)
        await events.publish(topics.user(userId), { channel: 'staking', type: 'accrued', data: null });
    }
  }

  async function mature(today: string, now: Date): Promise<number> {
    let matured = 0;
    for (;;) {
      const { rows } = await db.execute<{ ids: string[] }>(
        sql`SELECT staking_mature(${today}::date, ${now.toISOString()}::timestamptz, ${batch})::text[] AS ids`,
      );
      const ids = rows[0]!.ids;
      if (ids.length === 0) return matured;
      matured += ids.length;
      for (const stake of await stakesByIds(db, ids)) {
        await events.publish(topics.user(stake.userId), {
          channel: 'staking',
          type: 'updated',
          data: stakeView(stake),
        });
      }
    }
  }

  /**
   * Claims a batch of matured stakes and stores their notifications in one transaction, then pushes
   * them. Claimed by one commit and written one by one after it, a session lost midway (the worker
   * killed, PostgreSQL restarting) left the rest of the batch claimed and their customers never told.
   */
  async function notifyMatured(now: Date): Promise<void> {
    for (;;) {
      const notices = await withTransaction(db, async (tx) => {
        const claimed = await claimUnnotified(tx, now, 500);
        const prepared = deps.notifications.prepare(
          claimed.map((stake) => ({ userId: stake.userId, input: maturedNotice(stakeView(stake)) })),
        );
        await storeNotificationsIn(tx, prepared);
        return prepared;
      });
      if (notices.length === 0) return;
      await deps.notifications.announce(notices);
    }
  }

  return {
    async runDue() {
      const now = await deps.clock.now();
      const today = now.toISOString().slice(0, 10);
      const accrued = await accrue(today);
      const matured = await mature(today, now);
      await notifyMatured(now);
      return { today, accrued, matured };
    },
  };
}

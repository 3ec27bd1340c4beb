// Settles swaps: in one transaction, with the swap row locked, the hold is posted (the converted
// part to the house's liquidity account, the fee to fees, the dust to dust) and the target coin is
// credited from liquidity to the customer; the swap becomes completed. Every transfer's id derives
// from the swap's id, and a settled swap is never settled again, so a job delivered twice, two
// workers at once, or a rerun after a crash settle it exactly once. When liquidity cannot cover the
// target, the hold is voided (the customer keeps the source) and the swap fails. The customer is
// notified after commit, once (claimed on the row); a notification that failed is sent by the next sweep.
import type { Db, Tx } from '@rora/db';
import { isLedgerError, withTransaction, type Ledger, type LedgerOp } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { NOTIFY_GRACE_MS, hasNotificationAbout, type NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import { derivedId } from '../../lib/derived-id.ts';
import {
  countFailedAttempt,
  dueSwapIds,
  markNotified,
  lockSwap,
  purgeUnusedQuotes,
  settleSwap,
  unnotifiedSwaps,
  type SwapRow,
} from './swap.repository.ts';
import { settledMessage, settledParams, swapView } from './swap-view.ts';

/** What a settled swap's notification is (settledMessage). */
const SWAP_KINDS = ['swap_completed', 'swap_failed'];

export type SettleOutcome = 'completed' | 'failed' | 'not_due' | 'already_settled' | 'not_found';

export interface SweepLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface SweepResult {
  completed: number;
  failed: number;
  errors: number;
  notified: number;
  purgedQuotes: number;
}

export interface SwapSettlement {
  /** Settles one swap if it is due and still in progress; any number of calls settle it once. */
  settleOne(swapId: string): Promise<SettleOutcome>;
  /** Settles every due swap, sends notifications a crash lost, and drops day-old unused quotes. */
  settleDue(options?: { limit?: number; log?: SweepLogger }): Promise<SweepResult>;
}

const QUOTE_RETENTION_MS = 24 * 3_600_000;
const silent: SweepLogger = { warn: () => undefined, error: () => undefined };

/** The settlement's ledger operations, all or nothing. Their sum per asset is zero by construction. */
export function settlementOps(swap: SwapRow): LedgerOp[] {
  if (swap.fee + swap.converted + swap.dust !== swap.quantity) {
    throw new Error(`swap ${swap.id}: fee + converted + dust must equal the held quantity`);
  }
  const metadata = { swapId: swap.id };
  const post = (
    leg: string,
    credit: 'liquidity' | 'fees' | 'dust',
    amount: bigint,
    code: 'swap' | 'swap_fee' | 'dust',
  ) =>
    ({
      op: 'post',
      id: derivedId('swap', swap.id, leg),
      holdId: swap.id,
      credit: { system: credit },
      amount,
      code,
      metadata,
    }) as const;
  return [
    post('converted', 'liquidity', swap.converted, 'swap'),
    ...(swap.fee > 0n ? [post('fee', 'fees', swap.fee, 'swap_fee')] : []),
    ...(swap.dust > 0n ? [post('dust', 'dust', swap.dust, 'dust')] : []),
    {
      op: 'transfer',
      id: derivedId('swap', swap.id, 'receive'),
      asset: swap.toAsset as AssetSymbol,
      debit: { system: 'liquidity' },
      credit: { owner: swap.userId, kind: 'available' },
      amount: swap.receive,
      code: 'swap',
      metadata,
    },
  ];
}

export function createSwapSettlement(deps: {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  notifications: Pick<NotificationService, 'notify'>;
  events: EventBus;
}): SwapSettlement {
  const { db, ledger, clock } = deps;

  async function settleInTransaction(tx: Tx, swapId: string): Promise<{ outcome: SettleOutcome; row?: SwapRow }> {
    const swap = await lockSwap(tx, swapId);
    if (!swap) return { outcome: 'not_found' };
    if (swap.status !== 'in_progress') return { outcome: 'already_settled' };
    const now = clock.now();
    if (swap.dueAt.getTime() > now.getTime()) return { outcome: 'not_due' };
    try {
      await ledger.apply(tx, settlementOps(swap));
    } catch (error) {
      if (!isLedgerError(error) || error.code !== 'insufficient_balance') throw error;
      await ledger.voidHold(tx, { holdId: swap.id, metadata: { swapId: swap.id, reason: 'liquidity_unavailable' } });
      const row = await settleSwap(tx, swap.id, { status: 'failed', reason: 'liquidity_unavailable' }, now);
      return { outcome: 'failed', row };
    }
    return { outcome: 'completed', row: await settleSwap(tx, swap.id, { status: 'completed' }, now) };
  }

  /**
   * Tells the customer once: the notification is sent unless one for this swap exists, and only then
   * is the swap marked notified. A claim taken first and given back on failure lost the notification
   * for good when the giving back failed too (the session ended, PostgreSQL restarting) or the
   * process died in between; now the sweep finds such a swap unmarked and tells the customer.
   */
  async function announce(row: SwapRow): Promise<boolean> {
    if (row.notifiedAt !== null) return false;
    if (!(await hasNotificationAbout(db, { userId: row.userId, field: 'swapId', id: row.id, kinds: SWAP_KINDS }))) {
      const { kind, message } = settledMessage(row);
      await deps.notifications.notify(row.userId, { kind, message, data: settledParams(row) });
    }
    if (!(await markNotified(db, row.id, clock.now()))) return false;
    await deps.events.publish(topics.user(row.userId), { channel: 'swaps', type: 'updated', data: swapView(row) });
    return true;
  }

  async function settleOne(swapId: string): Promise<SettleOutcome> {
    let result: { outcome: SettleOutcome; row?: SwapRow };
    try {
      result = await withTransaction(db, (tx) => settleInTransaction(tx, swapId));
    } catch (error) {
      await countFailedAttempt(db, swapId).catch(() => undefined);
      throw error;
    }
    if (result.row) await announce(result.row);
    return result.outcome;
  }

  return {
    settleOne,
    settleDue: (options = {}) =>
      sweep({ db, clock, settleOne, announce }, { limit: options.limit ?? 500, log: options.log ?? silent }),
  };
}

/** The every-minute pass: due swaps, notifications left unsent, day-old unused quotes. */
async function sweep(
  deps: {
    db: Db;
    clock: Clock;
    settleOne: (swapId: string) => Promise<SettleOutcome>;
    announce: (row: SwapRow) => Promise<boolean>;
  },
  options: { limit: number; log: SweepLogger },
): Promise<SweepResult> {
  const { db, clock, log } = { ...deps, ...options };
  const result: SweepResult = { completed: 0, failed: 0, errors: 0, notified: 0, purgedQuotes: 0 };
  for (const id of await dueSwapIds(db, clock.now(), options.limit)) {
    try {
      const outcome = await deps.settleOne(id);
      if (outcome === 'completed' || outcome === 'failed') result[outcome] += 1;
    } catch (error) {
      result.errors += 1;
      log.error({ swapId: id, err: describe(error) }, 'swap settlement failed; the next sweep retries it');
    }
  }
  // Past the grace only: a swap settled a moment ago is being announced by its settler, and two
  // announcers at once could both find no notification and both send one.
  const settledBefore = new Date(clock.now().getTime() - NOTIFY_GRACE_MS);
  for (const row of await unnotifiedSwaps(db, options.limit, settledBefore)) {
    try {
      if (await deps.announce(row)) result.notified += 1;
    } catch (error) {
      log.warn({ swapId: row.id, err: describe(error) }, 'swap notification failed; the next sweep retries it');
    }
  }
  result.purgedQuotes = await purgeUnusedQuotes(db, new Date(clock.now().getTime() - QUOTE_RETENTION_MS));
  return result;
}

/** The first line only: a database error's message goes on with the query's parameters. */
function describe(error: unknown): { type: string; message: string } {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  return { type: name, message: message.split('\n')[0]!.slice(0, 300) };
}

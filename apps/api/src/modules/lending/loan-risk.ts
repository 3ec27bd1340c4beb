// The risk sweep over every active loan. One set-based query computes each loan's debt and
// loan-to-value at the sweep's reference prices and returns only the loans that need a look (at or
// near the margin-call level, warned before, or overdue past the grace period); then each of those
// gets its own transaction, with the row locked and the figures recomputed exactly in bigint:
// a margin call at the warning level (once per rise), a liquidation at the liquidation level, a
// close when overdue past grace. A price older than LENDING_PRICE_MAX_AGE_MS never liquidates or
// closes a loan (nor warns): the loan waits for a fresh price. A repayment racing a liquidation
// locks the same row, so exactly one of them happens.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LOAN_ASSETS } from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import { withTransaction, type Ledger } from '@rora/ledger';
import { assetScale, type AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { NOTIFY_GRACE_MS } from '../notifications/index.ts';
import {
  insertEvent,
  lockLoan,
  saveLoan,
  unnotifiedEvents,
  type LoanEventRow,
  type LoanRow,
} from './lending.repository.ts';
import type { LendingPrices, ObservedPrice } from './lending-prices.ts';
import type { LendingSettings } from './lending-settings.ts';
import type { LoanAnnouncer } from './loan-announcer.ts';
import { seizureOps } from './loan-ledger.ts';
import { DAY_MS, YEAR_MS, seizureFor } from './loan-math.ts';
import { currentLtv, debtAt, graceEndsAt } from './loan-view.ts';

export interface SweepLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface RiskSweepResult {
  examined: number;
  marginCalls: number;
  liquidated: number;
  closed: number;
  /** Loans that needed action but whose price was stale or missing: left for a fresh price. */
  waitingForPrice: number;
  errors: number;
  notified: number;
}

export type RiskOutcome = 'margin_call' | 'liquidated' | 'closed' | 'cleared' | 'none' | 'waiting_for_price';

export interface LoanRisk {
  sweep(options?: { log?: SweepLogger; limit?: number }): Promise<RiskSweepResult>;
  /** Looks at one loan with the given prices (the sweep's per-loan step). */
  assess(loanId: string, prices: ReadonlyMap<string, ObservedPrice>): Promise<RiskOutcome>;
}

const silent: SweepLogger = { warn: () => undefined, error: () => undefined };

/** The sweep's prices: every lendable coin once, as observed now. */
export async function observePrices(prices: LendingPrices): Promise<Map<string, ObservedPrice>> {
  const observed = await Promise.all(LOAN_ASSETS.map(async (asset) => [asset, await prices.price(asset)] as const));
  return new Map(observed.flatMap(([asset, price]) => (price ? [[asset, price] as const] : [])));
}

/**
 * The set-based pass: active loans at or above `fromLtvBps` at these prices, warned ones, and the
 * overdue ones. Numeric in SQL is only the filter; each candidate is decided exactly in bigint.
 */
export async function riskCandidates(
  db: Db,
  input: { prices: ReadonlyMap<string, ObservedPrice>; now: Date; fromLtvBps: number; settings: LendingSettings },
): Promise<string[]> {
  const assets = [...input.prices.keys()];
  const units = assets.map((asset) => input.prices.get(asset)!.units.toString());
  const scales = assets.map((asset) => assetScale(asset as AssetSymbol));
  const graceMs = input.settings.graceHours * 3_600_000;
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH p AS (
      SELECT * FROM unnest(${`{${assets.join(',')}}`}::text[], ${`{${units.join(',')}}`}::numeric[],
                           ${`{${scales.join(',')}}`}::int[]) AS p(asset, price, scale)
    ), priced AS (
      SELECT l.id, l.margin_called_at, l.due_at,
             l.principal + ceil(l.principal * l.rate_bps
               * greatest(extract(epoch FROM (${input.now.toISOString()}::timestamptz - l.funded_at)) * 1000,
                          least(${input.settings.minInterestDays}, l.term_days) * ${DAY_MS}::numeric)
               / (10000 * ${YEAR_MS}::numeric)) AS debt,
             l.collateral, pd.price AS debt_price, pd.scale AS debt_scale, pc.price AS coll_price, pc.scale AS coll_scale
        FROM loans l
        JOIN p pd ON pd.asset = l.asset
        JOIN p pc ON pc.asset = l.collateral_asset
       WHERE l.status = 'active'
    )
    SELECT id FROM priced
     WHERE margin_called_at IS NOT NULL
        OR due_at + ${graceMs} * interval '1 millisecond' <= ${input.now.toISOString()}::timestamptz
        OR debt * debt_price * power(10::numeric, coll_scale) * 10000
           >= ${input.fromLtvBps} * collateral * coll_price * power(10::numeric, debt_scale)`);
  return rows.map((row) => row.id);
}

interface RiskDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  prices: LendingPrices;
  settings: LendingSettings;
  announcer: LoanAnnouncer;
}

type Needed = 'margin_call' | 'liquidated' | 'closed' | 'cleared' | null;
type Decision = { outcome: RiskOutcome; loan?: LoanRow; event?: LoanEventRow };

function isFresh(loan: LoanRow, prices: ReadonlyMap<string, ObservedPrice>, input: { now: Date; maxAgeMs: number }) {
  return [loan.asset, loan.collateralAsset].every((asset) => {
    const price = prices.get(asset);
    return price !== undefined && input.now.getTime() - price.observedAt.getTime() <= input.maxAgeMs;
  });
}

/** What a loan needs at this LTV and time: the overdue close first, then liquidation, margin call, clearing a warning. */
function needed(loan: LoanRow, ltv: number | null, input: { now: Date; settings: LendingSettings }): Needed {
  if (input.now.getTime() >= graceEndsAt(loan, input.settings)!.getTime()) return 'closed';
  if (ltv === null) return null;
  if (ltv >= input.settings.liquidationLtvBps) return 'liquidated';
  if (ltv >= input.settings.marginCallLtvBps) return loan.marginCalledAt ? null : 'margin_call';
  return loan.marginCalledAt ? 'cleared' : null;
}

async function settle(
  deps: RiskDeps,
  tx: Tx,
  input: { loan: LoanRow; type: 'liquidated' | 'closed'; units: ReadonlyMap<string, bigint>; now: Date },
): Promise<LoanRow> {
  const { loan, units } = input;
  const debt = debtAt(loan, input.now, deps.settings);
  const seizure = seizureFor({
    debt: { amount: debt.debt, scale: assetScale(loan.asset), price: units.get(loan.asset)! },
    collateral: {
      amount: loan.collateral,
      scale: assetScale(loan.collateralAsset),
      price: units.get(loan.collateralAsset)!,
    },
    penaltyBps: deps.settings.liquidationPenaltyBps,
  });
  await deps.ledger.apply(tx, seizureOps(loan, seizure));
  const settled: LoanRow = {
    ...loan,
    status: input.type,
    closedAt: input.now,
    paid: 0n,
    fee: 0n,
    collateralSeized: seizure.seized,
    collateralReturned: seizure.returned,
    // What the seized collateral paid for, in the loan's asset: the same figures it was worked out from.
    debtSettled: debt.debt,
    penalty: seizure.penalty,
    collateralWorth: seizure.seizedWorth,
  };
  await saveLoan(tx, settled);
  return settled;
}

async function decide(
  deps: RiskDeps,
  tx: Tx,
  input: { loanId: string; prices: ReadonlyMap<string, ObservedPrice> },
): Promise<Decision> {
  const { settings } = deps;
  const loan = await lockLoan(tx, input.loanId);
  if (!loan || loan.status !== 'active') return { outcome: 'none' };
  const now = deps.clock.now();
  const units = new Map([...input.prices].map(([asset, price]) => [asset, price.units]));
  const ltv = currentLtv(loan, debtAt(loan, now, settings).debt, units);
  const needs = needed(loan, ltv, { now, settings });
  if (needs === null) return { outcome: 'none' };
  if (!isFresh(loan, input.prices, { now, maxAgeMs: settings.priceMaxAgeMs })) return { outcome: 'waiting_for_price' };
  if (needs === 'cleared') {
    await saveLoan(tx, { ...loan, marginCalledAt: null });
    return { outcome: 'cleared' };
  }
  let after: LoanRow;
  if (needs === 'margin_call') {
    after = { ...loan, marginCalledAt: now };
    await saveLoan(tx, after);
  } else {
    after = await settle(deps, tx, { loan, type: needs, units, now });
  }
  const event: LoanEventRow = { id: randomUUID(), loanId: loan.id, type: needs, at: now, ltvBps: ltv, notify: true };
  await insertEvent(tx, event);
  return { outcome: needs, loan: after, event };
}

function tally(result: RiskSweepResult, outcome: RiskOutcome): void {
  if (outcome === 'margin_call') result.marginCalls += 1;
  if (outcome === 'liquidated' || outcome === 'closed') result[outcome] += 1;
  if (outcome === 'waiting_for_price') result.waitingForPrice += 1;
}

export function createLoanRisk(deps: RiskDeps): LoanRisk {
  const { db, settings } = deps;

  async function assess(loanId: string, prices: ReadonlyMap<string, ObservedPrice>): Promise<RiskOutcome> {
    const result = await withTransaction(db, (tx) => decide(deps, tx, { loanId, prices }));
    if (result.event && result.loan) {
      await deps.announcer.publish(result.loan);
      await deps.announcer.announce(result.event).catch(() => false);
    }
    return result.outcome;
  }

  async function notifyLeftovers(result: RiskSweepResult, log: SweepLogger): Promise<void> {
    // Past the grace only: a step of a moment ago is being announced by its own request, and two
    // announcers at once could both find a party untold and both tell it.
    const before = new Date(deps.clock.now().getTime() - NOTIFY_GRACE_MS);
    for (const event of await unnotifiedEvents(db, 500, before)) {
      try {
        if (await deps.announcer.announce(event)) result.notified += 1;
      } catch (error) {
        log.warn({ eventId: event.id, err: firstLine(error) }, 'loan notification failed; the next sweep retries it');
      }
    }
  }

  return {
    assess,
    async sweep(options = {}) {
      const log = options.log ?? silent;
      const result: RiskSweepResult = {
        examined: 0,
        marginCalls: 0,
        liquidated: 0,
        closed: 0,
        waitingForPrice: 0,
        errors: 0,
        notified: 0,
      };
      const prices = await observePrices(deps.prices);
      const now = deps.clock.now();
      const ids = await riskCandidates(db, { prices, now, fromLtvBps: settings.marginCallLtvBps - 1, settings });
      for (const id of ids.slice(0, options.limit ?? ids.length)) {
        result.examined += 1;
        try {
          tally(result, await assess(id, prices));
        } catch (error) {
          result.errors += 1;
          log.error({ loanId: id, err: firstLine(error) }, 'loan risk step failed; the next sweep retries it');
        }
      }
      await notifyLeftovers(result, log);
      return result;
    },
  };
}

/** The first line only: a database error's message goes on with the query's parameters. */
function firstLine(error: unknown): { type: string; message: string } {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  return { type: name, message: (cause ?? message).split('\n')[0]!.slice(0, 300) };
}

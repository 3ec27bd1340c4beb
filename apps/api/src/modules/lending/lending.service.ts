// P2P lending's steps, each one database transaction with the loan row locked (FOR UPDATE), so
// racing steps on one loan run one after the other and the second sees the first's outcome:
// 20 lenders on one request make one loan, two repayments one repayment, a cancel against a lend
// one outcome. Post: collateral held. Lend: held collateral into escrow and principal lender ->
// borrower, one ledger batch. Repay: debt now to the lender (less the fee on interest), collateral
// back. Cancel: the hold voided. Notifications and live updates go out after commit.
import { randomUUID } from 'node:crypto';
import { isErrorCode } from '@rora/contracts';
import type { ErrorCode, Loan, LoanEventType, LoanPreview, LoanRequestBody } from '@rora/contracts';
import { isDatabaseTimeout, type Db, type Tx } from '@rora/db';
import { assetScale, tryParseAmount, type AssetSymbol } from '@rora/money';
import { isLedgerError, withTransaction, type Ledger, type LedgerOp } from '@rora/ledger';
import type { Clock } from '../../lib/clock.ts';
import { AppError, type AppErrorOptions } from '../../lib/errors.ts';
import { bindIdempotentEffect, type OrphanedKey, type RecoveredAnswer } from '../../lib/idempotency-recovery.ts';
import type { KycGate } from '../kyc/index.ts';
import {
  eventsOf,
  findEvent,
  findLoan,
  insertEvent,
  insertLoan,
  lockLoan,
  saveLoan,
  type LoanEventRow,
  type LoanRow,
} from './lending.repository.ts';
import type { LendingSettings } from './lending-settings.ts';
import type { LoanAnnouncer } from './loan-announcer.ts';
import { collateralHold, fundingOps, repaymentOps } from './loan-ledger.ts';
import { DAY_MS } from './loan-math.ts';
import { normalise, previewOf, priceRequest, type PricedRequest } from './loan-terms.ts';
import type { LendingPrices, ObservedPrice } from './lending-prices.ts';
import { currentLtv, debtAt, loanView, type ViewContext } from './loan-view.ts';

export interface LoanStepInput {
  userId: string;
  loanId: string;
  /** The request's idempotency key, bound to the step's event in its transaction (ADR 0024). */
  claimId?: string | null;
  /** Repay only: the most the customer confirmed paying (a decimal in the loan's coin). */
  maxDebt?: string;
}

export interface LendingService {
  preview(input: { userId: string; body: LoanRequestBody }): Promise<LoanPreview>;
  request(input: { userId: string; body: LoanRequestBody; claimId?: string | null }): Promise<Loan>;
  lend(input: LoanStepInput): Promise<Loan>;
  repay(input: LoanStepInput): Promise<Loan>;
  cancel(input: LoanStepInput): Promise<Loan>;
  /** The answer of a step whose request died after it committed: the loan as it stands. */
  recover(tx: Tx, key: OrphanedKey): Promise<RecoveredAnswer>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('resource_not_found', { message: 'Loan not found' });

/** Runs ledger operations, turning the refusal a customer can cause into its catalogued code. */
async function applyOrRefuse(
  ledger: Ledger,
  tx: Tx,
  ops: { ops: LedgerOp[]; refusal: ErrorCode; options?: AppErrorOptions },
): Promise<void> {
  try {
    await ledger.apply(tx, ops.ops);
  } catch (error) {
    const code = isLedgerError(error) ? error.code : null;
    if (code === 'insufficient_balance' || code === 'available_balance_must_cover_hold') {
      throw new AppError(ops.refusal, ops.options);
    }
    throw error;
  }
}

export interface LendingServiceDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  kycGate: KycGate;
  prices: LendingPrices;
  settings: LendingSettings;
  announcer: LoanAnnouncer;
  context: (viewerId: string) => Promise<ViewContext>;
}

type Step = { loan: LoanRow; event: LoanEventRow };

async function record(
  deps: LendingServiceDeps,
  tx: Tx,
  loan: LoanRow,
  step: { type: LoanEventType; claimId?: string | null },
): Promise<LoanEventRow> {
  const event = {
    id: randomUUID(),
    loanId: loan.id,
    type: step.type,
    at: deps.clock.now(),
    ltvBps: null,
    notify: step.type !== 'requested',
  };
  await insertEvent(tx, event);
  await bindIdempotentEffect(tx, step.claimId ?? null, event.id);
  return event;
}

/**
 * After commit: live updates to both parties, then the notifications (a failure is retried by the
 * sweep), but not past a deadline or a connection waited for in vain, 10 s each (ADR 0071): the
 * reads that follow would wait for the database a second time, so the request answers 503 and its
 * retry gets the committed step from its key.
 */
async function afterCommit(deps: LendingServiceDeps, viewerId: string, result: Step): Promise<Loan> {
  await deps.announcer.publish(result.loan);
  await deps.announcer.announce(result.event).catch((error: unknown) => {
    if (isDatabaseTimeout(error)) throw error;
    return false;
  });
  const timeline = (await eventsOf(deps.db, [result.loan.id])).get(result.loan.id) ?? [];
  return loanView(result.loan, timeline, await deps.context(viewerId));
}

/** A step on a loan the user may see: locked, or 404 when it is not theirs to see (spec: another's object). */
async function lockFor(tx: Tx, input: LoanStepInput, may: (loan: LoanRow) => boolean): Promise<LoanRow> {
  const loan = UUID.test(input.loanId) ? await lockLoan(tx, input.loanId) : null;
  if (!loan || !may(loan)) throw notFound();
  return loan;
}

/** Borrower or lender: they can read the loan (GET /p2p/{id}), so a step not theirs names its rule. */
const partyTo = (userId: string) => (loan: LoanRow) => loan.borrowerId === userId || loan.lenderId === userId;

/** A step only the borrower takes: 404 for a stranger, the named rule for the lender. */
async function lockForBorrower(
  tx: Tx,
  input: LoanStepInput,
  refusal: 'loan_repay_by_borrower_only' | 'loan_cancel_by_borrower_only',
): Promise<LoanRow> {
  const loan = await lockFor(tx, input, partyTo(input.userId));
  if (loan.borrowerId !== input.userId) throw new AppError(refusal);
  return loan;
}

function openLoan(priced: PricedRequest, borrowerId: string, now: Date): LoanRow {
  const { prices: _prices, ltvBps, ...terms } = priced;
  return {
    ...terms,
    id: randomUUID(),
    borrowerId,
    lenderId: null,
    status: 'open',
    initialLtvBps: ltvBps,
    createdAt: now,
    fundedAt: null,
    dueAt: null,
    closedAt: null,
    marginCalledAt: null,
    paid: null,
    fee: null,
    collateralSeized: null,
    collateralReturned: null,
    debtSettled: null,
    penalty: null,
    collateralWorth: null,
  };
}

async function postRequest(
  deps: LendingServiceDeps,
  input: { userId: string; body: LoanRequestBody; claimId?: string | null },
): Promise<Step> {
  await deps.kycGate.requireApprovedKyc(input.userId);
  const priced = await priceRequest(normalise(input.body), deps);
  if (priced.ltvBps > deps.settings.initialLtvBps) {
    throw new AppError('loan_ltv_above_initial_limit', { field: 'collateralAmount' });
  }
  return withTransaction(deps.db, async (tx) => {
    const loan = openLoan(priced, input.userId, deps.clock.now());
    await insertLoan(tx, loan);
    const event = await record(deps, tx, loan, { type: 'requested', claimId: input.claimId });
    const refusal = {
      refusal: 'loan_collateral_exceeds_available_balance',
      options: { field: 'collateralAmount' },
    } as const;
    await applyOrRefuse(deps.ledger, tx, { ops: [{ op: 'hold', ...collateralHold(loan) }], ...refusal });
    return { loan, event };
  });
}

/** The prices of a loan's coin and of its collateral, as observed now (null where none is). */
async function observePrices(deps: LendingServiceDeps, loan: LoanRow): Promise<Array<ObservedPrice | null>> {
  return Promise.all([loan.asset, loan.collateralAsset].map((asset) => deps.prices.price(asset as AssetSymbol)));
}

/**
 * Re-prices an open request before it is funded: the collateral may have fallen since posting.
 * Refused while a price is missing or older than the sweep would act on, and when the principal is
 * now above the initial LTV limit (ADR 0028).
 */
function requireStillCovered(
  deps: LendingServiceDeps,
  loan: LoanRow,
  observed: Array<ObservedPrice | null>,
  now: Date,
): void {
  if (observed.some((price) => price === null)) throw new AppError('price_is_unavailable');
  if (observed.some((price) => now.getTime() - price!.observedAt.getTime() > deps.settings.priceMaxAgeMs)) {
    throw new AppError('loan_price_is_stale');
  }
  const units = new Map([
    [loan.asset as string, observed[0]!.units],
    [loan.collateralAsset as string, observed[1]!.units],
  ]);
  const ltv = currentLtv(loan, loan.principal, units);
  if (ltv === null || ltv > deps.settings.initialLtvBps) throw new AppError('loan_ltv_now_above_initial_limit');
}

/**
 * Funding a request. What it reads through the pool (the KYC gate, the prices) it reads before its
 * transaction: a transaction holding the loan's lock must never wait for a second connection, or
 * 20 lenders on one request take every connection waiting for that lock while its holder waits for
 * one more, and the whole API stops. A loan's coins never change, and an open request's prices are
 * read a moment before its lock, as a customer's quote is.
 */
async function lendLoan(deps: LendingServiceDeps, { userId, loanId, claimId }: LoanStepInput): Promise<Step> {
  // An open request is anyone's to fund; a party to a loan gets the rule it breaks (own loan, not open).
  const may = (row: LoanRow) => row.status === 'open' || partyTo(userId)(row);
  // Looked up first, so an id that is no loan answers 404 whoever asks.
  const seen = UUID.test(loanId) ? await findLoan(deps.db, loanId) : null;
  if (!seen || !may(seen)) throw notFound();
  await deps.kycGate.requireApprovedKyc(userId);
  const observed = seen.status === 'open' ? await observePrices(deps, seen) : [];
  return withTransaction(deps.db, async (tx) => {
    const loan = await lockFor(tx, { userId, loanId }, may);
    if (loan.borrowerId === userId) throw new AppError('loan_cannot_lend_to_self');
    if (loan.status !== 'open') throw new AppError('loan_is_not_open');
    const now = deps.clock.now();
    requireStillCovered(deps, loan, observed, now);
    const refusal = { refusal: 'loan_principal_exceeds_available_balance' } as const;
    await applyOrRefuse(deps.ledger, tx, { ops: fundingOps(loan, userId), ...refusal });
    const dueAt = new Date(now.getTime() + loan.termDays * DAY_MS);
    const lent: LoanRow = { ...loan, status: 'active', lenderId: userId, fundedAt: now, dueAt };
    await saveLoan(tx, lent);
    return { loan: lent, event: await record(deps, tx, lent, { type: 'funded', claimId }) };
  });
}

/** The debt the customer confirmed, in minor units; refused with the amount codes when malformed. */
function confirmedDebt(maxDebt: string, asset: string): bigint {
  const parsed = tryParseAmount(maxDebt, assetScale(asset as AssetSymbol));
  if (!parsed.ok) {
    throw new AppError(isErrorCode(parsed.code) ? parsed.code : 'request_validation_failed', { field: 'maxDebt' });
  }
  return parsed.value;
}

async function repayLoan(deps: LendingServiceDeps, input: LoanStepInput): Promise<Step> {
  const { userId, loanId, claimId } = input;
  return withTransaction(deps.db, async (tx) => {
    const loan = await lockForBorrower(tx, { userId, loanId }, 'loan_repay_by_borrower_only');
    if (loan.status !== 'active') throw new AppError('loan_is_not_active');
    const now = deps.clock.now();
    const repayment = debtAt(loan, now, deps.settings);
    if (input.maxDebt !== undefined && repayment.debt > confirmedDebt(input.maxDebt, loan.asset)) {
      throw new AppError('loan_debt_above_confirmed');
    }
    const refusal = { refusal: 'loan_repayment_exceeds_available_balance' } as const;
    await applyOrRefuse(deps.ledger, tx, { ops: repaymentOps(loan, repayment), ...refusal });
    const repaid: LoanRow = {
      ...loan,
      status: 'repaid',
      closedAt: now,
      paid: repayment.debt,
      fee: repayment.fee,
      collateralSeized: 0n,
      collateralReturned: loan.collateral,
    };
    await saveLoan(tx, repaid);
    return { loan: repaid, event: await record(deps, tx, repaid, { type: 'repaid', claimId }) };
  });
}

async function cancelRequest(deps: LendingServiceDeps, { userId, loanId, claimId }: LoanStepInput): Promise<Step> {
  return withTransaction(deps.db, async (tx) => {
    const loan = await lockForBorrower(tx, { userId, loanId }, 'loan_cancel_by_borrower_only');
    if (loan.status !== 'open') throw new AppError('loan_is_not_open');
    await deps.ledger.voidHold(tx, { holdId: loan.id, metadata: { loanId: loan.id, reason: 'cancelled' } });
    const cancelled: LoanRow = { ...loan, status: 'cancelled', closedAt: deps.clock.now() };
    await saveLoan(tx, cancelled);
    return { loan: cancelled, event: await record(deps, tx, cancelled, { type: 'cancelled', claimId }) };
  });
}

export function createLendingService(deps: LendingServiceDeps): LendingService {
  return {
    preview: async ({ body }) => previewOf(await priceRequest(normalise(body), deps), deps.settings),
    request: async (input) => afterCommit(deps, input.userId, await postRequest(deps, input)),
    lend: async (input) => afterCommit(deps, input.userId, await lendLoan(deps, input)),
    repay: async (input) => afterCommit(deps, input.userId, await repayLoan(deps, input)),
    cancel: async (input) => afterCommit(deps, input.userId, await cancelRequest(deps, input)),
    async recover(tx, key) {
      const event = await findEvent(tx, key.effectId);
      const loan = event ? await findLoan(tx, event.loanId) : null;
      if (!event || !loan)
        throw new Error(`idempotency key of ${key.userId} bound to loan event ${key.effectId}, not found`);
      const timeline = (await eventsOf(tx, [loan.id])).get(loan.id) ?? [];
      const view = loanView(loan, timeline, await deps.context(key.userId));
      return { status: event.type === 'requested' ? 201 : 200, body: { data: view } };
    },
  };
}

// A loan as the API shows it to one viewer: the figures in decimal strings, the debt, the
// loan-to-value and the US-dollar values of principal, debt and collateral now, and its timeline.
// Pure: the prices and the time are given. The loan-to-value and the dollar values it is read
// beside come from one set of prices, and it is their ratio as shown, so "42.35 %" sits next to
// the two figures it divides.
import type { Loan, LoanEventType } from '@rora/contracts';
import { assetScale, formatAmount, type AssetSymbol } from '@rora/money';
import type { LoanEventRow, LoanRow } from './lending.repository.ts';
import { minInterestMs, type LendingSettings } from './lending-settings.ts';
import {
  besideLevels,
  centsText,
  DAY_MS,
  ltvBps,
  repaymentFor,
  shownLtvBps,
  usdCentsOf,
  type PriceUnits,
  type Repayment,
} from './loan-math.ts';

export interface ViewContext {
  viewerId: string;
  now: Date;
  settings: LendingSettings;
  /** Reference prices by asset (missing: unavailable). */
  prices: ReadonlyMap<string, PriceUnits>;
  /** When each of those prices was observed: older than settings.priceMaxAgeMs, the risk sweep waits. */
  observedAt: ReadonlyMap<string, Date>;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** What the borrower owes at `now` (for an open request: as if lent now). */
export function debtAt(loan: LoanRow, now: Date, settings: LendingSettings): Repayment {
  const elapsedMs = loan.fundedAt ? now.getTime() - loan.fundedAt.getTime() : 0;
  return repaymentFor({
    principal: loan.principal,
    rateBps: loan.rateBps,
    elapsedMs,
    minMs: minInterestMs(settings, loan.termDays),
    feeBps: settings.feeBps,
  });
}

export function atTerm(loan: LoanRow, settings: LendingSettings): Repayment {
  return repaymentFor({
    principal: loan.principal,
    rateBps: loan.rateBps,
    elapsedMs: loan.termDays * DAY_MS,
    minMs: 0,
    feeBps: settings.feeBps,
  });
}

export function graceEndsAt(loan: Pick<LoanRow, 'dueAt'>, settings: LendingSettings): Date | null {
  return loan.dueAt ? new Date(loan.dueAt.getTime() + settings.graceHours * 3_600_000) : null;
}

/** The loan-to-value of `debt` against the loan's collateral at the given prices, or null without both prices. */
export function currentLtv(loan: LoanRow, debt: bigint, prices: ReadonlyMap<string, PriceUnits>): number | null {
  const debtPrice = prices.get(loan.asset);
  const collateralPrice = prices.get(loan.collateralAsset);
  if (!debtPrice || !collateralPrice) return null;
  return ltvBps(
    { amount: debt, scale: assetScale(loan.asset), price: debtPrice },
    { amount: loan.collateral, scale: assetScale(loan.collateralAsset), price: collateralPrice },
  );
}

/**
 * The days of minimum interest `debtAt` charges now, while the time run is shorter (for an open
 * request, as if lent now); null once the interest runs past them.
 */
export function minimumInterestDays(loan: LoanRow, now: Date, settings: LendingSettings): number | null {
  const minMs = minInterestMs(settings, loan.termDays);
  const elapsedMs = loan.fundedAt ? now.getTime() - loan.fundedAt.getTime() : 0;
  // No minimum configured (LENDING_MIN_INTEREST_DAYS=0) is never "a minimum of 0 days".
  return minMs > 0 && elapsedMs < minMs ? minMs / DAY_MS : null;
}

/** An amount's US cents at the reference price, as the preview shows them; null without a price. */
function centsOf(value: bigint, asset: string, prices: ReadonlyMap<string, PriceUnits>): bigint | null {
  const price = prices.get(asset);
  return price ? usdCentsOf({ amount: value, scale: assetScale(asset as AssetSymbol), price }, 'half-even') : null;
}

/**
 * The dollar values of a loan while it runs, and the loan-to-value read beside them: their ratio as
 * shown (shownLtvBps), so the three agree; the risk sweep judges the exact figure (ltvBps, rounded
 * up). Where the two fall on either side of the margin-call or the liquidation level, the shown one
 * follows the exact one (besideLevels): a card never reads 74.99 % at a margin call of 75 %.
 */
function shownValues(loan: LoanRow, measured: bigint, context: ViewContext) {
  const { prices, settings } = context;
  const principal = centsOf(loan.principal, loan.asset, prices);
  const collateral = centsOf(loan.collateral, loan.collateralAsset, prices);
  const debt = centsOf(measured, loan.asset, prices);
  const text = (cents: bigint | null) => (cents === null ? null : centsText(cents));
  const exact = currentLtv(loan, measured, prices);
  const shown =
    debt === null || collateral === null || exact === null
      ? null
      : besideLevels(shownLtvBps(debt, collateral), exact, [settings.marginCallLtvBps, settings.liquidationLtvBps]);
  return { ltvBps: shown, principalUsd: text(principal), collateralUsd: text(collateral), debtUsd: text(debt) };
}

/**
 * Whether a price the loan is valued at is older than the risk sweep acts on: its loan-to-value may
 * be out of date, and margin calls and liquidation wait for a fresh price (loan-risk.ts), as does
 * funding a request (loan_price_is_stale). A missing price is no stale one: its figures are null.
 */
function priceIsStale(loan: LoanRow, context: ViewContext): boolean {
  return [loan.asset, loan.collateralAsset].some((asset) => {
    const observedAt = context.observedAt.get(asset);
    return observedAt !== undefined && context.now.getTime() - observedAt.getTime() > context.settings.priceMaxAgeMs;
  });
}

const NOT_SHOWN = { ltvBps: null, principalUsd: null, collateralUsd: null, debtUsd: null } as const;

function roleOf(loan: LoanRow, viewerId: string): Loan['role'] {
  if (loan.borrowerId === viewerId) return 'borrower';
  return loan.lenderId === viewerId ? 'lender' : 'none';
}

export function loanView(loan: LoanRow, events: readonly LoanEventRow[], context: ViewContext): Loan {
  const amount = (value: bigint, asset: string) => formatAmount(value, assetScale(asset as AssetSymbol));
  const maybe = (value: bigint | null, asset: string) => (value === null ? null : amount(value, asset));
  const live = loan.status === 'open' || loan.status === 'active';
  const now = debtAt(loan, context.now, context.settings);
  const term = atTerm(loan, context.settings);
  // A settled loan reports what was paid; only a repayment pays a debt (liquidation pays from escrow).
  const settledDebt = loan.status === 'repaid' ? loan.paid : null;
  // What the loan-to-value measures: the principal of a request, the debt of a running loan.
  const measured = loan.status === 'open' ? loan.principal : now.debt;
  return {
    id: loan.id,
    status: loan.status,
    role: roleOf(loan, context.viewerId),
    asset: loan.asset,
    amount: amount(loan.principal, loan.asset),
    rateBps: loan.rateBps,
    termDays: loan.termDays,
    collateralAsset: loan.collateralAsset,
    collateralAmount: amount(loan.collateral, loan.collateralAsset),
    initialLtvBps: loan.initialLtvBps,
    // Only while the loan runs: a settled loan's collateral was returned or seized at its own time,
    // and today's price of it would read as what it is worth to someone now.
    ...(live ? shownValues(loan, measured, context) : NOT_SHOWN),
    priceIsStale: live && priceIsStale(loan, context),
    interestNow: live
      ? amount(now.interest, loan.asset)
      : maybe(settledDebt === null ? null : settledDebt - loan.principal, loan.asset),
    debtNow: live ? amount(now.debt, loan.asset) : maybe(settledDebt, loan.asset),
    minimumInterestDays: live ? minimumInterestDays(loan, context.now, context.settings) : null,
    interestAtTerm: amount(term.interest, loan.asset),
    repaymentAtTerm: amount(term.debt, loan.asset),
    lenderReceivesAtTerm: amount(term.lenderReceives, loan.asset),
    lenderReceivesNow: live
      ? amount(now.lenderReceives, loan.asset)
      : maybe(settledDebt === null || loan.fee === null ? null : settledDebt - loan.fee, loan.asset),
    createdAt: loan.createdAt.toISOString(),
    fundedAt: iso(loan.fundedAt),
    dueAt: iso(loan.dueAt),
    graceEndsAt: iso(graceEndsAt(loan, context.settings)),
    closedAt: iso(loan.closedAt),
    paid: maybe(loan.paid, loan.asset),
    fee: maybe(loan.fee, loan.asset),
    collateralSeized: maybe(loan.collateralSeized, loan.collateralAsset),
    collateralReturned: maybe(loan.collateralReturned, loan.collateralAsset),
    debtSettled: maybe(loan.debtSettled, loan.asset),
    penalty: maybe(loan.penalty, loan.asset),
    collateralWorth: maybe(loan.collateralWorth, loan.asset),
    marginCall: loan.status === 'active' && loan.marginCalledAt !== null,
    timeline: events.map((event) => ({ type: event.type, at: event.at.toISOString(), ltvBps: event.ltvBps })),
  };
}

/** The English fallback of a loan notification (the web app writes its own in the reader's language). */
export const LOAN_MESSAGES: Record<Exclude<LoanEventType, 'requested'>, string> = {
  funded: 'Your P2P loan was funded.',
  repaid: 'A P2P loan was repaid.',
  margin_call:
    'Margin call: the value of a P2P loan’s collateral has fallen. Add funds and repay, or it may be liquidated.',
  liquidated: 'A P2P loan was liquidated: the lender was paid from the collateral.',
  closed: 'An overdue P2P loan was closed: the lender was paid from the collateral.',
  cancelled: 'Your P2P loan request was cancelled and its collateral returned.',
};

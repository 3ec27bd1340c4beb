// Calls of spec §7 for P2P lending (collateralised): the marketplace and the customer's five views,
// posting a request, lending, repaying, and (beyond the spec) cancelling an open request, a preview
// of a request's figures and one loan's detail; plus the `loans` WebSocket channel. Amounts are
// decimal strings in the asset's units; rates and loan-to-value ratios are integer basis points.
// How the rules were chosen (LTV levels, interest, rounding, liquidation, states): ADR 0028.
import { z as zod } from 'zod';
import type { ErrorCode } from './errors/index.ts';
import { pageInfoSchema, pageQuerySchema, queryNumber } from './schemas/common.ts';
import { envelope, type AccountCall } from './user.ts';
import { LISTED_ASSETS } from './constants/index.ts';
import { amountTextSchema } from './wallets.ts';

/** The coins that can be lent or pledged (the listed assets). */
export const LOAN_ASSETS = LISTED_ASSETS;
export type LoanAsset = (typeof LOAN_ASSETS)[number];

/** The fixed menu of terms, in days. */
export const LOAN_TERM_DAYS = [7, 14, 30, 60, 90, 180] as const;

/** Yearly interest rate bounds, basis points (0.01 % to 50 %). */
export const LOAN_MIN_RATE_BPS = 1;
export const LOAN_MAX_RATE_BPS = 5_000;

/** The smallest loan, in whole US dollars of the principal at the reference price. */
export const LOAN_MIN_USD = 10;

/**
 * The highest loan-to-value figure the API writes (10,000,000 %, in basis points): a ratio at or
 * above it is answered as this figure, which therefore reads "this or more", never as the ratio.
 * Every level was passed long before; the figure fits the 32-bit columns events keep it in.
 */
export const LOAN_LTV_MAX_BPS = 1_000_000_000;

/**
 * open: posted, collateral held; cancelled: withdrawn by the borrower before anyone lent, the hold
 * returned; active: lent, collateral in escrow; repaid: the borrower paid the debt, collateral
 * returned; liquidated: the loan-to-value reached the liquidation level and the lender was paid
 * from the collateral; closed: overdue past the grace period and settled from the collateral the same way.
 */
export const LOAN_STATUSES = ['open', 'cancelled', 'active', 'repaid', 'liquidated', 'closed'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const LOAN_EVENT_TYPES = [
  'requested',
  'cancelled',
  'funded',
  'margin_call',
  'repaid',
  'liquidated',
  'closed',
] as const;
export type LoanEventType = (typeof LOAN_EVENT_TYPES)[number];

const assetText = zod
  .string({ error: 'loan_asset_not_supported' })
  .trim()
  .min(1, { error: 'loan_asset_not_supported' })
  .max(12, { error: 'loan_asset_not_supported' })
  .transform((value) => value.toUpperCase());
// The codes below word the rules of a number: whole, in range, an offered term. A value of another
// type (the string "500") is not given them: it answers request_validation_failed, as every wrong
// type does, rather than reading as a rate out of range (the hostile-input test holds every route to it).
const rate = (number: zod.ZodNumber) =>
  number
    .int({ error: 'loan_rate_out_of_range' })
    .min(LOAN_MIN_RATE_BPS, { error: 'loan_rate_out_of_range' })
    .max(LOAN_MAX_RATE_BPS, { error: 'loan_rate_out_of_range' });
const term = (number: zod.ZodNumber) =>
  number
    .int({ error: 'loan_term_not_offered' })
    .refine((days) => (LOAN_TERM_DAYS as readonly number[]).includes(days), { error: 'loan_term_not_offered' });
const decimal = zod.string();

/** POST /p2p: a loan request. The collateral is held from the borrower's available balance at once. */
export const loanRequestBodySchema = zod.strictObject({
  asset: assetText,
  amount: amountTextSchema,
  rateBps: rate(zod.number()),
  termDays: term(zod.number()),
  collateralAsset: assetText,
  collateralAmount: amountTextSchema,
});
export type LoanRequestBody = zod.input<typeof loanRequestBodySchema>;

/**
 * POST /p2p/repay/{id}: optionally the debt the customer saw and confirmed. The repayment is
 * refused (loan_debt_above_confirmed) when the debt at commit is above it. No body: the debt now.
 */
export const loanRepayBodySchema = zod.strictObject({ maxDebt: amountTextSchema.optional() }).nullish();
export type LoanRepayBody = zod.input<typeof loanRepayBodySchema>;

/**
 * GET /p2p/preview: the same fields as a request (numbers in the query string), nothing held. A
 * number not written in plain digits (`1e3`, `0x10`, `12.5`) answers the digits rule, not the
 * field's: 1e3 is a rate in range, so "from 0.01% to 50%" would name a rule it keeps.
 */
export const loanPreviewQuerySchema = loanRequestBodySchema.extend({
  rateBps: queryNumber(rate(zod.number())),
  termDays: queryNumber(term(zod.number())),
});

/** The platform's lending levels, in basis points (configuration; ADR 0028). */
export const loanLevelsSchema = zod.object({
  initialLtvBps: zod.number().int(),
  marginCallLtvBps: zod.number().int(),
  liquidationLtvBps: zod.number().int(),
  liquidationPenaltyBps: zod.number().int(),
  feeBps: zod.number().int(),
  minInterestDays: zod.number().int(),
  graceHours: zod.number().int(),
});
export type LoanLevels = zod.infer<typeof loanLevelsSchema>;

export const loanPreviewSchema = zod.object({
  asset: zod.string(),
  amount: decimal,
  collateralAsset: zod.string(),
  collateralAmount: decimal,
  rateBps: zod.number().int(),
  termDays: zod.number().int(),
  /**
   * principalUsd over collateralUsd as shown, to the nearest basis point (half to even), so the three
   * agree; LOAN_LTV_MAX_BPS means that or more. `acceptable` (and POST /p2p) judge the exact ratio,
   * which may be a hair above it: 65.00 % shown can be refused at a 65 % limit.
   */
  ltvBps: zod.number().int(),
  /** Interest for the whole term (rounded up) and principal plus interest. */
  interestAtTerm: decimal,
  repaymentAtTerm: decimal,
  /** What the lender receives at term: the repayment less the platform fee on interest. */
  lenderReceivesAtTerm: decimal,
  /** US dollars of the principal and the collateral at reference prices, rounded half to even to the cent. */
  principalUsd: decimal,
  collateralUsd: decimal,
  /** Whether the request may be posted (the LTV is within the initial limit). */
  acceptable: zod.boolean(),
  levels: loanLevelsSchema,
});
export type LoanPreview = zod.infer<typeof loanPreviewSchema>;
export const loanPreviewResponseSchema = envelope(loanPreviewSchema);

export const loanEventSchema = zod.object({
  type: zod.enum(LOAN_EVENT_TYPES),
  at: zod.iso.datetime(),
  /** The LTV that triggered a margin call or a liquidation, basis points. */
  ltvBps: zod.number().int().nullable(),
});
export type LoanEvent = zod.infer<typeof loanEventSchema>;

export const loanSchema = zod.object({
  id: zod.uuid(),
  status: zod.enum(LOAN_STATUSES),
  /** The viewer's part in it: borrower, lender, or none (another's open request on the marketplace). */
  role: zod.enum(['borrower', 'lender', 'none']),
  asset: zod.string(),
  amount: decimal,
  rateBps: zod.number().int(),
  termDays: zod.number().int(),
  collateralAsset: zod.string(),
  collateralAmount: decimal,
  /**
   * LTV when posted (the exact figure rounded up, as the initial limit judged it), and now at the
   * reference prices (null when a price is unavailable): debtUsd over collateralUsd as shown, to the
   * nearest basis point (half to even), so the three agree. The margin call and liquidation judge
   * the exact figure rounded up (the timeline's ltvBps). LOAN_LTV_MAX_BPS means that or more.
   */
  initialLtvBps: zod.number().int(),
  ltvBps: zod.number().int().nullable(),
  /**
   * US dollars of the principal and the collateral now, at the reference prices the loan-to-value and
   * GET /p2p/preview use, rounded half to even to the cent; null when the coin's price is unavailable,
   * and once the loan is settled (repaid, cancelled, liquidated or closed).
   */
  principalUsd: decimal.nullable(),
  collateralUsd: decimal.nullable(),
  /**
   * US dollars of what ltvBps measures against collateralUsd, at the same prices and rounding: the
   * principal while open, the debt now while active. Null as principalUsd is.
   */
  debtUsd: decimal.nullable(),
  /**
   * While the loan is open or active: whether a reference price it is valued at is older than the
   * risk checks act on (LENDING_PRICE_MAX_AGE_MS). Its loan-to-value may then be out of date, and
   * margin calls, liquidation and funding wait for a fresh price. False once settled, and for a
   * price that is unavailable (its figures are null).
   */
  priceIsStale: zod.boolean(),
  /**
   * Interest and debt now: accrued to this moment (the minimum interest period applies) while the
   * loan is open (as if lent now) or active; for a repaid loan what was paid; null for a loan
   * cancelled, liquidated or closed (no debt was paid: see debtSettled and collateralSeized).
   */
  interestNow: decimal.nullable(),
  debtNow: decimal.nullable(),
  /**
   * While interestNow is the minimum charge rather than the time run (an open request, or a loan
   * lent less than that long ago), the days of interest it charges: repaying now still pays them
   * (ADR 0028). Null once the interest runs past it, and for a settled loan.
   */
  minimumInterestDays: zod.number().int().nullable(),
  interestAtTerm: decimal,
  repaymentAtTerm: decimal,
  /** What the lender receives if repaid at term: the repayment less the platform fee on interest. */
  lenderReceivesAtTerm: decimal,
  /**
   * What reaches the lender of debtNow: debtNow less the platform fee on interestNow (for a repaid
   * loan, paid less fee: what the lender received). A lender's screens show this, not the
   * borrower's debt. Null as debtNow is.
   */
  lenderReceivesNow: decimal.nullable(),
  createdAt: zod.iso.datetime(),
  fundedAt: zod.iso.datetime().nullable(),
  dueAt: zod.iso.datetime().nullable(),
  /** After this the loan is settled from the collateral (due + grace period). */
  graceEndsAt: zod.iso.datetime().nullable(),
  closedAt: zod.iso.datetime().nullable(),
  /** Settled: what the borrower paid (repaid), the platform fee, the collateral paid to the lender and returned. */
  paid: decimal.nullable(),
  fee: decimal.nullable(),
  collateralSeized: decimal.nullable(),
  collateralReturned: decimal.nullable(),
  /**
   * Settled from the collateral (liquidated, or closed overdue): what the collateral paid for, both
   * in `asset` (the loan's coin, not the collateral's). debtSettled is the debt at that moment
   * (principal plus interest accrued to it; its interest is debtSettled − amount); penalty is the
   * liquidation penalty on it (rounded up). collateralSeized was worth their sum at the reference
   * price then (rounded up), unless all the collateral was seized (collateralReturned 0): then it may
   * have been worth less. Null for any other loan, and for a loan settled before these were recorded.
   */
  debtSettled: decimal.nullable(),
  penalty: decimal.nullable(),
  /**
   * What collateralSeized was worth at the reference prices of the settlement, in `asset`, rounded
   * down: below debtSettled + penalty when all the collateral was seized and fell short of them (the
   * lender got less than the debt). Null as debtSettled is, and for a loan settled before it was
   * recorded.
   */
  collateralWorth: decimal.nullable(),
  marginCall: zod.boolean(),
  timeline: zod.array(loanEventSchema),
});
export type Loan = zod.infer<typeof loanSchema>;
export const loanResponseSchema = envelope(loanSchema);

export const loanListSchema = pageInfoSchema.extend({ items: zod.array(loanSchema) });
export type LoanList = zod.infer<typeof loanListSchema>;
export const loanListResponseSchema = envelope(loanListSchema);

export const LOAN_MARKET_SORTS = ['rate_desc', 'rate_asc', 'newest'] as const;
export type LoanMarketSort = (typeof LOAN_MARKET_SORTS)[number];

/** GET /p2p: others' open requests, filtered by asset and term, sorted by rate. */
export const loanMarketQuerySchema = pageQuerySchema.extend({
  asset: assetText.optional(),
  termDays: queryNumber(term(zod.number())).optional(),
  sort: zod.enum(LOAN_MARKET_SORTS, { error: 'loan_market_sort_is_not_listed' }).default('rate_desc'),
});
export type LoanMarketQuery = zod.infer<typeof loanMarketQuerySchema>;
export const loanViewQuerySchema = pageQuerySchema;

/** WebSocket: `{ channel: 'loans', type: 'updated', data: Loan }` to the borrower and the lender on every step. */
export const loanUpdatedEventSchema = zod.object({
  channel: zod.literal('loans'),
  type: zod.literal('updated'),
  data: loanSchema,
});

/**
 * Sandbox only (dev routes): sets an asset's reference price in US dollars (without `usdPrice`: gives
 * the coin back to the markets' price), then runs the risk sweep.
 */
export const lendingPriceOverrideBodySchema = zod.strictObject({
  asset: assetText,
  usdPrice: amountTextSchema.optional(),
  /** How old the observation is (to try a stale price); 0 by default. */
  ageSeconds: zod
    .number()
    .int()
    .min(0)
    .max(86_400 * 365)
    .default(0),
});

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];
const keyed: ErrorCode[] = [
  'idempotency_key_required',
  'idempotency_key_reused_with_different_body',
  'idempotency_request_in_progress',
];
const amountErrors: ErrorCode[] = [
  'amount_is_empty',
  'amount_is_not_a_decimal',
  'amount_is_too_long',
  'amount_is_too_large',
  'amount_has_too_many_decimals',
  'amount_must_be_positive',
];
// A repeated parameter (query_parameters_must_be_unique) every call answers: callErrors merges it in.
const queryErrors: ErrorCode[] = ['query_number_must_be_decimal_digits'];
const viewErrors: ErrorCode[] = [...signedIn, ...queryErrors];
const requestErrors: ErrorCode[] = [
  ...amountErrors,
  'loan_asset_not_supported',
  'loan_assets_must_differ',
  'loan_term_not_offered',
  'loan_rate_out_of_range',
  'loan_amount_below_minimum',
  'price_is_unavailable',
];

export const lendingCalls = {
  market: {
    method: 'GET',
    path: '/p2p',
    auth: true,
    errors: [...viewErrors, 'loan_asset_not_supported', 'loan_term_not_offered', 'loan_market_sort_is_not_listed'],
  },
  myRequests: { method: 'GET', path: '/p2p/get-my-loan-requests', auth: true, errors: viewErrors },
  myBorrowing: { method: 'GET', path: '/p2p/get-my-accepted-loans', auth: true, errors: viewErrors },
  myLending: { method: 'GET', path: '/p2p/get-my-accepted-lends', auth: true, errors: viewErrors },
  myRepaidBorrowing: { method: 'GET', path: '/p2p/get-my-repaid-loans', auth: true, errors: viewErrors },
  myRepaidLending: { method: 'GET', path: '/p2p/get-my-repaid-loan-requests', auth: true, errors: viewErrors },
  preview: {
    method: 'GET',
    path: '/p2p/preview',
    auth: true,
    errors: [...signedIn, ...queryErrors, ...requestErrors, 'too_many_requests'],
  },
  getLoan: { method: 'GET', path: '/p2p/{id}', auth: true, errors: [...signedIn, 'resource_not_found'] },
  request: {
    method: 'POST',
    path: '/p2p',
    auth: true,
    errors: [
      ...signedIn,
      ...keyed,
      ...requestErrors,
      'kyc_approval_required',
      'loan_ltv_above_initial_limit',
      'loan_collateral_exceeds_available_balance',
      'too_many_requests',
    ],
  },
  lend: {
    method: 'POST',
    path: '/p2p/lend/{id}',
    auth: true,
    errors: [
      ...signedIn,
      ...keyed,
      'kyc_approval_required',
      'resource_not_found',
      'loan_is_not_open',
      'loan_cannot_lend_to_self',
      'loan_principal_exceeds_available_balance',
      'loan_ltv_now_above_initial_limit',
      'loan_price_is_stale',
      'price_is_unavailable',
      'too_many_requests',
      'request_body_not_allowed',
    ],
  },
  repay: {
    method: 'POST',
    path: '/p2p/repay/{id}',
    auth: true,
    errors: [
      ...signedIn,
      ...keyed,
      'resource_not_found',
      'loan_repay_by_borrower_only',
      'loan_is_not_active',
      'loan_repayment_exceeds_available_balance',
      'loan_debt_above_confirmed',
      ...amountErrors,
      'too_many_requests',
    ],
  },
  cancel: {
    method: 'DELETE',
    path: '/p2p/{id}',
    auth: true,
    errors: [
      ...signedIn,
      ...keyed,
      'resource_not_found',
      'loan_cancel_by_borrower_only',
      'loan_is_not_open',
      'too_many_requests',
      'request_body_not_allowed',
    ],
  },
} as const satisfies Record<string, AccountCall>;

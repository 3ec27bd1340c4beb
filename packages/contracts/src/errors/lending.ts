import type { ErrorDefinition } from './types.ts';

// Codes of the P2P lending context (POST /p2p, /p2p/lend/{id}, /p2p/repay/{id}, DELETE /p2p/{id}).
// Amount format codes come from the wallets context, price_is_unavailable too: the same rules, the same codes.
export const lendingErrors = {
  loan_asset_not_supported: { status: 422, message: 'This coin cannot be lent or pledged' },
  loan_assets_must_differ: { status: 400, message: 'The collateral must be another coin than the loan' },
  loan_term_not_offered: { status: 422, message: 'Choose one of the offered terms' },
  loan_market_sort_is_not_listed: { status: 400, message: 'Sort the requests by rate_desc, rate_asc or newest' },
  loan_rate_out_of_range: { status: 422, message: 'The yearly interest rate must be from 0.01% to 50%' },
  loan_amount_below_minimum: { status: 422, message: 'The smallest loan is worth 10 US dollars' },
  loan_ltv_above_initial_limit: {
    status: 422,
    message: 'The collateral is too small for this loan. Pledge more or borrow less',
  },
  loan_ltv_now_above_initial_limit: {
    status: 409,
    message: 'The collateral has lost value since this request was posted: it no longer covers the loan',
  },
  loan_price_is_stale: {
    status: 503,
    message: 'The latest price of a coin in this loan is too old to lend against. Please try again shortly',
  },
  loan_collateral_exceeds_available_balance: {
    status: 422,
    message: 'Your available balance does not cover this collateral',
  },
  loan_principal_exceeds_available_balance: {
    status: 422,
    message: 'Your available balance does not cover this loan',
  },
  loan_repayment_exceeds_available_balance: {
    status: 422,
    message: 'Your available balance does not cover the amount now owed',
  },
  loan_debt_above_confirmed: {
    status: 409,
    message: 'The amount owed is more than the amount you confirmed. Check the amount owed now and confirm again',
  },
  loan_cannot_lend_to_self: { status: 422, message: 'You cannot fund your own loan request' },
  loan_is_not_open: { status: 409, message: 'This loan request is no longer open' },
  loan_is_not_active: { status: 409, message: 'This loan is no longer active' },
  // A party to the loan asking for a step that is the other party's; anyone else gets 404.
  loan_repay_by_borrower_only: { status: 403, message: 'Only the borrower can repay this loan' },
  loan_cancel_by_borrower_only: { status: 403, message: 'Only the borrower can cancel this loan request' },
} as const satisfies Record<string, ErrorDefinition>;

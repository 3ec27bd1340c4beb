import type { ErrorDefinition } from './types.ts';

// Codes of the swap and on-ramp context: quotes (GET /convert), swap orders (POST /order type swap),
// on-ramp purchases (POST /order/init) and the sandbox on-ramp widget's card checks. Amount format
// codes (amount_is_not_a_decimal, ...) and price_is_unavailable come from the wallets context; the
// webhook signature codes from the KYC context: the same rules, the same codes.
export const swapErrors = {
  swap_assets_must_differ: { status: 400, message: 'Choose two different coins to swap' },
  swap_pair_not_supported: { status: 422, message: 'This pair of coins cannot be swapped' },
  swap_amount_below_minimum: { status: 422, message: 'The smallest swap is worth 10 US dollars' },
  swap_amount_exceeds_available_balance: {
    status: 422,
    message: 'Your available balance does not cover this amount',
  },
  swap_quote_id_must_be_uuid: { status: 400, message: 'quoteId must be the id of a quote from GET /convert' },
  swap_quote_expired: { status: 409, message: 'This quote has expired. Get a new quote and try again' },
  swap_quote_already_used: { status: 409, message: 'This quote was already used for a swap' },
  swap_order_does_not_match_quote: {
    status: 422,
    message: 'The coins or the amount differ from the quote. Get a new quote and try again',
  },
  swap_liquidity_unavailable: {
    status: 503,
    message: 'Rora cannot swap this amount right now. Please try a smaller amount or try again later',
  },

  onramp_currency_not_supported: { status: 400, message: 'Card purchases are paid in US dollars: fiatCurrency USD' },
  onramp_asset_not_supported: { status: 422, message: 'This coin cannot be bought with a card' },
  // A dollar amount, not a coin's: the coin's amount_has_too_many_decimals said "than the coin allows".
  onramp_amount_must_be_whole_cents: {
    status: 400,
    message: 'A US dollar amount has at most 2 decimals (whole cents)',
  },
  onramp_amount_below_minimum: { status: 422, message: 'The smallest card purchase is 20 US dollars' },
  onramp_amount_above_maximum: { status: 422, message: 'The largest card purchase is 10,000 US dollars' },
  onramp_provider_unavailable: { status: 503, message: 'Card purchases are unavailable right now. Please try again' },
  onramp_session_is_closed: { status: 409, message: 'This payment is already finished or has expired' },
  onramp_card_number_invalid: { status: 400, message: 'Check the card number' },
  onramp_card_expiry_invalid: { status: 400, message: 'Check the expiry date (MM/YY)' },
  onramp_card_expired: { status: 400, message: 'This card has expired' },
  onramp_card_cvc_invalid: { status: 400, message: 'Check the security code (3 or 4 digits)' },
} as const satisfies Record<string, ErrorDefinition>;

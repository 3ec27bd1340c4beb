import type { ErrorDefinition } from './types.ts';

// Codes of the markets context: orders (POST /order market, limit and dark pool; cancel; the
// execution estimate), venues, market data and price alerts. Amount format codes
// (amount_is_not_a_decimal, ...) come from the wallets context: the same rules, the same codes.
export const marketsErrors = {
  pair_is_not_listed: { status: 400, message: 'This pair is not traded on Rora' },
  venue_is_not_listed: { status: 400, message: 'Choose one of the listed platforms' },
  order_side_required: { status: 400, message: 'Choose buy or sell' },
  order_side_must_match_type: { status: 400, message: 'The side and the order type disagree' },
  order_type_not_supported: { status: 400, message: 'Choose a market, limit or dark pool order' },
  order_amount_required: { status: 400, message: 'Enter an amount' },
  order_amount_or_total_required: { status: 400, message: 'Enter an amount or a total' },
  order_total_applies_to_market_buy_only: {
    status: 400,
    message: 'A total can only be given for a market buy; enter an amount instead',
  },
  order_amount_and_total_are_exclusive: { status: 400, message: 'Enter either an amount or a total, not both' },
  limit_order_requires_price: { status: 400, message: 'Enter a price for a limit order' },
  market_order_takes_no_price: { status: 400, message: 'A market order takes no price' },
  price_must_be_positive: { status: 400, message: 'Enter a price greater than zero' },
  price_must_be_multiple_of_tick: { status: 400, message: 'The price must be a multiple of the tick size' },
  price_is_out_of_range: { status: 400, message: 'This price is too large' },
  quantity_must_be_positive: { status: 400, message: 'Enter an amount greater than zero' },
  quantity_must_be_multiple_of_lot: { status: 400, message: 'The amount must be a multiple of the lot size' },
  quantity_is_out_of_range: { status: 400, message: 'This amount is too large' },
  notional_must_fit_range: { status: 400, message: 'This order is worth too much to be placed at once' },
  notional_must_reach_minimum: { status: 400, message: 'The order is smaller than the minimum order value' },
  time_in_force_applies_to_limit_orders: { status: 400, message: 'Time in force applies to limit orders only' },
  post_only_requires_limit_gtc: { status: 400, message: 'Post-only applies to good-till-cancelled limit orders' },
  dark_pool_accepts_limit_orders_only: { status: 400, message: 'The dark pool accepts limit orders only' },
  dark_pool_not_available_for_pair: { status: 400, message: 'This pair has no dark pool' },
  dark_pool_is_on_rora_only: { status: 400, message: 'Dark-pool orders are placed on Rora only' },
  notional_must_reach_dark_pool_minimum: {
    status: 400,
    message: 'A dark-pool order must be worth at least the dark-pool minimum, valued at the prices it would trade at',
  },
  available_balance_must_cover_order: {
    status: 422,
    message: 'Your available balance does not cover this order',
  },
  market_has_no_liquidity: { status: 409, message: 'There is nobody to trade with at the moment. Try a limit order' },
  order_must_be_open: { status: 409, message: 'This order is no longer open' },
  market_is_unavailable: { status: 503, message: 'Trading on this pair is paused for a moment. Please try again' },
  venue_is_unavailable: { status: 503, message: 'This platform is not answering. Please try again or choose another' },
  venue_liquidity_insufficient: {
    status: 503,
    message: 'This platform cannot fill this order right now. Please try a smaller amount',
  },
  order_type_swap_unavailable: { status: 503, message: 'Swaps are not available right now. Please try again' },

  depth_levels_must_be_from_1_to_200: { status: 400, message: 'Ask for a whole number of levels from 1 to 200' },
  trades_limit_must_be_from_1_to_200: { status: 400, message: 'Ask for a whole number of trades from 1 to 200' },
  chart_range_is_not_listed: { status: 400, message: 'Choose a chart range: 1D, 1W, 1M, 3M, 6M, 1Y or ATH' },
  favourite_must_be_boolean: { status: 400, message: 'Favourite must be true or false' },

  alert_condition_must_be_above_or_below: {
    status: 400,
    message: 'Choose whether the alert is above or below a price',
  },
  alert_price_must_be_above_last_price: {
    status: 400,
    message: 'An alert above the price needs a price higher than the last price',
  },
  alert_price_must_be_below_last_price: {
    status: 400,
    message: 'An alert below the price needs a price lower than the last price',
  },
  alert_limit_reached: { status: 409, message: 'You have reached the number of active alerts. Delete one first' },
  market_has_no_last_price: { status: 409, message: 'This pair has not traded yet, so no alert can be set' },
} as const satisfies Record<string, ErrorDefinition>;

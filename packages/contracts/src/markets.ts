// Calls of spec §7 "Orders and market" (POST /order market, limit and dark pool; POST /order/rate;
// GET /order; POST /alert) plus cancel, and the `orders` / `alerts` WebSocket channels. Market data
// (pairs, ticker, depth, trades, candles, venues) is in market-data.ts and its public topics in
// market-topics.ts; both are re-exported here and their calls are part of marketsCalls. Prices are
// quote units per whole base unit and amounts base units, as decimal strings; never JSON numbers.
//
// POST /order takes the spec's fields (amount, symbol, type buy | sell | swap | dark pool) and the
// richer ones (side, orderType market | limit, price, total, timeInForce, postOnly, venue) in one
// schema: `type: 'buy'` is `side: 'buy'`; `type: 'dark pool'` is a limit order in the dark pool
// (side required); no orderType means limit when a price is given, market otherwise. A market buy
// gives `amount` (base) or `total` (quote to spend). `type: 'swap'` is the swap call of swap.ts.
import { z as zod } from 'zod';
import type { ErrorCode } from './errors/index.ts';
import { VENUE_IDS, marketDataCalls, pairSymbolTextSchema } from './market-data.ts';
import { pageInfoSchema, pageQuerySchema } from './schemas/common.ts';
import { swapOrderBodySchema } from './swap.ts';
import { envelope, type AccountCall } from './user.ts';
import { amountTextSchema } from './wallets.ts';

export * from './market-data.ts';
export * from './market-topics.ts';

// MARKET_DEFINITIONS (tick, lot, minimum of each pair) is plain data in constants/markets.ts, so a
// screen that needs a tick does not download these schemas and zod with it.

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_KINDS = ['market', 'limit'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** Spec §3 order types; `dark_pool` is accepted as a spelling of `dark pool`. */
export const SPEC_ORDER_TYPES = ['buy', 'sell', 'dark pool', 'dark_pool'] as const;
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/**
 * pending: waiting for an external platform; open: resting, nothing filled; partially_filled: resting
 * with fills; filled; cancelled (by the customer, or the engine: see cancelReason), possibly after
 * fills; rejected: the platform refused it (its hold was returned).
 */
export const ORDER_STATUSES = ['pending', 'open', 'partially_filled', 'filled', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const symbolText = pairSymbolTextSchema;

export const tradeOrderBodySchema = zod.object({
  symbol: symbolText,
  type: zod.enum(SPEC_ORDER_TYPES, { error: 'order_type_not_supported' }).optional(),
  side: zod.enum(ORDER_SIDES, { error: 'order_side_required' }).optional(),
  orderType: zod.enum(ORDER_KINDS, { error: 'order_type_not_supported' }).optional(),
  /** Base amount: what to buy or sell. */
  amount: amountTextSchema.optional(),
  /** Market buy only: the quote amount to spend instead of an amount. */
  total: amountTextSchema.optional(),
  /** Limit price, quote per one base unit. */
  price: amountTextSchema.optional(),
  timeInForce: zod.enum(TIME_IN_FORCE, { error: 'order_type_not_supported' }).optional(),
  postOnly: zod.boolean().optional(),
  /**
   * The platform whose fees (and, for a market order, whose book) the order uses: Rora (default) or
   * an external one. Limit and dark-pool orders rest on Rora's book at the chosen platform's fees.
   */
  venue: zod.enum(VENUE_IDS, { error: 'venue_is_not_listed' }).optional(),
});
export type TradeOrderBody = zod.input<typeof tradeOrderBodySchema>;

/**
 * POST /order: a trade (market, limit, dark pool) or a swap (swap.ts), told apart by `type`. A body
 * that is no object at all (an array, a string, null) is refused as any route refuses it.
 */
export const placeOrderBodySchema = zod.discriminatedUnion('type', [swapOrderBodySchema, tradeOrderBodySchema], {
  error: (issue) =>
    typeof issue.input === 'object' && issue.input !== null && !Array.isArray(issue.input)
      ? 'order_type_not_supported'
      : undefined,
});
export type PlaceOrderBody = zod.input<typeof placeOrderBodySchema>;

/** POST /order/rate: the same fields as a trade; answers what it would cost now. */
export const orderRateBodySchema = tradeOrderBodySchema;

const decimal = zod.string();
const timestamp = zod.iso.datetime();

export const orderFillSchema = zod.object({
  id: zod.uuid(),
  price: decimal,
  amount: decimal,
  /** price × amount in the quote asset. */
  total: decimal,
  fee: decimal,
  feeAsset: zod.string(),
  role: zod.enum(['maker', 'taker']),
  createdAt: timestamp,
});
export type OrderFill = zod.infer<typeof orderFillSchema>;

export const orderSchema = zod.object({
  id: zod.uuid(),
  symbol: zod.string(),
  /** The spec's classification: buy, sell or dark pool. */
  type: zod.enum(['buy', 'sell', 'dark pool']),
  side: zod.enum(ORDER_SIDES),
  orderType: zod.enum(ORDER_KINDS),
  darkPool: zod.boolean(),
  venue: zod.string(),
  timeInForce: zod.enum(TIME_IN_FORCE).nullable(),
  postOnly: zod.boolean(),
  price: decimal.nullable(),
  amount: decimal.nullable(),
  total: decimal.nullable(),
  filledAmount: decimal,
  filledTotal: decimal,
  averagePrice: decimal.nullable(),
  /** Fees paid so far: a buyer pays in the base asset, a seller in the quote asset. */
  fee: decimal,
  feeAsset: zod.string(),
  makerFeeBps: zod.number().int(),
  takerFeeBps: zod.number().int(),
  status: zod.enum(ORDER_STATUSES),
  /** user, ioc_remainder, self_trade, fok_unfillable, post_only_would_cross, market_no_liquidity, ... */
  cancelReason: zod.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  fills: zod.array(orderFillSchema),
});
export type Order = zod.infer<typeof orderSchema>;
export const orderResponseSchema = envelope(orderSchema);

export const ORDER_LIST_TYPES = ['open', 'closed', 'buy', 'sell', 'dark pool', 'dark_pool'] as const;
export const orderListQuerySchema = pageQuerySchema.extend({
  type: zod.enum(ORDER_LIST_TYPES, { error: 'order_type_not_supported' }).optional(),
  symbol: symbolText.optional(),
});
export const orderListSchema = pageInfoSchema.extend({ items: zod.array(orderSchema) });
export type OrderList = zod.infer<typeof orderListSchema>;
export const orderListResponseSchema = envelope(orderListSchema);

export const orderRateSchema = zod.object({
  symbol: zod.string(),
  side: zod.enum(ORDER_SIDES),
  orderType: zod.enum(ORDER_KINDS),
  venue: zod.string(),
  /** The expected average price; null when nothing could fill. */
  price: decimal.nullable(),
  /** The base amount expected to fill. */
  amount: decimal,
  /** price × amount, quote. */
  notional: decimal,
  /** taker when some of it trades at once (feeBps is the taker rate), maker when all of it rests. */
  role: zod.enum(['maker', 'taker']),
  feeBps: zod.number().int(),
  /** The fee of all of it: the taker rate on what trades at once, the maker rate on what rests. */
  fee: decimal,
  /** A limit order's part that would rest on the book at its price (maker); zero otherwise. */
  restingAmount: decimal,
  feeAsset: zod.string(),
  /** Buy: the quote paid; sell: the quote received after the fee. */
  total: decimal,
  /** What arrives in the wallet: base after the fee for a buy, quote after the fee for a sell. */
  receive: decimal,
  receiveAsset: zod.string(),
  /** False when the book or platform cannot fill all of it now. */
  fullyFillable: zod.boolean(),
});
export type OrderRate = zod.infer<typeof orderRateSchema>;
export const orderRateResponseSchema = envelope(orderRateSchema);

// Alerts ----------------------------------------------------------------------------------------

export const ALERT_CONDITIONS = ['above', 'below'] as const;
export const alertBodySchema = zod.object({
  symbol: symbolText,
  condition: zod.enum(ALERT_CONDITIONS, { error: 'alert_condition_must_be_above_or_below' }),
  price: amountTextSchema,
});
export type AlertBody = zod.input<typeof alertBodySchema>;
export const alertSchema = zod.object({
  id: zod.uuid(),
  symbol: zod.string(),
  condition: zod.enum(ALERT_CONDITIONS),
  price: decimal,
  /** active until the last price first crosses it, then triggered (it fires once). */
  status: zod.enum(['active', 'triggered']),
  createdAt: timestamp,
  triggeredAt: timestamp.nullable(),
  triggeredPrice: decimal.nullable(),
});
export type Alert = zod.infer<typeof alertSchema>;
export const alertResponseSchema = envelope(alertSchema);
export const alertListSchema = pageInfoSchema.extend({ items: zod.array(alertSchema) });
export const alertListResponseSchema = envelope(alertListSchema);
export const MAX_ACTIVE_ALERTS = 50;

// WebSocket -------------------------------------------------------------------------------------

/** `orders` channel on the customer's own stream: an order was placed or changed. */
export const orderUpdatedEventSchema = zod.object({
  channel: zod.literal('orders'),
  type: zod.literal('updated'),
  data: orderSchema,
});
/** `alerts` channel: an alert fired. */
export const alertTriggeredEventSchema = zod.object({
  channel: zod.literal('alerts'),
  type: zod.literal('triggered'),
  data: alertSchema,
});

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];
const amountErrors: ErrorCode[] = [
  'amount_is_empty',
  'amount_is_not_a_decimal',
  'amount_is_too_long',
  'amount_is_too_large',
];
const orderRules: ErrorCode[] = [
  ...amountErrors,
  'amount_has_too_many_decimals',
  'pair_is_not_listed',
  'venue_is_not_listed',
  'order_side_required',
  'order_side_must_match_type',
  'order_type_not_supported',
  'order_amount_required',
  'order_amount_or_total_required',
  'order_total_applies_to_market_buy_only',
  'order_amount_and_total_are_exclusive',
  'limit_order_requires_price',
  'market_order_takes_no_price',
  'price_must_be_positive',
  'price_must_be_multiple_of_tick',
  'price_is_out_of_range',
  'quantity_must_be_positive',
  'quantity_must_be_multiple_of_lot',
  'quantity_is_out_of_range',
  'notional_must_fit_range',
  'notional_must_reach_minimum',
  'time_in_force_applies_to_limit_orders',
  'post_only_requires_limit_gtc',
  'dark_pool_accepts_limit_orders_only',
  'dark_pool_not_available_for_pair',
  'dark_pool_is_on_rora_only',
  'notional_must_reach_dark_pool_minimum',
];
const idempotency: ErrorCode[] = [
  'idempotency_key_required',
  'idempotency_key_reused_with_different_body',
  'idempotency_request_in_progress',
];

export const marketsCalls = {
  placeOrder: {
    method: 'POST',
    path: '/order',
    auth: true,
    errors: [
      ...signedIn,
      ...idempotency,
      ...orderRules,
      'kyc_approval_required',
      'available_balance_must_cover_order',
      'market_has_no_liquidity',
      'market_is_unavailable',
      'venue_is_unavailable',
      'venue_liquidity_insufficient',
      'order_type_swap_unavailable',
      'too_many_requests',
    ],
  },
  orderRate: {
    method: 'POST',
    path: '/order/rate',
    auth: true,
    errors: [...signedIn, ...orderRules, 'too_many_requests'],
  },
  listOrders: {
    method: 'GET',
    path: '/order',
    auth: true,
    errors: [...signedIn, 'query_number_must_be_decimal_digits', 'order_type_not_supported', 'pair_is_not_listed'],
  },
  getOrder: { method: 'GET', path: '/order/{id}', auth: true, errors: [...signedIn, 'resource_not_found'] },
  cancelOrder: {
    method: 'DELETE',
    path: '/order/{id}',
    auth: true,
    errors: [
      ...signedIn,
      'resource_not_found',
      'order_must_be_open',
      'market_is_unavailable',
      'too_many_requests',
      'request_body_not_allowed',
    ],
  },
  ...marketDataCalls,
  createAlert: {
    method: 'POST',
    path: '/alert',
    auth: true,
    errors: [
      ...signedIn,
      ...amountErrors,
      'pair_is_not_listed',
      'alert_condition_must_be_above_or_below',
      'price_must_be_positive',
      'amount_has_too_many_decimals',
      'alert_price_must_be_above_last_price',
      'alert_price_must_be_below_last_price',
      'alert_limit_reached',
      'market_has_no_last_price',
      'too_many_requests',
    ],
  },
  listAlerts: {
    method: 'GET',
    path: '/alert',
    auth: true,
    errors: [...signedIn, 'query_number_must_be_decimal_digits'],
  },
  deleteAlert: {
    method: 'DELETE',
    path: '/alert/{id}',
    auth: true,
    errors: [...signedIn, 'resource_not_found', 'request_body_not_allowed'],
  },
} as const satisfies Record<string, AccountCall>;

// The engine's vocabulary: commands that go in, events that come out. Prices are whole ticks and
// quantities whole lots (plain safe integers); market-spec.ts maps them to and from money.

/** An order's id; unique among the open orders of a market (the caller keeps it unique for ever). */
export type OrderId = string | number;
/** Whose order it is; two orders of the same owner never fill each other (self-trade prevention). */
export type OwnerId = string | number;
export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

export interface PlaceCommand {
  orderId: OrderId;
  owner: OwnerId;
  side: Side;
  type: 'limit' | 'market';
  /** Limit orders: GTC (default), IOC or FOK. Market orders are always IOC. */
  timeInForce?: TimeInForce;
  /** Limit GTC only: the order is cancelled instead of taking liquidity. */
  postOnly?: boolean;
  /** Limit orders only. */
  priceTicks?: number;
  /** Required, except for a market buy that gives `budgetTickLots` instead. */
  qtyLots?: number;
  /** Market buy only: spend at most this sum of priceTicks × qtyLots over its fills. */
  budgetTickLots?: number;
}

/** An order resting in the book, as listed by `openOrders()` and taken by `restore()`. */
export interface OpenOrder {
  orderId: OrderId;
  owner: OwnerId;
  side: Side;
  priceTicks: number;
  remainingLots: number;
}

export type RejectReason =
  | 'order_id_must_be_unique'
  | 'side_must_be_buy_or_sell'
  | 'type_must_be_limit_or_market'
  | 'time_in_force_must_be_gtc_ioc_or_fok'
  | 'price_must_be_positive_whole_ticks'
  | 'quantity_must_be_positive_whole_lots'
  | 'budget_must_be_positive_whole_tick_lots'
  | 'notional_must_fit_engine_range'
  | 'market_order_takes_no_price'
  | 'market_order_must_be_ioc'
  | 'market_buy_takes_quantity_or_budget'
  | 'budget_applies_to_market_buy_only'
  | 'post_only_requires_limit_gtc'
  | 'dark_pool_accepts_limit_orders_only'
  | 'notional_must_reach_dark_pool_minimum'
  /** A cancel whose order is not open in this book (unknown, filled or already cancelled). */
  | 'order_must_be_open';

export type CancelReason =
  'user' | 'ioc_remainder' | 'self_trade' | 'fok_unfillable' | 'post_only_would_cross' | 'market_no_liquidity';

export interface AcceptedEvent {
  type: 'accepted';
  orderId: OrderId;
  owner: OwnerId;
}

export interface RejectedEvent {
  type: 'rejected';
  orderId: OrderId;
  reason: RejectReason;
}

export interface FillEvent {
  type: 'fill';
  makerOrderId: OrderId;
  takerOrderId: OrderId;
  makerOwner: OwnerId;
  takerOwner: OwnerId;
  /** The side of the taker: 'buy' means the taker bought from the maker. */
  takerSide: Side;
  /** Always the maker's price. */
  priceTicks: number;
  qtyLots: number;
  makerRemainingLots: number;
  /** Lots the taker still wants after this fill (0 for a budget market buy). */
  takerRemainingLots: number;
}

export interface RestedEvent {
  type: 'rested';
  orderId: OrderId;
  owner: OwnerId;
  side: Side;
  priceTicks: number;
  remainingLots: number;
}

export interface CancelledEvent {
  type: 'cancelled';
  orderId: OrderId;
  owner: OwnerId;
  /** Lots that will never fill (0 for a budget market buy: its unspent budget is budget − Σ fills). */
  remainingLots: number;
  reason: CancelReason;
}

/** The order is complete: fully filled, or a budget market buy that cannot afford another lot. */
export interface DoneEvent {
  type: 'done';
  orderId: OrderId;
  owner: OwnerId;
}

/**
 * Every placed order gets `rejected`, or `accepted` followed by its fills and then `rested`,
 * `cancelled` or `done`. A rested order later ends with exactly one `cancelled` or `done`.
 */
export type EngineEvent = AcceptedEvent | RejectedEvent | FillEvent | RestedEvent | CancelledEvent | DoneEvent;

/**
 * Receives the engine's events synchronously, in order. To avoid allocating on every operation
 * the engine reuses one object per event type: copy the fields you keep before returning. A sink
 * must not throw: the book would be left part way through a command.
 */
export type EventSink = (event: EngineEvent) => void;

/** Aggregated public depth at one price. */
export interface DepthLevel {
  priceTicks: number;
  qtyLots: number;
  orderCount: number;
}

export interface Depth {
  /** Best (highest) first. */
  bids: DepthLevel[];
  /** Best (lowest) first. */
  asks: DepthLevel[];
}

// A runner batch as the JSON orders_commit_batch() (sql/orders_commit_batch.sql) reads: snake_case keys named
// for their columns, amounts as decimal strings (never numbers), times as ISO-8601 strings.
import type { CandleFold } from '../markets/index.ts';
import type { FillRecord, OrderState } from './order-state.ts';

const text = (value: bigint | null) => (value === null ? null : value.toString());
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function orderRow(order: OrderState) {
  return {
    id: order.id,
    user_id: order.userId,
    pair: order.pair,
    side: order.side,
    order_type: order.orderType,
    book: order.book,
    venue: order.venue,
    time_in_force: order.timeInForce,
    post_only: order.postOnly,
    price: text(order.price),
    quantity: text(order.quantity),
    budget: text(order.budget),
    hold_asset: order.holdAsset,
    hold_amount: text(order.holdAmount),
    filled_quantity: text(order.filledQuantity),
    filled_notional: text(order.filledNotional),
    fee_paid: text(order.feePaid),
    fee_asset: order.feeAsset,
    maker_fee_bps: order.makerFeeBps,
    taker_fee_bps: order.takerFeeBps,
    status: order.status,
    cancel_reason: order.cancelReason,
    seq: text(order.seq),
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
    closed_at: iso(order.closedAt),
  };
}

/** The columns a fill, a cancel or a close changes on an order that already exists. */
export function orderChangeRow(order: OrderState) {
  return {
    id: order.id,
    filled_quantity: text(order.filledQuantity),
    filled_notional: text(order.filledNotional),
    fee_paid: text(order.feePaid),
    status: order.status,
    cancel_reason: order.cancelReason,
    updated_at: iso(order.updatedAt),
    closed_at: iso(order.closedAt),
  };
}

export function fillRow(fill: FillRecord) {
  return {
    id: fill.id,
    pair: fill.pair,
    book: fill.book,
    venue: fill.venue,
    seq: text(fill.seq),
    maker_order_id: fill.makerOrderId,
    taker_order_id: fill.takerOrderId,
    maker_user_id: fill.makerUserId,
    taker_user_id: fill.takerUserId,
    taker_side: fill.takerSide,
    price: text(fill.price),
    quantity: text(fill.quantity),
    notional: text(fill.notional),
    maker_fee: text(fill.makerFee),
    taker_fee: text(fill.takerFee),
    created_at: iso(fill.createdAt),
  };
}

export function candleRow(pair: string, candle: CandleFold) {
  return {
    pair,
    interval: candle.interval,
    bucket: iso(candle.bucket),
    open: text(candle.open),
    high: text(candle.high),
    low: text(candle.low),
    close: text(candle.close),
    volume: text(candle.volume),
    quote_volume: text(candle.quoteVolume),
    count: candle.count,
  };
}

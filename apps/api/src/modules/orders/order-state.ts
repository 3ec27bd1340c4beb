// An order as the runner keeps it: the row of the orders table in memory, with bigint amounts.
// Open orders live in the runner between batches; an order placed or touched in a batch is written
// back when the batch commits.
import type { OrderKind, OrderSide, OrderStatus, TimeInForce } from '@rora/contracts';
import type { OrderBook } from './order-request.ts';

export interface OrderState {
  id: string;
  userId: string;
  pair: string;
  side: OrderSide;
  orderType: OrderKind;
  book: OrderBook;
  venue: string;
  timeInForce: TimeInForce | null;
  postOnly: boolean;
  price: bigint | null;
  quantity: bigint | null;
  budget: bigint | null;
  holdAsset: string;
  holdAmount: bigint;
  filledQuantity: bigint;
  filledNotional: bigint;
  feePaid: bigint;
  feeAsset: string;
  makerFeeBps: number;
  takerFeeBps: number;
  status: OrderStatus;
  cancelReason: string | null;
  seq: bigint | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

export interface FillRecord {
  id: string;
  pair: string;
  book: OrderBook;
  venue: string;
  seq: bigint | null;
  makerOrderId: string | null;
  takerOrderId: string;
  makerUserId: string | null;
  takerUserId: string;
  takerSide: OrderSide;
  price: bigint;
  quantity: bigint;
  notional: bigint;
  makerFee: bigint;
  takerFee: bigint;
  createdAt: Date;
}

/** The fills among `fills` that the order took part in, as taker or maker. */
export const fillsOf = (order: { id: string }, fills: readonly FillRecord[]): FillRecord[] =>
  fills.filter((fill) => fill.takerOrderId === order.id || fill.makerOrderId === order.id);

/** What the order's hold still holds: the hold less what fills posted from it. */
export function holdRemaining(order: OrderState): bigint {
  return order.holdAmount - (order.side === 'buy' ? order.filledNotional : order.filledQuantity);
}

/** Open orders rest in a book; the others are final (pending waits for an external platform). */
export const isOpenStatus = (status: OrderStatus) => status === 'open' || status === 'partially_filled';

export function restingStatus(order: OrderState): OrderStatus {
  return order.filledQuantity > 0n ? 'partially_filled' : 'open';
}

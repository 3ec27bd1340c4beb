// Records the runner makes and reads: a new order's row from its intent and plan, and an open
// order's row as the engine's OpenOrder (the book rebuilds from these).
import type { OpenOrder } from '@rora/matching-engine';
import type { Market } from '../markets/index.ts';
import type { PlaceInput } from './market-runner.ts';
import type { OrderPlan } from './order-plan.ts';
import type { OrderIntent } from './order-request.ts';
import type { OrderState } from './order-state.ts';

export function toOpenOrder(market: Market, order: OrderState): OpenOrder {
  return {
    orderId: order.id,
    owner: order.userId,
    side: order.side,
    priceTicks: Number(order.price! / market.spec.tickSize),
    remainingLots: Number((order.quantity! - order.filledQuantity) / market.spec.lotSize),
  };
}

/** A new order's row from its intent: nothing held, filled or paid yet, not sequenced. */
export function orderStateFromIntent(orderId: string, userId: string, intent: OrderIntent, now: Date): OrderState {
  const { market } = intent;
  return {
    id: orderId,
    userId,
    pair: market.symbol,
    side: intent.side,
    orderType: intent.orderType,
    book: intent.book,
    venue: intent.venue.id,
    timeInForce: intent.timeInForce,
    postOnly: intent.postOnly,
    price: intent.priceTicks === null ? null : BigInt(intent.priceTicks) * market.spec.tickSize,
    quantity: intent.qtyLots === null ? null : BigInt(intent.qtyLots) * market.spec.lotSize,
    budget: intent.budget,
    holdAsset: intent.side === 'buy' ? market.quote : market.base,
    holdAmount: 0n,
    filledQuantity: 0n,
    filledNotional: 0n,
    feePaid: 0n,
    feeAsset: intent.side === 'buy' ? market.base : market.quote,
    makerFeeBps: intent.venue.makerFeeBps,
    takerFeeBps: intent.venue.takerFeeBps,
    status: 'open',
    cancelReason: null,
    seq: null,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
  };
}

/** An order the sequencer accepted: its hold as planned, and its place in the sequence. */
export function newOrderState(options: {
  input: PlaceInput;
  plan: Extract<OrderPlan, { ok: true }>;
  seq: bigint;
  now: Date;
}): OrderState {
  const { input, plan, seq, now } = options;
  return {
    ...orderStateFromIntent(input.orderId, input.userId, input.intent, now),
    holdAsset: plan.holdAsset,
    holdAmount: plan.holdAmount,
    seq,
  };
}

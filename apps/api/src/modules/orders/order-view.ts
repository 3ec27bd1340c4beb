// An order and its fills as the API shows them (contracts `Order`): decimal strings in the pair's
// assets, the average price rounded to the quote's minor unit, each fill with the customer's role.
import type { Order, OrderFill } from '@rora/contracts';
import { formatAmount, mulDiv, scaleFactor } from '@rora/money';
import { formatBase, formatPrice, formatQuote, requireMarket, type Market } from '../markets/index.ts';
import type { FillRecord, OrderState } from './order-state.ts';

export function fillView(market: Market, order: OrderState, fill: FillRecord): OrderFill {
  const role = fill.takerOrderId === order.id ? 'taker' : 'maker';
  const fee = role === 'taker' ? fill.takerFee : fill.makerFee;
  const feeScale = order.feeAsset === market.base ? market.baseScale : market.quoteScale;
  return {
    id: fill.id,
    price: formatPrice(market, fill.price),
    amount: formatBase(market, fill.quantity),
    total: formatQuote(market, fill.notional),
    fee: formatAmount(fee, feeScale),
    feeAsset: order.feeAsset,
    role,
    createdAt: fill.createdAt.toISOString(),
  };
}

export function orderView(order: OrderState, fills: readonly FillRecord[]): Order {
  const market = requireMarket(order.pair);
  const notional =
    order.price !== null && order.quantity !== null
      ? mulDiv(order.price, order.quantity, scaleFactor(market.baseScale), 'up')
      : null;
  const average =
    order.filledQuantity > 0n
      ? mulDiv(order.filledNotional, scaleFactor(market.baseScale), order.filledQuantity, 'half-even')
      : null;
  const feeScale = order.feeAsset === market.base ? market.baseScale : market.quoteScale;
  return {
    id: order.id,
    symbol: order.pair,
    type: order.book === 'dark' ? 'dark pool' : order.side,
    side: order.side,
    orderType: order.orderType,
    darkPool: order.book === 'dark',
    venue: order.venue,
    timeInForce: order.timeInForce,
    postOnly: order.postOnly,
    price: order.price === null ? null : formatPrice(market, order.price),
    amount: order.quantity === null ? null : formatBase(market, order.quantity),
    total:
      order.budget !== null
        ? formatQuote(market, order.budget)
        : notional === null
          ? null
          : formatQuote(market, notional),
    filledAmount: formatBase(market, order.filledQuantity),
    filledTotal: formatQuote(market, order.filledNotional),
    averagePrice: average === null ? null : formatPrice(market, average),
    fee: formatAmount(order.feePaid, feeScale),
    feeAsset: order.feeAsset,
    makerFeeBps: order.makerFeeBps,
    takerFeeBps: order.takerFeeBps,
    status: order.status,
    cancelReason: order.cancelReason,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    fills: fills.map((fill) => fillView(market, order, fill)),
  };
}

/** POST /order's answer for an order that was placed: what its request sends and its key stores. */
export function placedOrderAnswer(order: OrderState, fills: readonly FillRecord[]): { status: 201; body: string } {
  return { status: 201, body: JSON.stringify({ data: orderView(order, fills) }) };
}

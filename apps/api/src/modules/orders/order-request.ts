// Turns a POST /order (or /order/rate) body into one precise order intent, or refuses it with the
// code of the rule it breaks. Reads the spec's fields (type buy | sell | dark pool, amount, symbol)
// and the richer ones (side, orderType, price, total, timeInForce, postOnly, venue). Pure: no I/O.
import {
  DEFAULT_VENUE,
  VENUES,
  type OrderKind,
  type OrderSide,
  type TimeInForce,
  type TradeOrderBody,
  type VenueDefinition,
} from '@rora/contracts';
import { checkDarkMinNotional } from '@rora/matching-engine';
import { AppError } from '../../lib/errors.ts';
import {
  notionalOf,
  parseDecimal,
  parsePriceTicks,
  parseQuantityLots,
  requireMarket,
  type Market,
} from '../markets/index.ts';

export type OrderBook = 'lit' | 'dark' | 'venue';

export interface OrderIntent {
  market: Market;
  side: OrderSide;
  orderType: OrderKind;
  book: OrderBook;
  venue: VenueDefinition;
  /** Limit orders only. */
  timeInForce: TimeInForce | null;
  postOnly: boolean;
  priceTicks: number | null;
  /** Base amount in lots; null for a market buy by total. */
  qtyLots: number | null;
  /** Market buy by total: the quote amount to spend, in minor units. */
  budget: bigint | null;
}

function sideOf(body: TradeOrderBody): { side: OrderSide; dark: boolean } {
  const dark = body.type === 'dark pool' || body.type === 'dark_pool';
  const typeSide = body.type === 'buy' || body.type === 'sell' ? body.type : undefined;
  if (typeSide && body.side && typeSide !== body.side)
    throw new AppError('order_side_must_match_type', { field: 'side' });
  const side = typeSide ?? body.side;
  if (!side) throw new AppError('order_side_required', { field: 'side' });
  return { side, dark };
}

/**
 * The chosen platform sets the order's maker and taker fees. A market order on an external platform
 * executes there (book 'venue'); limit orders rest on Rora's book whatever platform's fees they pay.
 */
function venueOf(body: TradeOrderBody, dark: boolean): VenueDefinition {
  const venue = VENUES.find((item) => item.id === (body.venue ?? DEFAULT_VENUE.id));
  if (!venue) throw new AppError('venue_is_not_listed', { field: 'venue' });
  if (dark && venue.id !== DEFAULT_VENUE.id) throw new AppError('dark_pool_is_on_rora_only', { field: 'venue' });
  return venue;
}

function limitFields(market: Market, body: TradeOrderBody) {
  if (body.price === undefined) throw new AppError('limit_order_requires_price', { field: 'price' });
  if (body.total !== undefined) throw new AppError('order_total_applies_to_market_buy_only', { field: 'total' });
  if (body.amount === undefined) throw new AppError('order_amount_required', { field: 'amount' });
  const timeInForce = body.timeInForce ?? 'GTC';
  if (body.postOnly === true && timeInForce !== 'GTC') {
    throw new AppError('post_only_requires_limit_gtc', { field: 'postOnly' });
  }
  const priceTicks = parsePriceTicks(market, body.price);
  const qtyLots = parseQuantityLots(market, body.amount);
  // The engine counts value in ticks x lots as a safe integer: a larger order cannot be matched.
  if (!Number.isSafeInteger(priceTicks * qtyLots)) throw new AppError('notional_must_fit_range', { field: 'amount' });
  if (notionalOf(market, priceTicks, qtyLots) < market.minNotional) {
    throw new AppError('notional_must_reach_minimum', { field: 'amount' });
  }
  return { timeInForce, priceTicks, qtyLots, budget: null };
}

function marketFields(market: Market, body: TradeOrderBody, side: OrderSide) {
  if (body.price !== undefined) throw new AppError('market_order_takes_no_price', { field: 'price' });
  if (body.timeInForce !== undefined) {
    throw new AppError('time_in_force_applies_to_limit_orders', { field: 'timeInForce' });
  }
  if (body.postOnly === true) throw new AppError('post_only_requires_limit_gtc', { field: 'postOnly' });
  if (body.total !== undefined) {
    if (side === 'sell') throw new AppError('order_total_applies_to_market_buy_only', { field: 'total' });
    if (body.amount !== undefined) throw new AppError('order_amount_and_total_are_exclusive', { field: 'total' });
    const budget = parseDecimal(body.total, market.quoteScale, 'total');
    if (budget < market.minNotional) throw new AppError('notional_must_reach_minimum', { field: 'total' });
    return { timeInForce: null, priceTicks: null, qtyLots: null, budget };
  }
  if (body.amount === undefined) {
    throw new AppError(side === 'buy' ? 'order_amount_or_total_required' : 'order_amount_required', {
      field: 'amount',
    });
  }
  return { timeInForce: null, priceTicks: null, qtyLots: parseQuantityLots(market, body.amount), budget: null };
}

export function toOrderIntent(body: TradeOrderBody): OrderIntent {
  const market = requireMarket(body.symbol);
  const { side, dark } = sideOf(body);
  const orderType: OrderKind = body.orderType ?? (dark || body.price !== undefined ? 'limit' : 'market');
  if (dark && orderType !== 'limit') throw new AppError('dark_pool_accepts_limit_orders_only', { field: 'orderType' });
  if (dark && market.darkMinNotional === null)
    throw new AppError('dark_pool_not_available_for_pair', { field: 'symbol' });
  const venue = venueOf(body, dark);
  const fields = orderType === 'limit' ? limitFields(market, body) : marketFields(market, body, side);
  // At the limit: final for a sell, a first cut for a buy, which the engine values again at the asks
  // it would take (ADR 0084); market-book.ts answers that refusal with this same code.
  if (dark && checkDarkMinNotional(market.spec, { priceTicks: fields.priceTicks!, qtyLots: fields.qtyLots! })) {
    throw new AppError('notional_must_reach_dark_pool_minimum', { field: 'amount' });
  }
  const book: OrderBook = dark ? 'dark' : orderType === 'market' && venue.id !== DEFAULT_VENUE.id ? 'venue' : 'lit';
  return { market, side, orderType, book, venue, postOnly: body.postOnly === true && orderType === 'limit', ...fields };
}

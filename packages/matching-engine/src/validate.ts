// Checks a place command before it touches the book. Every number the engine adds or multiplies is
// a positive safe integer and every notional (priceTicks × qtyLots) fits in one, so arithmetic on
// plain numbers stays exact.
import type { PlaceCommand, RejectReason } from './types.ts';

export interface BookRules {
  /** A dark book: limit orders only, each at least `minNotionalTickLots` when placed. */
  hidden: boolean;
  minNotionalTickLots: number;
}

function isPositiveSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function checkShape(command: PlaceCommand): RejectReason | null {
  if (command.side !== 'buy' && command.side !== 'sell') return 'side_must_be_buy_or_sell';
  if (command.type !== 'limit' && command.type !== 'market') return 'type_must_be_limit_or_market';
  const tif = command.timeInForce;
  if (tif !== undefined && tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') {
    return 'time_in_force_must_be_gtc_ioc_or_fok';
  }
  return null;
}

function checkLimit(command: PlaceCommand): RejectReason | null {
  if (!isPositiveSafeInteger(command.priceTicks)) return 'price_must_be_positive_whole_ticks';
  if (!isPositiveSafeInteger(command.qtyLots)) return 'quantity_must_be_positive_whole_lots';
  if (command.budgetTickLots !== undefined) return 'budget_applies_to_market_buy_only';
  if (command.postOnly === true && (command.timeInForce ?? 'GTC') !== 'GTC') return 'post_only_requires_limit_gtc';
  if (!Number.isSafeInteger(command.priceTicks * command.qtyLots)) return 'notional_must_fit_engine_range';
  return null;
}

function checkMarket(command: PlaceCommand): RejectReason | null {
  if (command.priceTicks !== undefined) return 'market_order_takes_no_price';
  if (command.timeInForce !== undefined && command.timeInForce !== 'IOC') return 'market_order_must_be_ioc';
  if (command.postOnly === true) return 'post_only_requires_limit_gtc';
  const budget = command.budgetTickLots;
  if (budget === undefined) {
    return isPositiveSafeInteger(command.qtyLots) ? null : 'quantity_must_be_positive_whole_lots';
  }
  if (command.side !== 'buy') return 'budget_applies_to_market_buy_only';
  if (command.qtyLots !== undefined) return 'market_buy_takes_quantity_or_budget';
  return isPositiveSafeInteger(budget) ? null : 'budget_must_be_positive_whole_tick_lots';
}

/** Returns why the command is refused, or null when the book may take it. */
export function validatePlace(command: PlaceCommand, rules: BookRules): RejectReason | null {
  const shape = checkShape(command);
  if (shape !== null) return shape;
  if (command.type === 'market') {
    return rules.hidden ? 'dark_pool_accepts_limit_orders_only' : checkMarket(command);
  }
  const limit = checkLimit(command);
  if (limit !== null) return limit;
  // Valued at the limit: final for a sell, a first cut for a buy (OrderBook values a dark buy again
  // at the prices it would trade at, which are never above its limit).
  if (rules.hidden && (command.priceTicks as number) * (command.qtyLots as number) < rules.minNotionalTickLots) {
    return 'notional_must_reach_dark_pool_minimum';
  }
  return null;
}

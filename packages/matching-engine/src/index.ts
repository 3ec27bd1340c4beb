// The pure order book of DESIGN §5: commands in, events out, no I/O, no clock.
export { OrderBook, type OrderBookOptions } from './order-book.ts';
export { Market, type MarketOptions, type MarketOpenOrders, type MarketPlaceCommand } from './market.ts';
export { collectEvents } from './emitter.ts';
export {
  assertMarketSpec,
  budgetToTickLots,
  checkDarkMinNotional,
  darkMinNotionalTickLots,
  lotsToQuantity,
  notional,
  priceToTicks,
  quantityToLots,
  ticksToPrice,
  type BudgetCode,
  type Conversion,
  type MarketSpec,
  type NotionalInput,
  type PriceCode,
  type QuantityCode,
} from './market-spec.ts';
export type * from './types.ts';

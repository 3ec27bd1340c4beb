// The market catalogue: the eight markets (tick, lot and minimums from the contract's
// MARKET_DEFINITIONS) and their candle buckets. A leaf: it imports no other module, so orders,
// venues, market data, alerts and the market maker all depend on it and it on none of them.
export {
  MARKETS,
  findMarket,
  formatBase,
  formatPrice,
  formatQuote,
  formatTickPrice,
  notionalOf,
  parseDecimal,
  parsePriceTicks,
  parseQuantityLots,
  priceOfTicks,
  quantityOfLots,
  requireMarket,
  type Market,
} from './market-specs.ts';
export {
  INTERVAL_MS,
  bucketStart,
  foldTrades,
  type CandleFold,
  type Ohlcv,
  type TradePrint,
} from './candle-buckets.ts';

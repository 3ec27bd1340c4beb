// The market-data context: public depth, trades, tickers and candles over REST and WebSocket topics
// (each starting with a snapshot), fed by the order runners' committed batches; the seeded history.
export { seedPriceHistory } from './history-seed.ts';
export {
  LAST_PRICE_TOPIC,
  createMarketDataService,
  marketOfQuery,
  type LastPriceEvent,
  type MarketDataQuery,
  type MarketDataService,
} from './market-data.service.ts';
export { createSnapshotBus, type SnapshotBus, type SnapshotProvider } from './snapshot-bus.ts';
export { shareOffer } from './share-offer.ts';

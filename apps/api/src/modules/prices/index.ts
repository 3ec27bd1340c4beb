// The prices context: the asset catalogue and USD prices (seeded reference prices until a feed
// appends observations), and the bigint arithmetic that values holdings in US dollars.
export { createPriceService, type AssetQuote, type PriceService } from './prices.service.ts';
export { seedAssetCatalogue } from './prices.seed.ts';
export { ASSET_CATALOGUE, type CatalogueEntry } from './asset-catalogue.ts';
export {
  PRICE_SCALE,
  convertUp,
  formatCents,
  formatPrice,
  parsePrice,
  percentChange,
  toCents,
  usdCents,
  usdValue,
} from './valuation.ts';
export {
  livePrices,
  type LiveAssetQuote,
  type LivePriceService,
  type MarketTickers,
  type PriceSource,
} from './live-prices.ts';

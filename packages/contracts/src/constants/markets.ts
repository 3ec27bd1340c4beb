// Market constants of spec §2 and §9: the coin pairs, the price venues ("platforms") with their
// fees, the chart ranges and the dark-pool minimums. Lists are in the spec's order, default first.
import type { AssetSymbol } from '@rora/money';

export interface PairDefinition {
  /** Display and API form: `BASE/QUOTE`. */
  readonly symbol: string;
  readonly base: AssetSymbol;
  readonly quote: AssetSymbol;
}

function pair<B extends AssetSymbol, Q extends AssetSymbol>(base: B, quote: Q) {
  return { symbol: `${base}/${quote}`, base, quote } as const;
}

/** The eight coin pairs, BTC/USDT (the default) first. */
export const PAIRS = [
  pair('BTC', 'USDT'),
  pair('ETH', 'USDT'),
  pair('LTC', 'USDT'),
  pair('ADX', 'USDT'),
  pair('BUSD', 'USDT'),
  pair('XRP', 'USDT'),
  pair('SOL', 'USDT'),
  pair('BNB', 'USDT'),
] as const satisfies readonly PairDefinition[];

export type PairSymbol = (typeof PAIRS)[number]['symbol'];
export const DEFAULT_PAIR: PairDefinition = PAIRS[0];

/** Tick (price step), lot (amount step) and minimum order value of each pair, as decimal strings. */
export interface MarketDefinition {
  readonly symbol: PairSymbol;
  readonly tick: string;
  readonly lot: string;
  /** Smallest order value, in the quote asset. */
  readonly minNotional: string;
  /** Smallest dark-pool order value in the quote asset (USDT ~ USD), or null: no dark pool. */
  readonly darkPoolMinNotional: string | null;
}

export const MARKET_DEFINITIONS: Record<PairSymbol, MarketDefinition> = {
  'BTC/USDT': { symbol: 'BTC/USDT', tick: '0.1', lot: '0.00001', minNotional: '1', darkPoolMinNotional: '100000' },
  'ETH/USDT': { symbol: 'ETH/USDT', tick: '0.01', lot: '0.0001', minNotional: '1', darkPoolMinNotional: '50000' },
  'LTC/USDT': { symbol: 'LTC/USDT', tick: '0.01', lot: '0.001', minNotional: '1', darkPoolMinNotional: null },
  'ADX/USDT': { symbol: 'ADX/USDT', tick: '0.0001', lot: '0.1', minNotional: '1', darkPoolMinNotional: null },
  'BUSD/USDT': { symbol: 'BUSD/USDT', tick: '0.0001', lot: '0.01', minNotional: '1', darkPoolMinNotional: null },
  'XRP/USDT': { symbol: 'XRP/USDT', tick: '0.0001', lot: '0.1', minNotional: '1', darkPoolMinNotional: null },
  'SOL/USDT': { symbol: 'SOL/USDT', tick: '0.01', lot: '0.001', minNotional: '1', darkPoolMinNotional: null },
  'BNB/USDT': { symbol: 'BNB/USDT', tick: '0.01', lot: '0.001', minNotional: '1', darkPoolMinNotional: null },
};

export interface VenueDefinition {
  /** Stable identifier used in API calls and stored rows. */
  readonly id: string;
  readonly name: string;
  /** Fees in basis points of the notional: 0.5 % = 50 bps. */
  readonly takerFeeBps: number;
  readonly makerFeeBps: number;
}

/**
 * The seven venues (spec "platforms"), in the spec's order with the default first. Venue 1 is
 * Rora's own order book; the others are external price sources reached through a VenueAdapter.
 * Fees from spec §9: 0.5/0.5, 0.5/0.5, 0.6/0.5, 0.2/0.5, 0.2/0.5, 0.5/0.8, 0.1/0.5 (taker/maker %).
 */
export const VENUES = [
  { id: 'rora', name: 'Rora', takerFeeBps: 50, makerFeeBps: 50 },
  { id: 'binance', name: 'Binance', takerFeeBps: 50, makerFeeBps: 50 },
  { id: 'kraken', name: 'Kraken', takerFeeBps: 60, makerFeeBps: 50 },
  { id: 'coinbase', name: 'Coinbase', takerFeeBps: 20, makerFeeBps: 50 },
  { id: 'kucoin', name: 'KuCoin', takerFeeBps: 20, makerFeeBps: 50 },
  { id: 'okx', name: 'OKX', takerFeeBps: 50, makerFeeBps: 80 },
  { id: 'bitstamp', name: 'Bitstamp', takerFeeBps: 10, makerFeeBps: 50 },
] as const satisfies readonly VenueDefinition[];

export type VenueId = (typeof VENUES)[number]['id'];
export const DEFAULT_VENUE: VenueDefinition = VENUES[0];

/** Price-chart ranges in days (spec §9); ATH shows the longest history kept, one year. */
export const CHART_RANGES = [
  { id: '1D', days: 1 },
  { id: '1W', days: 7 },
  { id: '1M', days: 30 },
  { id: '3M', days: 90 },
  { id: '6M', days: 180 },
  { id: '1Y', days: 365 },
  { id: 'ATH', days: 365 },
] as const;

export type ChartRangeId = (typeof CHART_RANGES)[number]['id'];

/**
 * Dark pool: limit orders only, with a minimum order value in whole US dollars by base asset
 * (spec §1, §5, §9: about 100 thousand for BTC pairs, about 50 thousand for ETH pairs). Pairs
 * whose base is not listed here have no dark pool.
 */
export const DARK_POOL_MIN_NOTIONAL_USD = {
  BTC: 100_000n,
  ETH: 50_000n,
} as const satisfies Partial<Record<AssetSymbol, bigint>>;

/** A swap arrives within this many minutes (spec §2, §9). */
export const SWAP_MAX_ARRIVAL_MINUTES = 30;

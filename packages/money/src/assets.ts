// The assets Rora books, each with its scale: the number of decimals of its minor unit, so that an
// amount is always an integer count of minor units (1 BTC = 10^8 minor units). USD is here only to
// value holdings; it is never held.
import { MoneyError } from './errors.ts';

export interface AssetDefinition {
  readonly symbol: string;
  readonly name: string;
  readonly scale: number;
  readonly kind: 'crypto' | 'fiat';
}

export const ASSETS = {
  BTC: { symbol: 'BTC', name: 'Bitcoin', scale: 8, kind: 'crypto' },
  ETH: { symbol: 'ETH', name: 'Ethereum', scale: 18, kind: 'crypto' },
  LTC: { symbol: 'LTC', name: 'Litecoin', scale: 8, kind: 'crypto' },
  XRP: { symbol: 'XRP', name: 'XRP', scale: 6, kind: 'crypto' },
  SOL: { symbol: 'SOL', name: 'Solana', scale: 9, kind: 'crypto' },
  BNB: { symbol: 'BNB', name: 'BNB', scale: 18, kind: 'crypto' },
  USDT: { symbol: 'USDT', name: 'Tether USD', scale: 6, kind: 'crypto' },
  BUSD: { symbol: 'BUSD', name: 'Binance USD', scale: 18, kind: 'crypto' },
  ADX: { symbol: 'ADX', name: 'AdEx', scale: 18, kind: 'crypto' },
  DOGE: { symbol: 'DOGE', name: 'Dogecoin', scale: 8, kind: 'crypto' },
  ADA: { symbol: 'ADA', name: 'Cardano', scale: 6, kind: 'crypto' },
  USD: { symbol: 'USD', name: 'US dollar', scale: 2, kind: 'fiat' },
} as const satisfies Record<string, AssetDefinition>;

export type AssetSymbol = keyof typeof ASSETS;

export const ASSET_SYMBOLS: readonly AssetSymbol[] = Object.freeze(Object.keys(ASSETS) as AssetSymbol[]);

/**
 * Token symbols that stand for a booked asset (spec §9): wrapped and bridged tokens are credited as
 * the asset they wrap. The booked asset's scale applies, whatever the token's on-chain decimals.
 */
export const TOKEN_ALIASES = {
  BSC: 'BNB',
  WBTC: 'BTC',
  BBTC: 'BTC',
  BBNB: 'BNB',
  WETH: 'ETH',
} as const satisfies Record<string, AssetSymbol>;

export function isAssetSymbol(value: unknown): value is AssetSymbol {
  return typeof value === 'string' && Object.hasOwn(ASSETS, value);
}

/** The definition of a booked asset; the symbol must be canonical (`BTC`, not `WBTC` or `btc`). */
export function getAsset(symbol: string): AssetDefinition {
  if (!isAssetSymbol(symbol)) throw unknownAsset(symbol);
  return ASSETS[symbol];
}

/** Decimals of the asset's minor unit; throws `asset_is_unknown` for anything but a canonical symbol. */
export function assetScale(symbol: string): number {
  return getAsset(symbol).scale;
}

/** Maps a token symbol, in any letter case, to the booked asset: `wbtc` -> `BTC`, `ETH` -> `ETH`. */
export function canonicalAssetSymbol(symbol: string): AssetSymbol {
  const upper = typeof symbol === 'string' ? symbol.toUpperCase() : '';
  if (isAssetSymbol(upper)) return upper;
  if (Object.hasOwn(TOKEN_ALIASES, upper)) return TOKEN_ALIASES[upper as keyof typeof TOKEN_ALIASES];
  throw unknownAsset(symbol);
}

function unknownAsset(symbol: unknown): MoneyError {
  return new MoneyError('asset_is_unknown', `Unknown asset ${JSON.stringify(String(symbol)).slice(0, 40)}`);
}

// The assets Rora lists, in screen order, with the logo the web app ships (apps/web/public) and the
// reference price the sandbox starts from. The reference prices are round figures of early 2026
// markets; they stand in until a price feed appends observations (later work), and are never
// presented as live quotes (their source is `reference`).
import type { AssetSymbol } from '@rora/money';

export interface CatalogueEntry {
  readonly symbol: AssetSymbol;
  readonly name: string;
  readonly logo: string;
  /** US dollars per whole unit, as a decimal string. */
  readonly referenceUsdPrice: string;
}

const logo = (symbol: string) => `/assets/logos/${symbol.toLowerCase()}.svg`;

export const ASSET_CATALOGUE: readonly CatalogueEntry[] = [
  { symbol: 'BTC', name: 'Bitcoin', logo: logo('BTC'), referenceUsdPrice: '65000' },
  { symbol: 'ETH', name: 'Ethereum', logo: logo('ETH'), referenceUsdPrice: '3500' },
  { symbol: 'USDT', name: 'Tether USD', logo: logo('USDT'), referenceUsdPrice: '1' },
  { symbol: 'BNB', name: 'BNB', logo: logo('BNB'), referenceUsdPrice: '600' },
  { symbol: 'SOL', name: 'Solana', logo: logo('SOL'), referenceUsdPrice: '150' },
  { symbol: 'XRP', name: 'XRP', logo: logo('XRP'), referenceUsdPrice: '0.6' },
  { symbol: 'LTC', name: 'Litecoin', logo: logo('LTC'), referenceUsdPrice: '85' },
  { symbol: 'BUSD', name: 'Binance USD', logo: logo('BUSD'), referenceUsdPrice: '1' },
  { symbol: 'ADX', name: 'AdEx', logo: logo('ADX'), referenceUsdPrice: '0.2' },
];

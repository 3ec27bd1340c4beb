// Live US dollar prices (issue 19): each asset that Rora lists against USDT is valued at its market:
// the last trade on Rora's book when it traded in the last 24 hours, else the external venues'
// reference price; its price of 24 hours ago is the same 24-hour window's open that the ticker
// shows, so the wallets, the portfolio and the exchange's ticker tell one story. USDT itself, and
// an asset with neither, keep the catalogue's latest observation, marked `catalogue` (a price no
// live source confirms: shown as stale).
import type { Ticker } from '@rora/contracts';
import { mulDiv, scaleFactor } from '@rora/money';
import type { AssetQuote, PriceService } from './prices.service.ts';
import { PRICE_SCALE, parsePrice, percentChange } from './valuation.ts';

export type PriceSource = 'market' | 'venues' | 'catalogue';

export interface LiveAssetQuote extends AssetQuote {
  readonly source: PriceSource;
}

export interface LivePriceService extends PriceService {
  quotes(): Promise<LiveAssetQuote[]>;
  quoteMap(): Promise<Map<string, LiveAssetQuote>>;
}

/** The markets' side: the listed pairs and each one's 24-hour ticker. */
export interface MarketTickers {
  readonly pairs: ReadonlyArray<{ readonly symbol: string; readonly base: string; readonly quote: string }>;
  ticker(symbol: string): Promise<Ticker>;
}

const CROSS_ASSET = 'USDT';

const price = (text: string | null) => (text === null ? null : parsePrice(text));
const inUsd = (inQuote: bigint, quoteUsd: bigint) => mulDiv(inQuote, quoteUsd, scaleFactor(PRICE_SCALE), 'down');

async function liveQuote(quote: AssetQuote, tickers: MarketTickers, quoteUsd: bigint | null): Promise<LiveAssetQuote> {
  const pair = tickers.pairs.find((candidate) => candidate.base === quote.symbol && candidate.quote === CROSS_ASSET);
  const fallback: LiveAssetQuote = { ...quote, source: 'catalogue' };
  if (!pair || quoteUsd === null) return fallback;
  const ticker = await tickers.ticker(pair.symbol).catch(() => null);
  if (!ticker) return fallback;
  const traded = ticker.statsSource === 'trades' ? price(ticker.lastPrice) : null;
  const last = traded ?? price(ticker.referencePrice);
  if (last === null || last <= 0n) return fallback;
  const open = price(ticker.open24h);
  const usdPrice = inUsd(last, quoteUsd);
  const usdPrice24hAgo = open === null ? null : inUsd(open, quoteUsd);
  return {
    ...quote,
    usdPrice,
    usdPrice24hAgo,
    change24h: percentChange(usdPrice, usdPrice24hAgo),
    source: traded === null ? 'venues' : 'market',
  };
}

export function livePrices(deps: { catalogue: PriceService; tickers: MarketTickers }): LivePriceService {
  async function quotes(): Promise<LiveAssetQuote[]> {
    const catalogue = await deps.catalogue.quotes();
    const quoteUsd = catalogue.find((quote) => quote.symbol === CROSS_ASSET)?.usdPrice ?? null;
    return Promise.all(catalogue.map((quote) => liveQuote(quote, deps.tickers, quoteUsd)));
  }
  return {
    quotes,
    async quoteMap() {
      return new Map((await quotes()).map((quote) => [quote.symbol, quote]));
    },
  };
}

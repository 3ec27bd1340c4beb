// The BTC/USDT market as the API answers it (order book, trades, candles, venues), for the exchange
// screen's test; each answer is parsed with its call's response schema by the fake API.
import {
  VENUES,
  candleListSchema,
  depthSchema,
  marketsApi,
  marketsResponseSchema,
  shareOfferSchema,
  tickerSchema,
  tradesResponseSchema,
  venuesResponseSchema,
  type OrderRate,
  type Ticker,
} from '@rora/contracts';
import type { FakeApi } from './fake-api.ts';

export const BTC_PRICE = '46000.0';

/** POST /order/rate's answer for a market buy of 0.01 BTC at 65,000 (a taker, 0.5 % fee in BTC), changed by `overrides`. */
export function orderRateOf(overrides: Partial<OrderRate> = {}): OrderRate {
  return {
    symbol: 'BTC/USDT',
    side: 'buy',
    orderType: 'market',
    venue: 'rora',
    price: '65000',
    amount: '0.01',
    notional: '650',
    role: 'taker',
    feeBps: 50,
    fee: '0.00005',
    restingAmount: '0',
    feeAsset: 'BTC',
    total: '650',
    receive: '0.00995',
    receiveAsset: 'BTC',
    fullyFillable: true,
    ...overrides,
  };
}

export const btcTicker: Ticker = {
  symbol: 'BTC/USDT',
  lastPrice: BTC_PRICE,
  change24h: '-1.25',
  open24h: '46582.3',
  high24h: '46900.0',
  low24h: '45500.0',
  statsSource: 'trades',
  volume24h: '12.5',
  quoteVolume24h: '575000.00',
  bestBid: '45999.9',
  bestAsk: '46000.1',
  referencePrice: '46001.0',
};

const HOUR_S = 3600;

/** Answers the public market calls of the exchange screen for BTC/USDT. */
export function answerBtcMarket(api: FakeApi): void {
  api.answer(marketsApi.markets, marketsResponseSchema.shape.data, {
    items: [
      {
        symbol: 'BTC/USDT',
        base: 'BTC',
        quote: 'USDT',
        tick: '0.1',
        lot: '0.00001',
        minNotional: '1',
        darkPoolMinNotional: '100000',
        ticker: btcTicker,
      },
    ],
  });
  api.answer(marketsApi.ticker, tickerSchema, btcTicker);
  api.answer(marketsApi.shareOffer, shareOfferSchema, {
    pricePerShareGbp: '2.50',
    asset: 'USDT',
    network: 'usdt-erc20',
    networkName: 'Ethereum (ERC-20)',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  });
  api.answer(marketsApi.depth, depthSchema, {
    symbol: 'BTC/USDT',
    sequence: 7,
    bids: [['45999.9', '0.4']],
    asks: [['46000.1', '0.25']],
  });
  api.answer(marketsApi.trades, tradesResponseSchema.shape.data, {
    symbol: 'BTC/USDT',
    items: [
      {
        id: '3f1e9d2c-8b7a-4c6d-9e5f-1a2b3c4d5e6f',
        sequence: 7,
        price: BTC_PRICE,
        amount: '0.01',
        side: 'buy',
        createdAt: '2026-11-25T08:00:00.000Z',
      },
    ],
  });
  const start = Math.floor(Date.parse('2026-11-24T08:00:00Z') / 1000);
  api.answer(marketsApi.candles, candleListSchema, (request) => ({
    symbol: 'BTC/USDT',
    range: request.query.get('range') ?? '1D',
    interval: '5m' as const,
    candles: [0, 1, 2].map((index) => ({
      time: start + index * HOUR_S,
      open: '46500.0',
      high: '46900.0',
      low: '45500.0',
      close: BTC_PRICE,
      volume: '1.5',
    })),
  }));
  api.answer(marketsApi.venues, venuesResponseSchema.shape.data, {
    symbol: 'BTC/USDT',
    items: VENUES.map((venue, index) => ({
      id: venue.id,
      name: venue.name,
      logo: `/venues/${venue.id}.svg`,
      default: index === 0,
      takerFeeBps: venue.takerFeeBps,
      makerFeeBps: venue.makerFeeBps,
      takerFee: String(venue.takerFeeBps / 100),
      makerFee: String(venue.makerFeeBps / 100),
      price: BTC_PRICE,
      bid: '45999.9',
      ask: '46000.1',
      favourite: false,
      available: true,
    })),
  });
}

// The live market: REST first (depth, trades, ticker), then the market's topic on the session's one
// WebSocket (lib/ws) — a snapshot, then deltas with consecutive sequence numbers — written into the
// same query cache. A missed message (a sequence gap) resubscribes for a fresh snapshot; the socket
// itself reconnects and subscribes again. The customer's own events (an order, an alert) reach the
// cache through the session's dispatcher, as on every screen.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  RANGE_INTERVALS,
  marketTopics,
  marketsApi,
  type Market,
  type MarketsEvent,
  type PairSymbol,
  type RealtimeEvent,
} from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import { useRealtimeEvents, useRealtimeTopic } from '../../../lib/ws/use-realtime.ts';
import { marketModel, type MarketModel } from '../model/market.ts';
import { applyMessage, mergeCandle, type StreamMessage, type StreamState } from '../model/market-stream.ts';
import { candlesKey, marketsKey, type CandleSeries } from './markets.ts';

export const streamKey = (symbol: string) => [...resourceKeys.marketStream, symbol] as const;

async function fetchStream(symbol: string, signal: AbortSignal): Promise<StreamState> {
  const [depth, trades, ticker] = await Promise.all([
    callApi(marketsApi.depth, { query: { symbol, levels: 50 }, signal }),
    callApi(marketsApi.trades, { query: { symbol, limit: 50 }, signal }),
    callApi(marketsApi.ticker, { query: { symbol }, signal }),
  ]);
  return {
    book: { symbol, sequence: depth.sequence, bids: depth.bids, asks: depth.asks },
    trades: trades.items,
    ticker,
  };
}

/** Folds one market message into the caches; returns false when a gap asks for a new snapshot. */
function onMarketMessage(client: QueryClient, market: MarketModel, message: StreamMessage): boolean {
  if (message.type === 'candles') {
    for (const candle of message.data.candles) {
      for (const [range, interval] of Object.entries(RANGE_INTERVALS)) {
        if (interval !== candle.interval) continue;
        client.setQueryData<CandleSeries>(candlesKey(market.symbol, range), (old) =>
          old ? { ...old, candles: mergeCandle(old.candles, candle) } : old,
        );
      }
    }
  }
  const current = client.getQueryData<StreamState>(streamKey(market.symbol)) ?? null;
  const result = applyMessage(market, current, message);
  if (!result) return message.type === 'snapshot';
  if (result.gap) return false;
  client.setQueryData(streamKey(market.symbol), result.state);
  const ticker = result.state.ticker;
  if (ticker) {
    client.setQueryData<Market[]>(marketsKey, (old) =>
      old?.map((item) => (item.symbol === market.symbol ? { ...item, ticker } : item)),
    );
  }
  return true;
}

/** The market topic's events of this pair (the all-pairs topic's carry no symbol). */
function isMarketEvent(
  event: RealtimeEvent,
  symbol: string,
): event is Extract<MarketsEvent, { data: { symbol: string } }> {
  return event.channel === 'markets' && 'symbol' in event.data && event.data.symbol === symbol;
}

export function useMarketStream(symbol: PairSymbol) {
  const client = useQueryClient();
  const stream = useQuery({
    queryKey: streamKey(symbol),
    queryFn: ({ signal }) => fetchStream(symbol, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const topic = marketTopics.market(symbol);
  useRealtimeTopic(topic);
  useRealtimeEvents((event, socket) => {
    if (!isMarketEvent(event, symbol)) return;
    if (!onMarketMessage(client, marketModel(symbol), event)) socket.resubscribe(topic);
  });
  return stream;
}

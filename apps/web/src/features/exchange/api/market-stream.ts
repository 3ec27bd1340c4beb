// The live market: REST first (depth, trades, ticker), then the market's WebSocket topic — a
// snapshot, then deltas with consecutive sequence numbers — written into the same query cache. A
// missed message (a sequence gap) resubscribes for a fresh snapshot; a dropped socket reconnects
// with backoff. The same socket carries the customer's own events: an order or an alert that changed
// refreshes those lists, so the screen updates without a reload.
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  RANGE_INTERVALS,
  marketTopics,
  type Depth,
  type Market,
  type PairSymbol,
  type Ticker,
  type Trade,
} from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { WS_BEARER_PROTOCOL, WS_CLOSE_UNAUTHORIZED, WS_PATH } from '../../../lib/constants.ts';
import { backoffDelayMs } from '../../../lib/ws/backoff.ts';
import { parseRealtimeMessage, type RealtimeMessage } from '../../../lib/ws/realtime.ts';
import { marketModel, type MarketModel } from '../model/market.ts';
import { applyMessage, mergeCandle, type StreamMessage, type StreamState } from '../model/market-stream.ts';
import { alertsKey } from './alerts.ts';
import { balancesKey } from './balances.ts';
import { candlesKey, exchangeKey, marketsKey, type CandleSeries } from './markets.ts';
import { ordersKey } from './orders.ts';

export const streamKey = (symbol: string) => [...exchangeKey, 'stream', symbol] as const;

async function fetchStream(symbol: string, signal: AbortSignal): Promise<StreamState> {
  const query = `symbol=${encodeURIComponent(symbol)}`;
  const [depth, trades, ticker] = await Promise.all([
    apiRequest<Depth>(`/market/depth?${query}&levels=50`, { signal }),
    apiRequest<{ items: Trade[] }>(`/market/trades?${query}&limit=50`, { signal }),
    apiRequest<Ticker>(`/market/ticker?${query}`, { signal }),
  ]);
  return {
    book: { symbol, sequence: depth.sequence, bids: depth.bids, asks: depth.asks },
    trades: trades.items,
    ticker,
  };
}

function refreshOwn(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ordersKey });
  void client.invalidateQueries({ queryKey: balancesKey });
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

function handle(client: QueryClient, market: MarketModel, message: RealtimeMessage, resubscribe: () => void) {
  if (message.channel === 'orders') return refreshOwn(client);
  if (message.channel === 'alerts') return void client.invalidateQueries({ queryKey: alertsKey });
  if (message.channel !== 'markets') return;
  const data = message.data as { symbol?: string };
  if (data.symbol !== market.symbol) return;
  if (!onMarketMessage(client, market, message as StreamMessage)) resubscribe();
}

function openStream(options: { client: QueryClient; market: MarketModel; token: string }): () => void {
  const { client, market, token } = options;
  const topic = marketTopics.market(market.symbol);
  let socket: WebSocket | undefined;
  let attempt = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const send = (op: 'subscribe' | 'unsubscribe') =>
    socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ op, topic }));
  const resubscribe = () => {
    send('unsubscribe');
    send('subscribe');
  };
  const open = () => {
    if (closed) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${window.location.host}${WS_PATH}`, [WS_BEARER_PROTOCOL, token]);
    socket.onopen = () => {
      if (attempt > 0) refreshOwn(client);
      attempt = 0;
      send('subscribe');
    };
    socket.onmessage = (event) => {
      const message = parseRealtimeMessage(event.data);
      if (message) handle(client, market, message, resubscribe);
    };
    socket.onclose = (event) => {
      if (closed || event.code === WS_CLOSE_UNAUTHORIZED) return;
      retry = setTimeout(open, backoffDelayMs(attempt));
      attempt += 1;
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    socket?.close(1000);
  };
}

export function useMarketStream(symbol: PairSymbol, token: string | null) {
  const client = useQueryClient();
  const stream = useQuery({
    queryKey: streamKey(symbol),
    queryFn: ({ signal }) => fetchStream(symbol, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!token) return undefined;
    return openStream({ client, market: marketModel(symbol), token });
  }, [client, symbol, token]);
  return stream;
}

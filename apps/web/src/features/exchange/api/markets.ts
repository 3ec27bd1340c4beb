// Public market data over REST: the pairs with their tickers, candles for a chart range, and the
// platforms with their prices and fees (refreshed every few seconds, as their prices move).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketsApi, type Candle, type CandleInterval, type VenueFavouriteBody } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const marketsKey = resourceKeys.markets;
export const candlesKey = (symbol: string, range: string) => [...resourceKeys.candles, symbol, range] as const;
export const venuesKey = (symbol: string) => [...resourceKeys.venues, symbol] as const;

export function useMarkets() {
  return useQuery({
    queryKey: marketsKey,
    queryFn: ({ signal }) => callApi(marketsApi.markets, { signal }).then((data) => data.items),
    refetchInterval: 10_000,
  });
}

export interface CandleSeries {
  interval: CandleInterval;
  candles: Candle[];
}

export function useCandles(symbol: string, range: string) {
  return useQuery({
    queryKey: candlesKey(symbol, range),
    queryFn: ({ signal }): Promise<CandleSeries> => callApi(marketsApi.candles, { query: { symbol, range }, signal }),
    staleTime: 30_000,
  });
}

export function useVenues(symbol: string) {
  return useQuery({
    queryKey: venuesKey(symbol),
    queryFn: ({ signal }) => callApi(marketsApi.venues, { query: { symbol }, signal }).then((data) => data.items),
    refetchInterval: 4_000,
  });
}

export function useFavouriteVenue(symbol: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VenueFavouriteBody) => callApi(marketsApi.setVenueFavourite, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: venuesKey(symbol) }),
  });
}

export const shareOfferKey = resourceKeys.shareOffer;

/** Rora's share offer with the address that receives payment (SPEC §9); it changes only with configuration. */
export function useShareOffer() {
  return useQuery({
    queryKey: shareOfferKey,
    queryFn: ({ signal }) => callApi(marketsApi.shareOffer, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// The customer's orders: open ones and history (GET /order), placing with an Idempotency-Key made
// before the first try and reused on a retry of the same order, cancelling, and the execution
// estimate (POST /order/rate) for the form as it stands, asked for again while an order is confirmed.
import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketsApi, type TradeOrderBody } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const ordersKey = resourceKeys.orders;

export function useOrders(type: 'open' | 'closed', page = 1) {
  return useQuery({
    queryKey: [...ordersKey, type, page],
    queryFn: ({ signal }) => callApi(marketsApi.listOrders, { query: { type, page, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlaceOrder() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: TradeOrderBody) =>
      callApi(marketsApi.placeOrder, { body, headers: { 'Idempotency-Key': keys.keyFor(body) } }),
    // An answer for good ends the key: the same order placed again is another order.
    onSettled: (_order, error) => keys.settled(error),
    // The order holds (or, filled at once, moves) money: the orders and every balance refresh.
    onSuccess: () => invalidateAfter(client, 'order'),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(marketsApi.cancelOrder, { params: { id } }),
    // Refreshed on failure too: an order that filled or was cancelled elsewhere (409, 404) moves on.
    onSettled: () => invalidateAfter(client, 'order'),
  });
}

/** The estimate for a valid order (null body: none), kept while the next one loads. */
export function useOrderRate(body: TradeOrderBody | null) {
  return useQuery({
    queryKey: [...resourceKeys.orderRate, body],
    enabled: body !== null,
    queryFn: ({ signal }) => callApi(marketsApi.orderRate, { body: body!, signal }),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    retry: false,
  });
}

/**
 * While `active` (an order's confirmation is open), asks for the estimate on screen again every
 * `everyMs`: a market order fills at the book's prices when it runs, so the figures confirmed follow
 * the book instead of staying those of the moment the dialog opened.
 */
export function useRefreshOrderRate(active: boolean, everyMs: number): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(
      () => void client.refetchQueries({ queryKey: resourceKeys.orderRate, type: 'active' }),
      everyMs,
    );
    return () => clearInterval(timer);
  }, [active, everyMs, client]);
}

// The customer's swaps (GET /swaps, GET /swaps/{id}) and placing one (POST /order, type swap). The
// list is asked again every few seconds while a swap is in progress, so its completion shows by
// itself; balances refresh when a swap is placed or settles. The order's Idempotency-Key is made
// from the quote, so a retry of the same confirmation can never swap twice.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { swapApi, type Swap, type SwapList, type SwapQuote } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const SWAPS_PAGE_LIMIT = 10;
export const SWAP_POLL_MS = 3000;
export const swapsKey = resourceKeys.swaps;

export function useSwaps() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: swapsKey,
    queryFn: ({ signal }) => callApi(swapApi.listSwaps, { query: { page: 1, limit: SWAPS_PAGE_LIMIT }, signal }),
    refetchInterval: (current) =>
      current.state.data?.items.some((swap) => swap.status === 'in_progress') ? SWAP_POLL_MS : false,
  });
  const inProgress = query.data?.items.filter((swap) => swap.status === 'in_progress').length ?? 0;
  const previous = useRef(inProgress);
  useEffect(() => {
    if (inProgress < previous.current) void invalidateAfter(client, 'balances');
    previous.current = inProgress;
  }, [client, inProgress]);
  return query;
}

export function placeSwap(quote: SwapQuote): Promise<Swap> {
  return callApi(swapApi.placeSwap, {
    headers: { 'Idempotency-Key': `swap-${quote.id}` },
    body: { type: 'swap', quoteId: quote.id, symbol: `${quote.from}/${quote.to}`, amount: quote.quantity },
  });
}

export function usePlaceSwap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeSwap,
    onSuccess: (swap) => {
      client.setQueryData<SwapList>(swapsKey, (list) =>
        list
          ? { ...list, items: [swap, ...list.items.filter((item) => item.id !== swap.id)], total: list.total + 1 }
          : list,
      );
      void invalidateAfter(client, 'swap');
    },
  });
}

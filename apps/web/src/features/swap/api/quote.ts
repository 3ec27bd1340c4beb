// GET /convert: a firm quote for the coins and amount on screen. One quote per (from, to, amount):
// it is never refetched by itself (each answer is a new firm quote on the server); the screen
// asks for a new one when the customer refreshes or the quote has expired.
import { useQuery } from '@tanstack/react-query';
import { swapApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import type { ReceivedQuote } from '../model/quote-clock.ts';

export const swapQuoteKey = (from: string, to: string, amount: string) =>
  [...resourceKeys.swapQuote, from, to, amount] as const;

export function fetchQuote(query: { from: string; to: string; amount: string }, signal?: AbortSignal) {
  return callApi(swapApi.convert, { query: { from: query.from, to: query.to, quantity: query.amount }, signal });
}

/** `amount` is null while the amount on screen is not a valid one: no quote is asked for. */
export function useSwapQuote(from: string, to: string, amount: string | null) {
  return useQuery({
    queryKey: swapQuoteKey(from, to, amount ?? ''),
    enabled: amount !== null,
    queryFn: async ({ signal }): Promise<ReceivedQuote> => ({
      quote: await fetchQuote({ from, to, amount: amount ?? '' }, signal),
      receivedAt: Date.now(),
    }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

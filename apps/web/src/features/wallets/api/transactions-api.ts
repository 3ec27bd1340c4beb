// A wallet's transactions (GET /wallet/{id}?page&limit) and the history of every wallet
// (GET /wallet/history?page&limit), newest first, a page at a time.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { walletApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const TRANSACTIONS_PAGE_LIMIT = 10;

export const transactionsKey = (walletId: string, page: number) =>
  [...resourceKeys.walletTransactions, walletId, page] as const;
export const historyKey = (page: number) => [...resourceKeys.walletHistory, page] as const;

export function useWalletTransactions(walletId: string, page: number) {
  return useQuery({
    queryKey: transactionsKey(walletId, page),
    queryFn: ({ signal }) =>
      callApi(walletApi.walletTransactions, {
        params: { id: walletId },
        query: { page, limit: TRANSACTIONS_PAGE_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWalletHistory(page: number) {
  return useQuery({
    queryKey: historyKey(page),
    queryFn: ({ signal }) =>
      callApi(walletApi.walletHistory, { query: { page, limit: TRANSACTIONS_PAGE_LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
}

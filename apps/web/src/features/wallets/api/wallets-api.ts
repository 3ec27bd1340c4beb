// The wallet list (GET /wallet, and GET /wallet/generate once when some wallet is missing), the
// favourite switch (PUT /wallet) and the portfolio summary (GET /dashboard, the shared resource of
// lib/api/resources, read again after every change that moves money).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletApi, type Wallet, type WalletList } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { useDashboard as useDashboardResource } from '../../../lib/api/resources/dashboard.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import { toastError } from './feedback.ts';

export const walletListKey = resourceKeys.wallets;

/**
 * Values follow the market: the list and the portfolio are read again this often while the screen
 * is open (the API values holdings at the live price, issue 19), and not in a background tab.
 */
export const VALUATION_REFRESH_MS = 15_000;

export async function fetchWallets(signal?: AbortSignal): Promise<WalletList> {
  const list = await callApi(walletApi.listWallets, { signal });
  // A new customer has no wallets yet: create the missing ones (one address per network).
  return list.complete ? list : callApi(walletApi.generateWallets, { signal });
}

export function useWallets() {
  return useQuery({
    queryKey: walletListKey,
    queryFn: ({ signal }) => fetchWallets(signal),
    refetchInterval: VALUATION_REFRESH_MS,
  });
}

export function useDashboard() {
  return useDashboardResource({ refetchInterval: VALUATION_REFRESH_MS });
}

/** Stars or unstars a wallet at once on screen; puts it back if the server refuses. */
export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wallet: Wallet) =>
      callApi(walletApi.toggleFavourite, { body: { id: wallet.id, favourite: !wallet.favourite } }),
    onMutate: (wallet) => {
      const previous = client.getQueryData<WalletList>(walletListKey);
      if (previous) {
        const wallets = previous.wallets.map((item) =>
          item.id === wallet.id ? { ...item, favourite: !item.favourite } : item,
        );
        client.setQueryData<WalletList>(walletListKey, { ...previous, wallets });
      }
      return { previous };
    },
    onError: (error, _wallet, context) => {
      if (context?.previous) client.setQueryData(walletListKey, context.previous);
      toastError(error);
    },
    onSettled: () => client.invalidateQueries({ queryKey: walletListKey }),
  });
}

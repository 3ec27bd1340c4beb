// The cold wallet calls (spec §7): GET /coldwallet (holdings and their total), GET /coldwallet/{id}
// (one holding and its moves), POST /coldwallet (move in: create; move out: withdraw) with an
// Idempotency-Key per distinct request. A move refreshes the holdings and the wallets. The coins'
// dollar prices come from GET /dashboard, shared with the other screens.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletApi, type Dashboard } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { useDashboard } from '../../../lib/api/resources/dashboard.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const coldWalletKey = resourceKeys.coldWallets;
export const MOVES_PAGE_LIMIT = 10;

export function useColdWallets() {
  return useQuery({
    queryKey: [...coldWalletKey, 'list'],
    queryFn: ({ signal }) => callApi(walletApi.listColdWallets, { signal }),
  });
}

const usdPricesOf = (dashboard: Dashboard): ReadonlyMap<string, string | null> =>
  new Map(dashboard.assets.map((asset) => [asset.assetSymbol, asset.usdPrice]));

/** Each coin's US-dollar price by symbol (null: no price), that the holdings are valued at. */
export function useUsdPrices() {
  return useDashboard({ select: usdPricesOf });
}

export function useColdWallet(id: string, page: number) {
  return useQuery({
    queryKey: [...coldWalletKey, 'detail', id, page],
    queryFn: ({ signal }) =>
      callApi(walletApi.coldWallet, { params: { id }, query: { page, limit: MOVES_PAGE_LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface MoveRequest {
  readonly type: 'create' | 'withdraw';
  readonly assetSymbol: string;
  readonly quantity: string;
  readonly pin?: string;
  readonly token?: string;
}

export function useMoveColdWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: MoveRequest; idempotencyKey: string }) =>
      callApi(walletApi.moveColdWallet, { body: request, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: () => invalidateAfter(client, 'coldMove'),
  });
}

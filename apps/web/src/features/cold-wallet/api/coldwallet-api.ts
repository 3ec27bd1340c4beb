// The cold wallet calls (spec §7): GET /coldwallet (holdings and their total), GET /coldwallet/{id}
// (one holding and its moves), POST /coldwallet (move in: create; move out: withdraw) with an
// Idempotency-Key per distinct request. A move refreshes the holdings and the wallets.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const coldWalletKey = resourceKeys.coldWallets;
export const MOVES_PAGE_LIMIT = 10;

export function useColdWallets() {
  return useQuery({
    queryKey: [...coldWalletKey, 'list'],
    queryFn: ({ signal }) => callApi(walletApi.listColdWallets, { signal }),
  });
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

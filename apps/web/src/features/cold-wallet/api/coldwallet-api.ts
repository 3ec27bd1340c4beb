// The cold wallet calls (spec §7): GET /coldwallet (holdings and their total), GET /coldwallet/{id}
// (one holding and its moves), POST /coldwallet (move in: create; move out: withdraw) with an
// Idempotency-Key per distinct request. A move refreshes the holdings and the wallets.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColdWallet, ColdWalletDetail, ColdWalletList, ColdWalletMove } from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const coldWalletKey = resourceKeys.coldWallets;
export const MOVES_PAGE_LIMIT = 10;

export function useColdWallets() {
  return useQuery({
    queryKey: [...coldWalletKey, 'list'],
    queryFn: ({ signal }) => apiRequest<ColdWalletList>('/coldwallet', { signal }),
  });
}

export function useColdWallet(id: string, page: number) {
  return useQuery({
    queryKey: [...coldWalletKey, 'detail', id, page],
    queryFn: ({ signal }) =>
      apiRequest<ColdWalletDetail>(`/coldwallet/${encodeURIComponent(id)}?page=${page}&limit=${MOVES_PAGE_LIMIT}`, {
        signal,
      }),
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
      apiRequest<{ wallet: ColdWallet; move: ColdWalletMove }>('/coldwallet', {
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => invalidateAfter(client, 'coldMove'),
  });
}

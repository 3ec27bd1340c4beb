// The fee estimate and address check as the customer types (POST /wallet/estimatefee), and the send
// itself (POST /wallet/sendTransaction) with an Idempotency-Key made before the first try and reused
// on a retry, so a double click or a retried request never sends twice.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletApi, type SendPriority } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export interface EstimateRequest {
  readonly walletId: string;
  readonly amount?: string;
  readonly address?: string;
  readonly destinationTag?: number;
  readonly priority: SendPriority;
}

export function useFeeEstimate(request: EstimateRequest) {
  return useQuery({
    queryKey: [...resourceKeys.feeEstimate, request],
    queryFn: ({ signal }) => callApi(walletApi.estimateFee, { body: request, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}

export interface SendRequest {
  readonly walletId: string;
  readonly address: string;
  readonly destinationTag?: number;
  readonly amount: string;
  readonly priority: SendPriority;
  /** The fee the customer confirmed: charged as is, refused (send_fee_has_changed) once the network's moved past it. */
  readonly fee?: string;
  /** The estimate's signed quote of that fee: lets the send be charged it while the network's has risen a little. */
  readonly quote?: string;
  readonly pin?: string;
  readonly token?: string;
}

export function useSendTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SendRequest; idempotencyKey: string }) =>
      callApi(walletApi.sendTransaction, { body: request, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: () => invalidateAfter(client, 'send'),
  });
}

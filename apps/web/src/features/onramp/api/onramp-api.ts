// POST /order/init (start a card purchase; the answer opens the provider's widget) and the purchase's
// state (GET /onramp/purchases/{id}), asked every second and a half while it is pending. The
// Idempotency-Key is made once per purchase the customer asks for and reused on a retry. When a
// purchase completes, the balances are refreshed (lib/api/resources/changes.ts).
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onrampApi, type OnrampInitBody, type OnrampPurchase } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const PURCHASE_POLL_MS = 1500;
export const purchaseKey = (id: string) => [...resourceKeys.onramp, 'purchase', id] as const;

export function startPurchase(body: OnrampInitBody, idempotencyKey: string): Promise<OnrampPurchase> {
  return callApi(onrampApi.init, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useStartPurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: OnrampInitBody; key: string }) => startPurchase(body, key),
    onSuccess: (purchase) => client.setQueryData(purchaseKey(purchase.id), purchase),
  });
}

export function usePurchase(id: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: purchaseKey(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => callApi(onrampApi.getPurchase, { params: { id: id ?? '' }, signal }),
    refetchInterval: (current) => (current.state.data?.status === 'pending' ? PURCHASE_POLL_MS : false),
  });
  // Coins arrived: the balances ask again.
  const completed = query.data?.status === 'completed';
  useEffect(() => {
    if (completed) void invalidateAfter(client, 'balances');
  }, [client, completed]);
  return query;
}

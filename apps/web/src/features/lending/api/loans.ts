// The lending calls: the six views (spec §7), one loan, the preview of a request, and the money
// steps (post, lend, repay, cancel). Each money step carries an Idempotency-Key made when its dialog
// opened, so a retry of the same confirmation can never act twice. A step invalidates the lending
// queries and the balances; the `loans` WebSocket channel does the same for the other party.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Dashboard, Loan, LoanList, LoanMarketSort, LoanPreview, LoanRequestBody } from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';
import { apiRequest } from '../../../lib/api/client.ts';
import { connectRealtime } from '../../../lib/ws/realtime.ts';

export const LOAN_VIEWS = [
  { id: 'market', path: '' },
  { id: 'requests', path: '/get-my-loan-requests' },
  { id: 'borrowing', path: '/get-my-accepted-loans' },
  { id: 'lending', path: '/get-my-accepted-lends' },
  { id: 'repaid', path: '/get-my-repaid-loans' },
  { id: 'repaidToMe', path: '/get-my-repaid-loan-requests' },
] as const;
export type LoanViewId = (typeof LOAN_VIEWS)[number]['id'];

export interface MarketFilter {
  readonly asset: string;
  readonly termDays: string;
  readonly sort: LoanMarketSort;
}

export const lendingKey = ['lending'] as const;
const balancesKey = ['lending', 'balances'] as const;
export const PAGE_LIMIT = 50;
export const MARKET_POLL_MS = 5_000;

export function useLoanView(view: LoanViewId, filter: MarketFilter) {
  const path = LOAN_VIEWS.find((entry) => entry.id === view)!.path;
  const params = new URLSearchParams({ page: '1', limit: String(PAGE_LIMIT) });
  if (view === 'market') {
    params.set('sort', filter.sort);
    if (filter.asset) params.set('asset', filter.asset);
    if (filter.termDays) params.set('termDays', filter.termDays);
  }
  return useQuery({
    queryKey: [...lendingKey, 'view', view, params.toString()],
    queryFn: ({ signal }) => apiRequest<LoanList>(`/p2p${path}?${params.toString()}`, { signal }),
    // Others' new requests reach no one's WebSocket topic: the marketplace asks again every few seconds.
    refetchInterval: view === 'market' ? MARKET_POLL_MS : false,
  });
}

export function useLoan(id: string | null) {
  return useQuery({
    queryKey: [...lendingKey, 'loan', id],
    enabled: id !== null,
    queryFn: ({ signal }) => apiRequest<Loan>(`/p2p/${encodeURIComponent(id ?? '')}`, { signal }),
  });
}

/** The request's figures before confirming; `body` is null while the form is not complete. */
export function useLoanPreview(body: LoanRequestBody | null) {
  const query = new URLSearchParams(
    body ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])) : {},
  );
  return useQuery({
    queryKey: [...lendingKey, 'preview', query.toString()],
    enabled: body !== null,
    queryFn: ({ signal }) => apiRequest<LoanPreview>(`/p2p/preview?${query.toString()}`, { signal }),
    retry: false,
  });
}

/** Available minor units by coin (GET /dashboard). */
export function useAvailable() {
  return useQuery({
    queryKey: balancesKey,
    queryFn: async ({ signal }) => {
      const dashboard = await apiRequest<Dashboard>('/dashboard', { signal });
      const entries = dashboard.assets.flatMap((entry) => {
        const parsed = tryParseAmount(entry.available, assetScale(entry.assetSymbol));
        return parsed.ok ? [[entry.assetSymbol, parsed.value] as const] : [];
      });
      return new Map<string, bigint>(entries);
    },
  });
}

export type LoanAction = 'lend' | 'repay' | 'cancel';

/** A step; a repayment carries the debt the customer saw (`maxDebt`): never charged more than that. */
interface StepInput {
  action: LoanAction;
  id: string;
  key: string;
  maxDebt?: string | null;
}

function stepRequest({ action, id, key, maxDebt }: StepInput): Promise<Loan> {
  const path = action === 'cancel' ? `/p2p/${id}` : `/p2p/${action}/${id}`;
  return apiRequest<Loan>(path, {
    method: action === 'cancel' ? 'DELETE' : 'POST',
    headers: { 'Idempotency-Key': key },
    ...(action === 'repay' && maxDebt ? { body: { maxDebt } } : {}),
  });
}

export function useLoanStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stepRequest,
    onSettled: () => void client.invalidateQueries({ queryKey: lendingKey }),
  });
}

export function usePostRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: LoanRequestBody; key: string }) =>
      apiRequest<Loan>('/p2p', { method: 'POST', body: input.body, headers: { 'Idempotency-Key': input.key } }),
    onSettled: () => void client.invalidateQueries({ queryKey: lendingKey }),
  });
}

/** Live updates: a `loans` event (or a notification of one) refreshes the views and balances. */
export function useLiveLoans(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    const refresh = () => void client.invalidateQueries({ queryKey: lendingKey });
    const connection = connectRealtime({
      token,
      onOpen: refresh,
      onMessage: (message) => {
        if (message.channel === 'loans') refresh();
      },
    });
    return () => connection.close();
  }, [client, token]);
}

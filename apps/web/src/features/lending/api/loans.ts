// The lending calls: the six views (spec §7), one loan, the preview of a request, and the money
// steps (post, lend, repay, cancel). Each money step carries an Idempotency-Key made when its dialog
// opened, so a retry of the same confirmation can never act twice. A step invalidates the lending
// queries and the balances; the `loans` WebSocket channel does the same for the other party.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Loan, LoanList, LoanMarketSort, LoanPreview, LoanRequestBody } from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { useAvailableBalances } from '../../../lib/api/resources/dashboard.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

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

export const lendingKey = resourceKeys.loans;
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
    queryKey: [...resourceKeys.loanPreview, query.toString()],
    enabled: body !== null,
    queryFn: ({ signal }) => apiRequest<LoanPreview>(`/p2p/preview?${query.toString()}`, { signal }),
    retry: false,
  });
}

/** Available minor units by coin (GET /dashboard, the shared resource). */
export const useAvailable = useAvailableBalances;

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
    onSettled: () => invalidateAfter(client, 'loan'),
  });
}

export function usePostRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: LoanRequestBody; key: string }) =>
      apiRequest<Loan>('/p2p', { method: 'POST', body: input.body, headers: { 'Idempotency-Key': input.key } }),
    onSettled: () => invalidateAfter(client, 'loan'),
  });
}

// The lending calls: the six views (spec §7), one loan, the preview of a request, and the money
// steps (post, lend, repay, cancel). Each money step carries an Idempotency-Key made when its dialog
// opened, so a retry of the same confirmation can never act twice. A step invalidates the lending
// queries and the balances; the `loans` WebSocket channel does the same for the other party.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lendingApi, type Loan, type LoanMarketSort, type LoanRequestBody } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { useAvailableBalances, useDashboard } from '../../../lib/api/resources/dashboard.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const LOAN_VIEWS = [
  { id: 'market', call: lendingApi.market },
  { id: 'requests', call: lendingApi.myRequests },
  { id: 'borrowing', call: lendingApi.myBorrowing },
  { id: 'lending', call: lendingApi.myLending },
  { id: 'repaid', call: lendingApi.myRepaidBorrowing },
  { id: 'repaidToMe', call: lendingApi.myRepaidLending },
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

/** One page of a view (`page` from 1); the pager under the list reaches the others. */
export function useLoanView(view: LoanViewId, filter: MarketFilter, page: number) {
  const call = LOAN_VIEWS.find((entry) => entry.id === view)!.call;
  const paging = { page, limit: PAGE_LIMIT };
  const query =
    view === 'market'
      ? { ...paging, sort: filter.sort, asset: filter.asset || undefined, termDays: filter.termDays || undefined }
      : paging;
  return useQuery({
    queryKey: [...lendingKey, 'view', view, query],
    queryFn: ({ signal }) => callApi(call, { query, signal }),
    // The page shown stays while the next one loads, rather than a skeleton in its place.
    placeholderData: keepPreviousData,
    // Others' new requests reach no one's WebSocket topic: the marketplace asks again every few seconds.
    refetchInterval: view === 'market' ? MARKET_POLL_MS : false,
  });
}

export function useLoan(id: string | null) {
  return useQuery({
    queryKey: [...lendingKey, 'loan', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callApi(lendingApi.getLoan, { params: { id: id ?? '' }, signal }),
  });
}

/** The request's figures before confirming; `body` is null while the form is not complete. */
export function useLoanPreview(body: LoanRequestBody | null) {
  return useQuery({
    queryKey: [...resourceKeys.loanPreview, body],
    enabled: body !== null,
    queryFn: ({ signal }) => callApi(lendingApi.preview, { query: body!, signal }),
    retry: false,
  });
}

/** Available minor units by coin (GET /dashboard, the shared resource). */
export const useAvailable = useAvailableBalances;

/** US dollars per whole coin by coin (GET /dashboard); a stale or missing price is left out. */
export function useUsdPrices() {
  return useDashboard({
    select: (dashboard) =>
      new Map(
        dashboard.assets.flatMap((entry) =>
          entry.usdPrice !== null && !entry.priceStale ? [[entry.assetSymbol, entry.usdPrice] as const] : [],
        ),
      ),
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
  const headers = { 'Idempotency-Key': key };
  if (action === 'repay')
    return callApi(lendingApi.repay, { params: { id }, body: maxDebt ? { maxDebt } : undefined, headers });
  return callApi(action === 'cancel' ? lendingApi.cancel : lendingApi.lend, { params: { id }, headers });
}

/**
 * `onDone` is told of a step that succeeded even when its dialog was closed while it ran (a
 * mutation's own callbacks outlive the dialog's reset; those given to `mutate` do not).
 */
export function useLoanStep(onDone?: (loan: Loan, action: LoanAction) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stepRequest,
    onSuccess: (loan, input) => onDone?.(loan, input.action),
    onSettled: () => invalidateAfter(client, 'loan'),
  });
}

export function usePostRequest(onDone?: (loan: Loan) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: LoanRequestBody; key: string }) =>
      callApi(lendingApi.request, { body: input.body, headers: { 'Idempotency-Key': input.key } }),
    onSuccess: (loan) => onDone?.(loan),
    onSettled: () => invalidateAfter(client, 'loan'),
  });
}

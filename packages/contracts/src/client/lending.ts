// The lending calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type {
  idParamsSchema,
  loanListSchema,
  loanMarketQuerySchema,
  loanPreviewQuerySchema,
  loanPreviewSchema,
  loanRepayBodySchema,
  loanRequestBodySchema,
  loanSchema,
  loanViewQuerySchema,
} from '../index.ts';

type LoanView = {
  query: typeof loanViewQuerySchema;
  response: typeof loanListSchema;
};
/** The same calls with their schemas, for clients (api-call.ts). */
export const lendingApi = {
  market: typedCall<{ query: typeof loanMarketQuerySchema; response: typeof loanListSchema }>({
    method: 'GET',
    path: '/p2p',
  }),
  myRequests: typedCall<LoanView>({ method: 'GET', path: '/p2p/get-my-loan-requests' }),
  myBorrowing: typedCall<LoanView>({ method: 'GET', path: '/p2p/get-my-accepted-loans' }),
  myLending: typedCall<LoanView>({ method: 'GET', path: '/p2p/get-my-accepted-lends' }),
  myRepaidBorrowing: typedCall<LoanView>({ method: 'GET', path: '/p2p/get-my-repaid-loans' }),
  myRepaidLending: typedCall<LoanView>({ method: 'GET', path: '/p2p/get-my-repaid-loan-requests' }),
  preview: typedCall<{ query: typeof loanPreviewQuerySchema; response: typeof loanPreviewSchema }>({
    method: 'GET',
    path: '/p2p/preview',
  }),
  getLoan: typedCall<{ params: typeof idParamsSchema; response: typeof loanSchema }>({
    method: 'GET',
    path: '/p2p/{id}',
  }),
  request: typedCall<{ body: typeof loanRequestBodySchema; response: typeof loanSchema }>({
    method: 'POST',
    path: '/p2p',
  }),
  lend: typedCall<{ params: typeof idParamsSchema; response: typeof loanSchema }>({
    method: 'POST',
    path: '/p2p/lend/{id}',
  }),
  repay: typedCall<{ params: typeof idParamsSchema; body: typeof loanRepayBodySchema; response: typeof loanSchema }>({
    method: 'POST',
    path: '/p2p/repay/{id}',
  }),
  cancel: typedCall<{ params: typeof idParamsSchema; response: typeof loanSchema }>({
    method: 'DELETE',
    path: '/p2p/{id}',
  }),
};

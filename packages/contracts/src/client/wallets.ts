// The wallets calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type {
  coldWalletDetailSchema,
  coldWalletListSchema,
  coldWalletMoveBodySchema,
  coldWalletMoveResultSchema,
  dashboardSchema,
  estimateFeeBodySchema,
  feeEstimateSchema,
  pageQuerySchema,
  sendTransactionBodySchema,
  walletFavouriteBodySchema,
  walletHistorySchema,
  walletIdParamsSchema,
  walletListSchema,
  walletSchema,
  walletTransactionSchema,
  walletTransactionsSchema,
} from '../index.ts';

/** The same calls with their schemas, for clients (api-call.ts). */
export const walletApi = {
  listWallets: typedCall<{ response: typeof walletListSchema }>({ method: 'GET', path: '/wallet' }),
  generateWallets: typedCall<{ response: typeof walletListSchema }>({ method: 'GET', path: '/wallet/generate' }),
  toggleFavourite: typedCall<{ body: typeof walletFavouriteBodySchema; response: typeof walletSchema }>({
    method: 'PUT',
    path: '/wallet',
  }),
  walletHistory: typedCall<{ query: typeof pageQuerySchema; response: typeof walletHistorySchema }>({
    method: 'GET',
    path: '/wallet/history',
  }),
  walletTransactions: typedCall<{
    params: typeof walletIdParamsSchema;
    query: typeof pageQuerySchema;
    response: typeof walletTransactionsSchema;
  }>({ method: 'GET', path: '/wallet/{id}' }),
  estimateFee: typedCall<{ body: typeof estimateFeeBodySchema; response: typeof feeEstimateSchema }>({
    method: 'POST',
    path: '/wallet/estimatefee',
  }),
  sendTransaction: typedCall<{ body: typeof sendTransactionBodySchema; response: typeof walletTransactionSchema }>({
    method: 'POST',
    path: '/wallet/sendTransaction',
  }),
  listColdWallets: typedCall<{ response: typeof coldWalletListSchema }>({ method: 'GET', path: '/coldwallet' }),
  coldWallet: typedCall<{
    params: typeof walletIdParamsSchema;
    query: typeof pageQuerySchema;
    response: typeof coldWalletDetailSchema;
  }>({ method: 'GET', path: '/coldwallet/{id}' }),
  moveColdWallet: typedCall<{ body: typeof coldWalletMoveBodySchema; response: typeof coldWalletMoveResultSchema }>({
    method: 'POST',
    path: '/coldwallet',
  }),
  dashboard: typedCall<{ response: typeof dashboardSchema }>({ method: 'GET', path: '/dashboard' }),
};

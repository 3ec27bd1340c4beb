// One query key per server resource (issue 19): every screen that reads GET /dashboard reads it
// under `resourceKeys.dashboard`, every reader of GET /user/{id} under `resourceKeys.user(id)`, so
// the cache holds one copy and one invalidation refreshes every screen that shows it. A key's first
// element names the resource; what follows (an id, a page, filters) narrows it, and invalidating
// the first element alone refreshes all of its variants.
export const resourceKeys = {
  /** GET /dashboard: balances (available, in orders, staked) and the portfolio's value. */
  dashboard: ['dashboard'] as const,
  /** GET /user/{id}: the profile (KYC status, PIN and second-factor flags, preferences). */
  user: (id: string) => ['user', id] as const,
  userSessions: (id: string) => ['user', id, 'sessions'] as const,
  userPin: (id: string) => ['user', id, 'pin'] as const,
  /** GET /wallet (and /wallet/generate): the wallets and their balances. */
  wallets: ['wallets'] as const,
  /** GET /wallet/{id}: one wallet's transactions, by page. */
  walletTransactions: ['wallet-transactions'] as const,
  /** GET /wallet/history: every wallet's transactions, by page. */
  walletHistory: ['wallet-history'] as const,
  feeEstimate: ['fee-estimate'] as const,
  coldWallets: ['cold-wallets'] as const,
  /** GET /order/{type}: the customer's orders, by list and page. */
  orders: ['orders'] as const,
  orderRate: ['order-rate'] as const,
  alerts: ['alerts'] as const,
  markets: ['markets'] as const,
  candles: ['candles'] as const,
  venues: ['venues'] as const,
  marketStream: ['market-stream'] as const,
  shareOffer: ['share-offer'] as const,
  swaps: ['swaps'] as const,
  swapQuote: ['swap-quote'] as const,
  stakingPlans: ['staking-plans'] as const,
  stakes: ['stakes'] as const,
  loans: ['loans'] as const,
  loanPreview: ['loan-preview'] as const,
  notifications: ['notifications'] as const,
  onramp: ['onramp'] as const,
  audit: ['audit'] as const,
  kyc: ['kyc'] as const,
} as const;

export type ResourceKey = readonly [string, ...unknown[]];

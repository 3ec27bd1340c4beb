// Drizzle table definitions, one file per bounded context. The SQL in ../../migrations is the
// source of truth for the database; these files mirror it for typed queries.
export * from './platform.ts';
export * from './accounts.ts';
export * from './idempotency.ts';
export * from './ledger.ts';
export * from './kyc.ts';
export * from './wallets.ts';
export * from './swap.ts';
export * from './markets.ts';

// The typed calls for clients (ADR 0036).
export * from './wallets.ts';
export * from './markets.ts';
export * from './swap.ts';
export * from './staking.ts';
export * from './lending.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './kyc.ts';
export * from './onramp.ts';
export * from './audit.ts';
export * from './notifications.ts';
export * from './geo.ts';

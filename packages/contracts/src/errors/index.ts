// The error-code catalogue: one record per bounded context, merged here. A code is never reused
// for another rule. docs/reference/error-codes.md is generated from this (npm run docs:errors).
import { accountsErrors } from './accounts.ts';
import { kycErrors } from './kyc.ts';
import { platformErrors } from './platform.ts';
import { walletsErrors } from './wallets.ts';
import { swapErrors } from './swap.ts';
import { marketsErrors } from './markets.ts';
import { stakingErrors } from './staking.ts';
import { lendingErrors } from './lending.ts';
import type { ErrorDefinition } from './types.ts';

export const errorCatalogue = {
  ...platformErrors,
  ...accountsErrors,
  ...kycErrors,
  ...walletsErrors,
  ...swapErrors,
  ...marketsErrors,
  ...stakingErrors,
  ...lendingErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

export * from './types.ts';

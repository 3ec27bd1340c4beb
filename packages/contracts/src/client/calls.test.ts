// The clients' typed calls name the same method and path as the API's call tables (the API routes
// from the tables; the clients' copies stay free of zod at run time, ADR 0036).
import { describe, expect, it } from 'vitest';
import { auditCalls } from '../audit.ts';
import { authCalls } from '../auth.ts';
import { kycCalls } from '../kyc.ts';
import { lendingCalls } from '../lending.ts';
import { marketsCalls } from '../markets.ts';
import { onrampCalls } from '../onramp.ts';
import { stakingCalls } from '../staking.ts';
import { swapCalls } from '../swap.ts';
import { userCalls } from '../user.ts';
import { walletCalls } from '../wallets.ts';
import { auditApi } from './audit.ts';
import { authApi } from './auth.ts';
import { kycApi } from './kyc.ts';
import { lendingApi } from './lending.ts';
import { marketsApi } from './markets.ts';
import { onrampApi } from './onramp.ts';
import { stakingApi } from './staking.ts';
import { swapApi } from './swap.ts';
import { userApi } from './user.ts';
import { walletApi } from './wallets.ts';

const pairs = [
  ['audit', auditApi, auditCalls],
  ['auth', authApi, authCalls],
  ['kyc', kycApi, kycCalls],
  ['lending', lendingApi, lendingCalls],
  ['markets', marketsApi, marketsCalls],
  ['onramp', onrampApi, onrampCalls],
  ['staking', stakingApi, stakingCalls],
  ['swap', swapApi, swapCalls],
  ['user', userApi, userCalls],
  ['wallets', walletApi, walletCalls],
] as const;

describe('the typed calls for clients', () => {
  it.each(pairs)('%s: each names its table entry’s method and path', (_name, api, table) => {
    const entries = table as Record<string, { method: string; path: string }>;
    for (const [name, call] of Object.entries(api)) {
      expect(entries[name], name).toBeDefined();
      expect({ method: call.method, path: call.path }, name).toEqual({
        method: entries[name]!.method,
        path: entries[name]!.path,
      });
    }
  });
});

// Wallet constants of spec §3 and §9: the listed coins and the send speeds. Kept apart from the
// wallets schemas so a screen that only needs a list does not download zod with it (ADR 0072).
import type { AssetSymbol } from '@rora/money';

/** The coins Rora lists for customers to hold, swap and lend (USD values holdings; it is never held). */
export const LISTED_ASSETS = [
  'BTC',
  'ETH',
  'LTC',
  'XRP',
  'SOL',
  'BNB',
  'USDT',
  'BUSD',
  'ADX',
] as const satisfies readonly AssetSymbol[];

export const SEND_PRIORITIES = ['slow', 'normal', 'fast'] as const;
export type SendPriority = (typeof SEND_PRIORITIES)[number];

// On-ramp constants of spec §1 and §9: the coins a card can buy and the purchase limits. Kept apart
// from the on-ramp schemas so the exchange's card panel does not download zod with them (ADR 0072).
import type { AssetSymbol } from '@rora/money';

/** The coins a card can buy. */
export const ONRAMP_ASSETS = [
  'USDT',
  'BTC',
  'ETH',
  'LTC',
  'XRP',
  'SOL',
  'BNB',
  'BUSD',
  'ADX',
] as const satisfies readonly AssetSymbol[];
export type OnrampAsset = (typeof ONRAMP_ASSETS)[number];
/** Purchase limits, in whole US dollars. */
export const ONRAMP_MIN_USD = 20;
export const ONRAMP_MAX_USD = 10_000;

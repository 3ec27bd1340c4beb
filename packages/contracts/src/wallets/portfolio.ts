// GET /dashboard (the portfolio) and GET /assets/rora-assets (the catalogue with prices) of spec §7.
import { z as zod } from 'zod';
import { envelope } from '../user.ts';
import { decimalSchema as decimal, usdSchema as usd } from './common.ts';

export const portfolioAssetSchema = zod.object({
  assetSymbol: zod.string(),
  name: zod.string(),
  logo: zod.string(),
  available: decimal,
  held: decimal,
  cold: decimal,
  /** In stakes (principal, and a locked stake's rewards until it matures). */
  staked: decimal,
  /** Collateral of the customer's funded loans (an open request's is in `held`). */
  loanEscrow: decimal,
  /** Lent to other customers: the principal of the running loans the customer funded, to be paid back. */
  lent: decimal,
  /**
   * Owed to lenders: what repaying the running loans the customer borrowed in this asset would cost
   * now (principal and interest to now, the loan's `debtNow`). Subtracted from the total: borrowed
   * coins sit in `available`, and are not the customer's.
   */
  owed: decimal,
  /**
   * What the customer is worth in the asset: available + held + cold + staked + loanEscrow + lent −
   * owed. Negative ('-12.5') only when the debt is more than all of it (the borrowed coins spent).
   */
  total: decimal,
  usdPrice: usd.nullable(),
  /** total at usdPrice: negative with a negative total. */
  usdValue: usd,
  /** Percent change of the price over 24 hours ('-1.25'); null without a price a day old. */
  change24h: zod.string().nullable(),
  /** Where usdPrice comes from: Rora's last trade, the external venues' reference, or the catalogue. */
  priceSource: zod.enum(['market', 'venues', 'catalogue']),
  /** True when no live source confirms the price: the screen says the value may be out of date. */
  priceStale: zod.boolean(),
});
export const dashboardSchema = zod.object({
  /** What the customer is worth: the assets' usdValue summed, debts subtracted; negative when debts exceed it. */
  totalBalance: usd,
  /** Percent change of totalBalance over 24 hours; null without prices a day old, or when it was not above zero. */
  change24h: zod.string().nullable(),
  assets: zod.array(portfolioAssetSchema),
});
export type Dashboard = zod.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = envelope(dashboardSchema);

export const roraAssetSchema = zod.object({
  symbol: zod.string(),
  name: zod.string(),
  logo: zod.string(),
  decimals: zod.number().int(),
  usdPrice: usd.nullable(),
  change24h: zod.string().nullable(),
  networks: zod.array(zod.object({ id: zod.string(), name: zod.string(), confirmations: zod.number().int() })),
});
export type RoraAsset = zod.infer<typeof roraAssetSchema>;
export const roraAssetsResponseSchema = envelope(zod.object({ items: zod.array(roraAssetSchema) }));

// GET /dashboard (the portfolio) and GET /assets/rora-assets (the catalogue with prices) of spec §7.
import { z } from 'zod';
import { envelope } from '../user.ts';
import { decimalSchema as decimal, usdSchema as usd } from './common.ts';

export const portfolioAssetSchema = z.object({
  assetSymbol: z.string(),
  name: z.string(),
  logo: z.string(),
  available: decimal,
  held: decimal,
  cold: decimal,
  /** Everything the customer owns of the asset (available, held, cold, staked, escrow). */
  total: decimal,
  usdPrice: usd.nullable(),
  usdValue: usd,
  /** Percent change of the price over 24 hours ('-1.25'); null without a price a day old. */
  change24h: z.string().nullable(),
  /** Where usdPrice comes from: Rora's last trade, the external venues' reference, or the catalogue. */
  priceSource: z.enum(['market', 'venues', 'catalogue']),
  /** True when no live source confirms the price: the screen says the value may be out of date. */
  priceStale: z.boolean(),
});
export const dashboardSchema = z.object({
  totalBalance: usd,
  change24h: z.string().nullable(),
  assets: z.array(portfolioAssetSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = envelope(dashboardSchema);

export const roraAssetSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  logo: z.string(),
  decimals: z.number().int(),
  usdPrice: usd.nullable(),
  change24h: z.string().nullable(),
  networks: z.array(z.object({ id: z.string(), name: z.string(), confirmations: z.number().int() })),
});
export type RoraAsset = z.infer<typeof roraAssetSchema>;
export const roraAssetsResponseSchema = envelope(z.object({ items: z.array(roraAssetSchema) }));

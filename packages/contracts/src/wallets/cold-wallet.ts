// The cold wallet of spec §3 and §7: holdings per asset with their total, and the moves in and out.
import { z } from 'zod';
import { pageInfoSchema } from '../schemas/common.ts';
import { envelope } from '../user.ts';
import { amountTextSchema, approvalFields, decimalSchema as decimal, usdSchema as usd } from './common.ts';

export const coldWalletSchema = z.object({
  id: z.uuid(),
  assetSymbol: z.string(),
  name: z.string(),
  logo: z.string(),
  /** Held cold, in the asset. */
  quantity: decimal,
  usdValue: usd,
  /** What the regular wallet has available to move in. */
  available: decimal,
});
export type ColdWallet = z.infer<typeof coldWalletSchema>;
export const coldWalletListSchema = z.object({ wallets: z.array(coldWalletSchema), totalBalance: usd });
export type ColdWalletList = z.infer<typeof coldWalletListSchema>;
export const coldWalletListResponseSchema = envelope(coldWalletListSchema);

export const coldWalletMoveSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['to_cold', 'from_cold']),
  amount: decimal,
  createdAt: z.iso.datetime(),
});
export type ColdWalletMove = z.infer<typeof coldWalletMoveSchema>;
export const coldWalletDetailSchema = pageInfoSchema.extend({
  wallet: coldWalletSchema,
  items: z.array(coldWalletMoveSchema),
});
export type ColdWalletDetail = z.infer<typeof coldWalletDetailSchema>;
export const coldWalletDetailResponseSchema = envelope(coldWalletDetailSchema);

/** POST /coldwallet: `create` moves funds into cold holdings, `withdraw` brings them back. */
export const coldWalletMoveBodySchema = z.object({
  type: z.enum(['create', 'withdraw']),
  assetSymbol: z.string().min(2).max(12),
  quantity: amountTextSchema,
  ...approvalFields,
});
export type ColdWalletMoveBody = z.input<typeof coldWalletMoveBodySchema>;
export const coldWalletMoveResultSchema = z.object({ wallet: coldWalletSchema, move: coldWalletMoveSchema });
export const coldWalletMoveResponseSchema = envelope(coldWalletMoveResultSchema);

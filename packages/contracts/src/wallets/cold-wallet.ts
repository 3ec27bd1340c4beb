// The cold wallet of spec §3 and §7: holdings per asset with their total, and the moves in and out.
import { z as zod } from 'zod';
import { pageInfoSchema } from '../schemas/common.ts';
import { envelope } from '../user.ts';
import { amountTextSchema, approvalFields, decimalSchema as decimal, usdSchema as usd } from './common.ts';

export const coldWalletSchema = zod.object({
  id: zod.uuid(),
  assetSymbol: zod.string(),
  name: zod.string(),
  logo: zod.string(),
  /** Held cold, in the asset. */
  quantity: decimal,
  usdValue: usd,
  /** What the regular wallet has available to move in. */
  available: decimal,
});
export type ColdWallet = zod.infer<typeof coldWalletSchema>;
export const coldWalletListSchema = zod.object({ wallets: zod.array(coldWalletSchema), totalBalance: usd });
export type ColdWalletList = zod.infer<typeof coldWalletListSchema>;
export const coldWalletListResponseSchema = envelope(coldWalletListSchema);

export const coldWalletMoveSchema = zod.object({
  id: zod.uuid(),
  direction: zod.enum(['to_cold', 'from_cold']),
  amount: decimal,
  createdAt: zod.iso.datetime(),
});
export type ColdWalletMove = zod.infer<typeof coldWalletMoveSchema>;
export const coldWalletDetailSchema = pageInfoSchema.extend({
  wallet: coldWalletSchema,
  items: zod.array(coldWalletMoveSchema),
});
export type ColdWalletDetail = zod.infer<typeof coldWalletDetailSchema>;
export const coldWalletDetailResponseSchema = envelope(coldWalletDetailSchema);

/** POST /coldwallet: `create` moves funds into cold holdings, `withdraw` brings them back. */
export const coldWalletMoveBodySchema = zod.object({
  type: zod.enum(['create', 'withdraw']),
  assetSymbol: zod.string().min(2).max(12),
  quantity: amountTextSchema,
  ...approvalFields,
});
export type ColdWalletMoveBody = zod.input<typeof coldWalletMoveBodySchema>;
export const coldWalletMoveResultSchema = zod.object({ wallet: coldWalletSchema, move: coldWalletMoveSchema });
export const coldWalletMoveResponseSchema = envelope(coldWalletMoveResultSchema);

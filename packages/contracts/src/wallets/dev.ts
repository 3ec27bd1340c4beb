// Development-only wallet calls (never in production): the devnet faucet and mining on demand.
import { z as zod } from 'zod';
import { envelope } from '../user.ts';
import { amountTextSchema, decimalSchema as decimal } from './common.ts';

/** Dev only: a devnet deposit to a customer's address (`npm run faucet`), and mining on demand. */
export const faucetBodySchema = zod.object({
  email: zod.string().trim().toLowerCase().max(320),
  asset: zod.string().min(2).max(12),
  amount: amountTextSchema,
  network: zod.string().max(32).optional(),
});
export const faucetResponseSchema = envelope(
  zod.object({
    txid: zod.string(),
    network: zod.string(),
    walletId: zod.uuid(),
    address: zod.string(),
    amount: decimal,
  }),
);
export const mineBodySchema = zod.object({ network: zod.string().max(32), blocks: zod.number().int().min(1).max(200) });
export const mineResponseSchema = envelope(zod.object({ network: zod.string(), height: zod.number().int() }));

// Development-only wallet calls (never in production): the devnet faucet and mining on demand.
import { z } from 'zod';
import { envelope } from '../user.ts';
import { amountTextSchema, decimalSchema as decimal } from './common.ts';

/** Dev only: a devnet deposit to a customer's address (`npm run faucet`), and mining on demand. */
export const faucetBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(320),
  asset: z.string().min(2).max(12),
  amount: amountTextSchema,
  network: z.string().max(32).optional(),
});
export const faucetResponseSchema = envelope(
  z.object({ txid: z.string(), network: z.string(), walletId: z.uuid(), address: z.string(), amount: decimal }),
);
export const mineBodySchema = z.object({ network: z.string().max(32), blocks: z.number().int().min(1).max(200) });
export const mineResponseSchema = envelope(z.object({ network: z.string(), height: z.number().int() }));

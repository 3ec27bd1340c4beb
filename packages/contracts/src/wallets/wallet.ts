// The wallets of spec §3 and §7: the list, favourites, transactions, the fee estimate and the send,
// and the `wallets` channel of the WebSocket.
import { z } from 'zod';
import { pageInfoSchema, pageQuerySchema } from '../schemas/common.ts';
import { envelope } from '../user.ts';
import {
  SEND_PRIORITIES,
  amountTextSchema,
  approvalFields,
  decimalSchema as decimal,
  usdSchema as usd,
} from './common.ts';

export const walletNetworkSchema = z.object({
  /** `btc`, `usdt-erc20`, ... */
  id: z.string(),
  name: z.string(),
  chain: z.string(),
  chainName: z.string(),
  assetSymbol: z.string(),
  assetName: z.string(),
  logo: z.string(),
  decimals: z.number().int(),
  /** Blocks before a deposit is credited. */
  confirmations: z.number().int(),
  /** XRP: a payment to the address needs the destination tag. */
  usesDestinationTag: z.boolean(),
  tokenContract: z.string().nullable(),
});
export type WalletNetwork = z.infer<typeof walletNetworkSchema>;

/** Spec §3 Wallet: network, balance (shown to 3 decimals), favourite, id; plus the deposit address. */
export const walletSchema = z.object({
  id: z.uuid(),
  network: walletNetworkSchema,
  address: z.string(),
  destinationTag: z.number().int().nullable(),
  /** Available to send, in the asset. */
  balance: decimal,
  /** On hold for sends in flight. */
  held: decimal,
  usdPrice: usd.nullable(),
  usdValue: usd,
  favourite: z.boolean(),
  addressUrl: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletListSchema = z.object({
  wallets: z.array(walletSchema),
  /** US dollars: the sum of the wallets' balances at current prices. */
  totalBalance: usd,
  /** False while some network has no wallet yet: GET /wallet/generate creates them. */
  complete: z.boolean(),
});
export type WalletList = z.infer<typeof walletListSchema>;
export const walletListResponseSchema = envelope(walletListSchema);

/** PUT /wallet: sets the favourite flag, or toggles it when `favourite` is left out. */
export const walletFavouriteBodySchema = z.object({ id: z.uuid(), favourite: z.boolean().optional() });
export const walletResponseSchema = envelope(walletSchema);

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const;
export type WalletTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const walletTransactionSchema = z.object({
  id: z.uuid(),
  walletId: z.uuid(),
  type: z.enum(['deposit', 'send', 'internal_send', 'internal_receive']),
  direction: z.enum(['in', 'out']),
  assetSymbol: z.string(),
  networkId: z.string(),
  amount: decimal,
  /** What the customer paid on top of the amount (sends), in the asset. */
  fee: decimal,
  /** Spec §4 labels. */
  status: z.enum(TRANSACTION_STATUSES),
  /** Where it is: mempool, confirming, held, broadcast, credited, posted, voided, failed. */
  stage: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  txid: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** The other side: the destination of a send, the sender of a deposit when known. */
  counterparty: z.string().nullable(),
  destinationTag: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsQuerySchema = pageQuerySchema;
export const walletTransactionsSchema = pageInfoSchema.extend({
  wallet: walletSchema,
  items: z.array(walletTransactionSchema),
});
export type WalletTransactions = z.infer<typeof walletTransactionsSchema>;
export const walletTransactionsResponseSchema = envelope(walletTransactionsSchema);
export const walletHistorySchema = pageInfoSchema.extend({ items: z.array(walletTransactionSchema) });
export type WalletHistory = z.infer<typeof walletHistorySchema>;
export const walletHistoryResponseSchema = envelope(walletHistorySchema);

const destinationTagSchema = z
  .number({ error: 'destination_tag_is_invalid' })
  .int({ error: 'destination_tag_is_invalid' })
  .min(0, { error: 'destination_tag_is_invalid' })
  .max(4_294_967_295, { error: 'destination_tag_is_invalid' });

export const estimateFeeBodySchema = z.object({
  walletId: z.uuid(),
  amount: amountTextSchema.optional(),
  address: z.string().max(200).optional(),
  destinationTag: destinationTagSchema.optional(),
  priority: z.enum(SEND_PRIORITIES).default('normal'),
});
export type EstimateFeeBody = z.input<typeof estimateFeeBodySchema>;

export const addressCheckSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    address: z.string(),
    destinationTag: z.number().int().nullable(),
    /** Another Rora customer's address: settled at once, no network fee. */
    internal: z.boolean(),
  }),
  z.object({ valid: z.literal(false), code: z.string(), message: z.string() }),
]);
export type AddressCheck = z.infer<typeof addressCheckSchema>;

export const feeEstimateSchema = z.object({
  walletId: z.uuid(),
  priority: z.enum(SEND_PRIORITIES),
  assetSymbol: z.string(),
  /** The customer's fee, in the wallet's asset (0 for a send to a Rora address). */
  fee: decimal,
  /** What the chain is expected to charge, in its native asset. */
  networkFee: decimal,
  networkFeeAsset: z.string(),
  expectedBlocks: z.number().int(),
  amount: decimal.nullable(),
  /** amount + fee. */
  total: decimal.nullable(),
  available: decimal,
  /** The most that can be sent with this fee. */
  maxAmount: decimal,
  address: addressCheckSchema.nullable(),
});
export type WalletFeeEstimate = z.infer<typeof feeEstimateSchema>;
export const feeEstimateResponseSchema = envelope(feeEstimateSchema);

export const sendTransactionBodySchema = z.object({
  walletId: z.uuid(),
  address: z.string().min(1, { error: 'address_is_not_valid_for_network' }).max(200),
  destinationTag: destinationTagSchema.optional(),
  amount: amountTextSchema,
  priority: z.enum(SEND_PRIORITIES).default('normal'),
  ...approvalFields,
});
export type SendTransactionBody = z.input<typeof sendTransactionBodySchema>;
export const sendTransactionResponseSchema = envelope(walletTransactionSchema);

/** WebSocket `wallets` channel: a transaction of the customer's changed (balance included). */
export const walletEventSchema = z.object({
  channel: z.literal('wallets'),
  type: z.enum(['transaction', 'cold']),
  data: z.object({ walletId: z.uuid(), transaction: walletTransactionSchema.nullable() }),
});
export type WalletEvent = z.infer<typeof walletEventSchema>;

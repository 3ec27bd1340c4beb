// The wallets of spec §3 and §7: the list, favourites, transactions, the fee estimate and the send,
// and the `wallets` channel of the WebSocket.
import { z as zod } from 'zod';
import { SEND_PRIORITIES } from '../constants/wallets.ts';
import { pageInfoSchema, pageQuerySchema } from '../schemas/common.ts';
import { envelope } from '../user.ts';
import { amountTextSchema, approvalFields, decimalSchema as decimal, usdSchema as usd } from './common.ts';

export const walletNetworkSchema = zod.object({
  /** `btc`, `usdt-erc20`, ... */
  id: zod.string(),
  name: zod.string(),
  chain: zod.string(),
  chainName: zod.string(),
  assetSymbol: zod.string(),
  assetName: zod.string(),
  logo: zod.string(),
  decimals: zod.number().int(),
  /** Blocks before a deposit is credited. */
  confirmations: zod.number().int(),
  /** XRP: a payment to the address needs the destination tag. */
  usesDestinationTag: zod.boolean(),
  tokenContract: zod.string().nullable(),
});
export type WalletNetwork = zod.infer<typeof walletNetworkSchema>;

/** Spec §3 Wallet: network, balance (shown to 3 decimals), favourite, id; plus the deposit address. */
export const walletSchema = zod.object({
  id: zod.uuid(),
  network: walletNetworkSchema,
  address: zod.string(),
  destinationTag: zod.number().int().nullable(),
  /** Available to send, in the asset. */
  balance: decimal,
  /** On hold: reserved by open orders, sends in flight and the collateral of open loan requests. */
  held: decimal,
  usdPrice: usd.nullable(),
  usdValue: usd,
  favourite: zod.boolean(),
  addressUrl: zod.string(),
});
export type Wallet = zod.infer<typeof walletSchema>;

export const walletListSchema = zod.object({
  wallets: zod.array(walletSchema),
  /** US dollars: the sum of the wallets' balances at current prices. */
  totalBalance: usd,
  /** False while some network has no wallet yet: GET /wallet/generate creates them. */
  complete: zod.boolean(),
});
export type WalletList = zod.infer<typeof walletListSchema>;
export const walletListResponseSchema = envelope(walletListSchema);

/** PUT /wallet: sets the favourite flag, or toggles it when `favourite` is left out. */
export const walletFavouriteBodySchema = zod.object({ id: zod.uuid(), favourite: zod.boolean().optional() });
export const walletResponseSchema = envelope(walletSchema);

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const;
export type WalletTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * What a history row is. Chain movements (deposit, send, internal_*) come with their network; the
 * others moved the asset's one balance inside Rora (ADR 0037).
 */
export const WALLET_TRANSACTION_TYPES = [
  'deposit',
  'send',
  'internal_send',
  'internal_receive',
  'trade',
  'swap',
  'stake',
  'unstake',
  'staking_reward',
  'loan',
  'purchase',
  'cold_wallet',
  'adjustment',
] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** Where a row came from, so the screen can link to it. */
export const TRANSACTION_SOURCES = ['deposit', 'send', 'order', 'swap', 'stake', 'loan', 'purchase', 'ledger'] as const;

export const walletTransactionSchema = zod.object({
  /**
   * The row's ledger transfer (or its source's) id: UUID-shaped, of any version. Staking transfers
   * written before staking_transfer_id.sql have ids of no RFC version (md5 of their name).
   */
  id: zod.guid(),
  /** The wallet of a chain movement; null for movements inside Rora (trades, swaps, finance). */
  walletId: zod.uuid().nullable(),
  type: zod.enum(WALLET_TRANSACTION_TYPES),
  direction: zod.enum(['in', 'out']),
  assetSymbol: zod.string(),
  /** The network of a chain movement; null for movements inside Rora. */
  networkId: zod.string().nullable(),
  /** How much the balance moved (fees included), unsigned; `direction` gives the sign. */
  amount: decimal,
  /** The part of `amount` that was a fee (sends, trades, swaps, loans), in the asset. */
  fee: decimal,
  /** Spec §4 labels. Only completed rows have moved the balance: their signed amounts sum to it. */
  status: zod.enum(TRANSACTION_STATUSES),
  /** Where it is: mempool, confirming, held, broadcast, credited, posted, voided, failed, or the ledger code. */
  stage: zod.string(),
  confirmations: zod.number().int(),
  requiredConfirmations: zod.number().int(),
  txid: zod.string().nullable(),
  explorerUrl: zod.string().nullable(),
  /** The other side: the destination of a send, the sender of a deposit when known. */
  counterparty: zod.string().nullable(),
  destinationTag: zod.number().int().nullable(),
  failureReason: zod.string().nullable(),
  /**
   * Why an approved send has not left yet: `chain_degraded` (the chain's node is down or behind) or
   * `hot_wallet_short` (the hot wallet is being refilled by an operator). It goes out by itself.
   */
  waitingReason: zod.enum(['chain_degraded', 'hot_wallet_short']).nullable(),
  createdAt: zod.iso.datetime(),
  completedAt: zod.iso.datetime().nullable(),
  source: zod.object({ kind: zod.enum(TRANSACTION_SOURCES), id: zod.string() }),
  /** A fill of the customer's order (or a venue order's fills together): price is the average. */
  trade: zod
    .object({
      orderId: zod.uuid(),
      symbol: zod.string(),
      side: zod.enum(['buy', 'sell']),
      price: decimal,
      amount: decimal,
      total: decimal,
    })
    .nullable(),
  swap: zod
    .object({ fromAsset: zod.string(), toAsset: zod.string(), fromAmount: decimal, toAmount: decimal })
    .nullable(),
});
export type WalletTransaction = zod.infer<typeof walletTransactionSchema>;

export const walletTransactionsQuerySchema = pageQuerySchema;
export const walletTransactionsSchema = pageInfoSchema.extend({
  wallet: walletSchema,
  items: zod.array(walletTransactionSchema),
});
export type WalletTransactions = zod.infer<typeof walletTransactionsSchema>;
export const walletTransactionsResponseSchema = envelope(walletTransactionsSchema);
export const walletHistorySchema = pageInfoSchema.extend({ items: zod.array(walletTransactionSchema) });
export type WalletHistory = zod.infer<typeof walletHistorySchema>;
export const walletHistoryResponseSchema = envelope(walletHistorySchema);

/** A number of another type (the string "42") is a wrong type (request_validation_failed), not a bad tag. */
const destinationTagSchema = zod
  .number()
  .int({ error: 'destination_tag_is_invalid' })
  .min(0, { error: 'destination_tag_is_invalid' })
  .max(4_294_967_295, { error: 'destination_tag_is_invalid' });

export const estimateFeeBodySchema = zod.object({
  walletId: zod.uuid(),
  amount: amountTextSchema.optional(),
  address: zod.string().max(200).optional(),
  destinationTag: destinationTagSchema.optional(),
  priority: zod.enum(SEND_PRIORITIES).default('normal'),
});
export type EstimateFeeBody = zod.input<typeof estimateFeeBodySchema>;

export const addressCheckSchema = zod.discriminatedUnion('valid', [
  zod.object({
    valid: zod.literal(true),
    address: zod.string(),
    destinationTag: zod.number().int().nullable(),
    /** Another Rora customer's address: settled at once, no network fee. */
    internal: zod.boolean(),
  }),
  zod.object({ valid: zod.literal(false), code: zod.string(), message: zod.string() }),
]);
export type AddressCheck = zod.infer<typeof addressCheckSchema>;

/**
 * A fee Rora quoted, signed (ADR 0080): opaque, 54 base64url characters. Echoed unchanged with that
 * fee, it lets the send be charged it while the network's has risen since by up to a quarter.
 */
export const feeQuoteSchema = zod.string().regex(/^[A-Za-z0-9_-]{54}$/, { error: 'fee_quote_is_malformed' });

export const feeEstimateSchema = zod.object({
  walletId: zod.uuid(),
  priority: zod.enum(SEND_PRIORITIES),
  assetSymbol: zod.string(),
  /** The customer's fee, in the wallet's asset (0 for a send to a Rora address). */
  fee: decimal,
  /** What the chain is expected to charge, in its native asset. */
  networkFee: decimal,
  networkFeeAsset: zod.string(),
  expectedBlocks: zod.number().int(),
  amount: decimal.nullable(),
  /** amount + fee. */
  total: decimal.nullable(),
  available: decimal,
  /** The most that can be sent with this fee. */
  maxAmount: decimal,
  address: addressCheckSchema.nullable(),
  /**
   * The signed quote of `fee` for this wallet, amount and priority, good for 10 minutes: send it as
   * `quote` with `fee`. Null without an amount, or to a Rora address (no fee to quote).
   */
  quote: feeQuoteSchema.nullable(),
});
export type WalletFeeEstimate = zod.infer<typeof feeEstimateSchema>;
export const feeEstimateResponseSchema = envelope(feeEstimateSchema);

export const sendTransactionBodySchema = zod.object({
  walletId: zod.uuid(),
  address: zod.string().min(1, { error: 'address_is_not_valid_for_network' }).max(200),
  destinationTag: destinationTagSchema.optional(),
  amount: amountTextSchema,
  priority: zod.enum(SEND_PRIORITIES).default('normal'),
  /**
   * The fee the customer confirmed (the estimate's `fee`): it is what the send is charged; refused with
   * `send_fee_has_changed` when the network's fee is now over 125 % of it or under half of it.
   * Absent: the fee at send time. Under the network's fee now, it is charged only with its `quote`.
   */
  fee: amountTextSchema.optional(),
  /**
   * The estimate's `quote` of that `fee`: a fee under the network's now is charged only with an
   * unexpired quote Rora signed for this customer, wallet, amount, priority and fee; else
   * `send_fee_has_changed`. One not in the estimate's shape answers 400 `fee_quote_is_malformed`;
   * null (the estimate's own null, passed on) is no quote.
   */
  quote: feeQuoteSchema.nullish(),
  ...approvalFields,
});
export type SendTransactionBody = zod.input<typeof sendTransactionBodySchema>;
export const sendTransactionResponseSchema = envelope(walletTransactionSchema);

/** WebSocket `wallets` channel: a transaction of the customer's changed (balance included). */
export const walletEventSchema = zod.object({
  channel: zod.literal('wallets'),
  type: zod.enum(['transaction', 'cold']),
  data: zod.object({ walletId: zod.uuid(), transaction: walletTransactionSchema.nullable() }),
});
export type WalletEvent = zod.infer<typeof walletEventSchema>;

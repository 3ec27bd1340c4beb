// Calls of spec §7 for coin-to-coin swaps: the firm quote (GET /convert?from&to&quantity), the swap
// order (POST /order with type swap) and the customer's swaps, plus the `swaps` WebSocket channel.
// Amounts are decimal strings in the asset's units; rates are target units per one source unit.
import { z as zod } from 'zod';
import type { ErrorCode } from './errors/index.ts';
import { pageInfoSchema, pageQuerySchema } from './schemas/common.ts';
import { envelope, type AccountCall } from './user.ts';
import { LISTED_ASSETS } from './constants/index.ts';
import { amountTextSchema } from './wallets.ts';

/** The coins a customer can swap between (the listed assets; USD is never held). */
export const SWAP_ASSETS = LISTED_ASSETS;
export type SwapAsset = (typeof SWAP_ASSETS)[number];

/** The smallest swap, in whole US dollars of the source amount at the reference price. */
export const SWAP_MIN_USD = 10;

/** Spec §4: in progress (up to 30 minutes), then completed; failed when it could not settle (refunded). */
export const SWAP_STATUSES = ['in_progress', 'completed', 'failed'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** How the rate was found: a listed pair, its inverse, or through the quote asset (USDT) or USD prices. */
export const SWAP_RATE_ROUTES = ['direct', 'inverse', 'via_quote_asset', 'via_usd'] as const;
export type SwapRateRoute = (typeof SWAP_RATE_ROUTES)[number];

const assetText = zod
  .string({ error: 'swap_pair_not_supported' })
  .trim()
  .min(1, { error: 'swap_pair_not_supported' })
  .max(12, { error: 'swap_pair_not_supported' })
  .transform((value) => value.toUpperCase());
const decimal = zod.string();

/** GET /convert?from&to&quantity (spec §3 exchange rate query). */
export const convertQuerySchema = zod.object({ from: assetText, to: assetText, quantity: amountTextSchema });
export type ConvertQuery = zod.input<typeof convertQuerySchema>;

export const swapQuoteSchema = zod.object({
  /** Send it back in POST /order to swap at exactly these figures, before `expiresAt`. */
  id: zod.uuid(),
  from: zod.string(),
  to: zod.string(),
  /** What leaves the customer's balance, fee included. */
  quantity: decimal,
  /** The swap fee, in the source coin, taken from `quantity` (rounded up). */
  fee: decimal,
  feeBps: zod.number().int(),
  /** The reference rate: target per source at the reference prices. */
  referenceRate: decimal,
  /** The customer's rate: the reference rate less the spread. */
  rate: decimal,
  spreadBps: zod.number().int(),
  /** What the spread costs, in the target coin. */
  spread: decimal,
  /** What the customer receives, in the target coin (rounded down); never more than this. */
  receive: decimal,
  route: zod.enum(SWAP_RATE_ROUTES),
  /** US dollars of `quantity` at the reference price, rounded half to even to the cent. */
  usdValue: decimal,
  createdAt: zod.iso.datetime(),
  expiresAt: zod.iso.datetime(),
});
export type SwapQuote = zod.infer<typeof swapQuoteSchema>;
export const swapQuoteResponseSchema = envelope(swapQuoteSchema);

/** POST /order with type swap: the quote to execute; symbol (FROM/TO) and amount, when sent, must match it. */
export const swapOrderBodySchema = zod.object({
  type: zod.literal('swap'),
  quoteId: zod.uuid({ error: 'swap_quote_id_must_be_uuid' }),
  symbol: zod.string().max(30).optional(),
  amount: amountTextSchema.optional(),
});
export type SwapOrderBody = zod.input<typeof swapOrderBodySchema>;

export const swapSchema = zod.object({
  id: zod.uuid(),
  quoteId: zod.uuid(),
  status: zod.enum(SWAP_STATUSES),
  from: zod.string(),
  to: zod.string(),
  /** Held at once, fee included. */
  amount: decimal,
  fee: decimal,
  rate: decimal,
  receive: decimal,
  createdAt: zod.iso.datetime(),
  /** The latest time it arrives (spec §9: SWAP_MAX_ARRIVAL_MINUTES, 30 minutes or less). */
  arrivesBy: zod.iso.datetime(),
  completedAt: zod.iso.datetime().nullable(),
  /** Why a failed swap failed (`liquidity_unavailable`); the held amount was returned. */
  failureReason: zod.string().nullable(),
});
export type Swap = zod.infer<typeof swapSchema>;
export const swapResponseSchema = envelope(swapSchema);

export const swapListQuerySchema = pageQuerySchema;
export const swapListSchema = pageInfoSchema.extend({ items: zod.array(swapSchema) });
export type SwapList = zod.infer<typeof swapListSchema>;
export const swapListResponseSchema = envelope(swapListSchema);

/** WebSocket: `{ channel: 'swaps', type: 'updated', data: Swap }` when a swap is placed or changes state. */
export const swapUpdatedEventSchema = zod.object({
  channel: zod.literal('swaps'),
  type: zod.literal('updated'),
  data: swapSchema,
});

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];
const amountErrors: ErrorCode[] = [
  'amount_is_empty',
  'amount_is_not_a_decimal',
  'amount_is_too_long',
  'amount_has_too_many_decimals',
  'amount_must_be_positive',
];

export const swapCalls = {
  convert: {
    method: 'GET',
    path: '/convert',
    auth: true,
    errors: [
      ...signedIn,
      ...amountErrors,
      'swap_assets_must_differ',
      'swap_pair_not_supported',
      'swap_amount_below_minimum',
      'swap_amount_exceeds_available_balance',
      'swap_liquidity_unavailable',
      'price_is_unavailable',
      'too_many_requests',
    ],
  },
  placeSwap: {
    method: 'POST',
    path: '/order',
    auth: true,
    errors: [
      ...signedIn,
      ...amountErrors,
      'kyc_approval_required',
      'idempotency_key_required',
      'idempotency_key_reused_with_different_body',
      'idempotency_request_in_progress',
      'resource_not_found',
      'swap_quote_id_must_be_uuid',
      'swap_quote_expired',
      'swap_quote_already_used',
      'swap_order_does_not_match_quote',
      'swap_amount_exceeds_available_balance',
      'swap_liquidity_unavailable',
      'too_many_requests',
    ],
  },
  listSwaps: {
    method: 'GET',
    path: '/swaps',
    auth: true,
    errors: [...signedIn, 'query_number_must_be_decimal_digits'],
  },
  getSwap: { method: 'GET', path: '/swaps/{id}', auth: true, errors: [...signedIn, 'resource_not_found'] },
} as const satisfies Record<string, AccountCall>;

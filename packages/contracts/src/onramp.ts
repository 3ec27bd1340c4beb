// On-ramp (spec §1 "an on-ramp purchase path", §7 POST /order/init): buying a coin with a card
// through an on-ramp provider's widget. POST /order/init starts a purchase and answers what the web
// app needs to open the provider's widget; the provider confirms or declines and calls Rora back
// with a signed webhook; the coin is then credited once. The sandbox provider's widget is a page
// Rora serves itself, with documented test cards.
import { z as zod } from 'zod';
import type { ErrorCode } from './errors/index.ts';
import { envelope, type AccountCall } from './user.ts';
import { amountTextSchema } from './wallets.ts';

export const ONRAMP_FIAT_CURRENCIES = ['USD'] as const;

/** pending: the widget is open; completed: the coin was credited; failed: declined; expired: never paid. */
export const ONRAMP_STATUSES = ['pending', 'completed', 'failed', 'expired'] as const;
export type OnrampStatus = (typeof ONRAMP_STATUSES)[number];

/** Why a provider declined a card (the sandbox's test cards produce each of them). */
export const ONRAMP_DECLINE_CODES = ['card_declined', 'insufficient_funds', 'card_not_supported'] as const;
export type OnrampDeclineCode = (typeof ONRAMP_DECLINE_CODES)[number];

/**
 * The sandbox provider's test cards (any future expiry, any 3-digit CVC). Any other valid card
 * number is declined with `card_not_supported`.
 */
export const ONRAMP_SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'approved', declineCode: null },
  { number: '4000000000000002', outcome: 'declined', declineCode: 'card_declined' },
  { number: '4000000000009995', outcome: 'declined', declineCode: 'insufficient_funds' },
] as const;

/** POST /order/init. */
export const onrampInitBodySchema = zod.object({
  asset: zod
    .string({ error: 'onramp_asset_not_supported' })
    .trim()
    .max(12, { error: 'onramp_asset_not_supported' })
    .transform((value) => value.toUpperCase()),
  /** Fiat to pay, e.g. '150' or '150.25'. */
  fiatAmount: amountTextSchema,
  fiatCurrency: zod.enum(ONRAMP_FIAT_CURRENCIES, { error: 'onramp_currency_not_supported' }).default('USD'),
});
export type OnrampInitBody = zod.input<typeof onrampInitBodySchema>;

export const onrampPurchaseSchema = zod.object({
  id: zod.uuid(),
  /** The adapter's id (`sandbox`) and its name for the screens. */
  provider: zod.string(),
  providerName: zod.string(),
  asset: zod.string(),
  fiatCurrency: zod.enum(ONRAMP_FIAT_CURRENCIES),
  /** What the card is charged, fees included. */
  fiatAmount: zod.string(),
  /** The provider's fee, in the fiat currency, included in fiatAmount. */
  providerFee: zod.string(),
  /** What is credited, in the coin, once the provider confirms. */
  cryptoAmount: zod.string(),
  status: zod.enum(ONRAMP_STATUSES),
  /** A decline code when failed, `expired` when the widget was never paid. */
  failureReason: zod.string().nullable(),
  /** Opens the provider's widget: an iframe (or a new window) on this address. */
  widget: zod.object({ url: zod.string(), origin: zod.string().nullable(), mode: zod.enum(['iframe', 'redirect']) }),
  createdAt: zod.iso.datetime(),
  expiresAt: zod.iso.datetime(),
  completedAt: zod.iso.datetime().nullable(),
});
export type OnrampPurchase = zod.infer<typeof onrampPurchaseSchema>;
export const onrampPurchaseResponseSchema = envelope(onrampPurchaseSchema);

/** The sandbox widget's payment form (served by Rora, posted by the widget page's own script). */
export const sandboxPaymentBodySchema = zod.object({
  cardNumber: zod.string().max(40),
  /** MM/YY */
  expiry: zod.string().max(10),
  cvc: zod.string().max(8),
  name: zod.string().max(100).optional(),
});
export const sandboxPaymentResultSchema = zod.object({
  status: zod.enum(['approved', 'declined']),
  declineCode: zod.enum(ONRAMP_DECLINE_CODES).nullable(),
});

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];

export const onrampCalls = {
  init: {
    method: 'POST',
    path: '/order/init',
    auth: true,
    errors: [
      ...signedIn,
      'kyc_approval_required',
      'idempotency_key_required',
      'idempotency_key_reused_with_different_body',
      'idempotency_request_in_progress',
      'amount_is_empty',
      'amount_is_not_a_decimal',
      'amount_is_too_long',
      'onramp_amount_must_be_whole_cents',
      'onramp_asset_not_supported',
      'onramp_currency_not_supported',
      'onramp_amount_below_minimum',
      'onramp_amount_above_maximum',
      'onramp_provider_unavailable',
      'price_is_unavailable',
      'too_many_requests',
      'amount_is_too_large',
    ],
  },
  getPurchase: {
    method: 'GET',
    path: '/onramp/purchases/{id}',
    auth: true,
    errors: [...signedIn, 'resource_not_found'],
  },
  webhook: {
    method: 'POST',
    path: '/webhooks/onramp',
    auth: false,
    errors: [
      'webhook_signature_invalid',
      'webhook_timestamp_outside_tolerance',
      'webhook_replay_refused',
      'webhook_payload_invalid',
      'too_many_requests',
    ],
  },
  sandboxWidget: {
    method: 'GET',
    path: '/onramp/sandbox/{sessionId}',
    auth: false,
    errors: ['resource_not_found', 'too_many_requests'],
  },
  sandboxPay: {
    method: 'POST',
    path: '/onramp/sandbox/{sessionId}/pay',
    auth: false,
    errors: [
      'resource_not_found',
      'onramp_session_is_closed',
      'onramp_card_number_invalid',
      'onramp_card_expiry_invalid',
      'onramp_card_expired',
      'onramp_card_cvc_invalid',
      'too_many_requests',
    ],
  },
} as const satisfies Record<string, AccountCall>;

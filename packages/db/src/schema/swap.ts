// The swap and on-ramp tables of migrations 0060-0061, mirrored for typed queries: firm quotes,
// swaps, on-ramp purchases, webhook receipts and the sandbox on-ramp provider's sessions. numeric
// amounts come back as decimal strings: convert with BigInt(value), never Number.
import { bigint, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 78, scale: 0 });

export type SwapStatusRow = 'in_progress' | 'completed' | 'failed';
export type OnrampStatusRow = 'pending' | 'completed' | 'failed' | 'expired';

export const swapQuotes = pgTable(
  'swap_quotes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fromAsset: text('from_asset').notNull(),
    toAsset: text('to_asset').notNull(),
    quantity: amount('quantity').notNull(),
    fee: amount('fee').notNull(),
    converted: amount('converted').notNull(),
    dust: amount('dust').notNull(),
    receive: amount('receive').notNull(),
    spread: amount('spread').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    feeBps: integer('fee_bps').notNull(),
    referenceRate: text('reference_rate').notNull(),
    rate: text('rate').notNull(),
    route: text('route').notNull(),
    usdValue: numeric('usd_value', { precision: 38, scale: 2 }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('swap_quotes_user_idx').on(t.userId, t.createdAt.desc())],
);

export const swaps = pgTable(
  'swaps',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    quoteId: uuid('quote_id')
      .notNull()
      .unique()
      .references(() => swapQuotes.id),
    fromAsset: text('from_asset').notNull(),
    toAsset: text('to_asset').notNull(),
    quantity: amount('quantity').notNull(),
    fee: amount('fee').notNull(),
    converted: amount('converted').notNull(),
    dust: amount('dust').notNull(),
    receive: amount('receive').notNull(),
    rate: text('rate').notNull(),
    status: text('status').$type<SwapStatusRow>().notNull(),
    dueAt: at('due_at').notNull(),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    notifiedAt: at('notified_at'),
  },
  (t) => [index('swaps_user_idx').on(t.userId, t.createdAt.desc())],
);

export const onrampPurchases = pgTable(
  'onramp_purchases',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    asset: text('asset').notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    fiatAmount: amount('fiat_amount').notNull(),
    providerFee: amount('provider_fee').notNull(),
    cryptoAmount: amount('crypto_amount').notNull(),
    widgetUrl: text('widget_url').notNull(),
    status: text('status').$type<OnrampStatusRow>().notNull(),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    settledAt: at('settled_at'),
    notifiedAt: at('notified_at'),
  },
  (t) => [index('onramp_purchases_user_idx').on(t.userId, t.createdAt.desc())],
);

export const onrampWebhookReceipts = pgTable('onramp_webhook_receipts', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider').notNull(),
  signature: text('signature').notNull().unique(),
  eventId: text('event_id').notNull(),
  purchaseId: uuid('purchase_id').references(() => onrampPurchases.id),
  outcome: text('outcome').$type<'applied' | 'duplicate' | 'ignored'>().notNull(),
  receivedAt: at('received_at').notNull(),
});

export const onrampSandboxSessions = pgTable('onramp_sandbox_sessions', {
  id: uuid('id').primaryKey(),
  externalReference: uuid('external_reference').notNull().unique(),
  asset: text('asset').notNull(),
  fiatCurrency: text('fiat_currency').notNull(),
  fiatAmount: amount('fiat_amount').notNull(),
  cryptoAmount: amount('crypto_amount').notNull(),
  status: text('status').$type<'open' | 'approved' | 'declined'>().notNull(),
  cardLast4: text('card_last4'),
  declineCode: text('decline_code'),
  eventId: text('event_id').unique(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  decidedAt: at('decided_at'),
  deliveredAt: at('delivered_at'),
  deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  nextDeliveryAt: at('next_delivery_at'),
});

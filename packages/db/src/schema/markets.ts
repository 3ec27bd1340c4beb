// The markets tables (migration 0050): orders, fills, candles, price alerts, favourite venues and
// the house's market participants, mirrored for typed reads. numeric(78,0) columns come back as
// decimal strings: convert with BigInt(value), never Number.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

const amount = (name: string) => numeric(name, { precision: 78, scale: 0 });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const marketParticipants = pgTable('market_participants', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  role: text('role').$type<'market_maker' | 'sandbox_flow'>().notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    pair: text('pair').notNull(),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    orderType: text('order_type').$type<'market' | 'limit'>().notNull(),
    book: text('book').$type<'lit' | 'dark' | 'venue'>().notNull(),
    venue: text('venue').notNull(),
    timeInForce: text('time_in_force').$type<'GTC' | 'IOC' | 'FOK'>(),
    postOnly: boolean('post_only').notNull().default(false),
    price: amount('price'),
    quantity: amount('quantity'),
    budget: amount('budget'),
    holdAsset: text('hold_asset').notNull(),
    holdAmount: amount('hold_amount').notNull(),
    filledQuantity: amount('filled_quantity').notNull().default('0'),
    filledNotional: amount('filled_notional').notNull().default('0'),
    feePaid: amount('fee_paid').notNull().default('0'),
    feeAsset: text('fee_asset').notNull(),
    makerFeeBps: integer('maker_fee_bps').notNull(),
    takerFeeBps: integer('taker_fee_bps').notNull(),
    status: text('status')
      .$type<'pending' | 'open' | 'partially_filled' | 'filled' | 'cancelled' | 'rejected'>()
      .notNull(),
    cancelReason: text('cancel_reason'),
    seq: bigint('seq', { mode: 'bigint' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('orders_open_idx')
      .on(t.pair, t.seq)
      .where(sql`status IN ('open', 'partially_filled')`),
    index('orders_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const orderFills = pgTable('order_fills', {
  id: uuid('id').primaryKey(),
  pair: text('pair').notNull(),
  book: text('book').$type<'lit' | 'dark' | 'venue'>().notNull(),
  venue: text('venue').notNull(),
  seq: bigint('seq', { mode: 'bigint' }),
  makerOrderId: uuid('maker_order_id').references(() => orders.id),
  takerOrderId: uuid('taker_order_id')
    .notNull()
    .references(() => orders.id),
  // Copies of the orders' users (no foreign keys of their own: migration 0052).
  makerUserId: uuid('maker_user_id'),
  takerUserId: uuid('taker_user_id').notNull(),
  takerSide: text('taker_side').$type<'buy' | 'sell'>().notNull(),
  price: amount('price').notNull(),
  quantity: amount('quantity').notNull(),
  notional: amount('notional').notNull(),
  makerFee: amount('maker_fee').notNull().default('0'),
  takerFee: amount('taker_fee').notNull(),
  createdAt: at('created_at').notNull(),
});

export const marketCandles = pgTable(
  'market_candles',
  {
    pair: text('pair').notNull(),
    interval: text('interval').$type<'5m' | '1h' | '1d'>().notNull(),
    bucket: at('bucket').notNull(),
    open: amount('open').notNull(),
    high: amount('high').notNull(),
    low: amount('low').notNull(),
    close: amount('close').notNull(),
    volume: amount('volume').notNull().default('0'),
    tradeVolume: amount('trade_volume').notNull().default('0'),
    tradeQuoteVolume: amount('trade_quote_volume').notNull().default('0'),
    tradeCount: integer('trade_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pair, t.interval, t.bucket] })],
);

export const priceAlerts = pgTable('price_alerts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  pair: text('pair').notNull(),
  condition: text('condition').$type<'above' | 'below'>().notNull(),
  price: amount('price').notNull(),
  referencePrice: amount('reference_price').notNull(),
  status: text('status').$type<'active' | 'triggered'>().notNull(),
  createdAt: at('created_at').notNull(),
  triggeredAt: at('triggered_at'),
  triggeredPrice: amount('triggered_price'),
});

export const venueFavourites = pgTable(
  'venue_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venue: text('venue').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.venue] })],
);

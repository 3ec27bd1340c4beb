// The wallets and chains tables of migrations 0040-0042, mirrored for typed queries: the asset
// catalogue and its prices, deposit addresses, cold holdings, deposits and sends. numeric amounts
// come back as decimal strings: convert with BigInt(value), never Number.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 78, scale: 0 });

export const assets = pgTable('assets', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  sortOrder: integer('sort_order').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const assetPrices = pgTable(
  'asset_prices',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    asset: text('asset')
      .notNull()
      .references(() => assets.symbol),
    /** US dollars per whole unit, numeric(38,12) as a decimal string. */
    usdPrice: numeric('usd_price', { precision: 38, scale: 12 }).notNull(),
    source: text('source').notNull(),
    observedAt: at('observed_at').notNull(),
  },
  (t) => [index('asset_prices_asset_observed_idx').on(t.asset, t.observedAt.desc())],
);

export const walletOwners = pgTable('wallet_owners', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  addressIndex: integer('address_index')
    .notNull()
    .unique()
    .default(sql`nextval('wallet_address_index_seq')`),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => walletOwners.userId),
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    addressIndex: integer('address_index').notNull(),
    address: text('address').notNull(),
    destinationTag: bigint('destination_tag', { mode: 'number' }),
    derivationPath: text('derivation_path'),
    favourite: boolean('favourite').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('wallets_one_per_network').on(t.userId, t.network),
    unique('wallets_address_unique').on(t.network, t.address, t.destinationTag).nullsNotDistinct(),
    index('wallets_created_at_idx').on(t.createdAt),
  ],
);

export const coldWallets = pgTable(
  'cold_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('cold_wallets_one_per_asset').on(t.userId, t.asset)],
);

export const coldWalletMoves = pgTable(
  'cold_wallet_moves',
  {
    id: uuid('id').primaryKey(),
    coldWalletId: uuid('cold_wallet_id')
      .notNull()
      .references(() => coldWallets.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    direction: text('direction').$type<'to_cold' | 'from_cold'>().notNull(),
    amount: amount('amount').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('cold_wallet_moves_wallet_idx').on(t.coldWalletId, t.createdAt.desc())],
);

export type DepositStatus = 'pending' | 'confirming' | 'credited' | 'failed';

export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    txid: text('txid').notNull(),
    outputIndex: integer('output_index').notNull().default(0),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: amount('amount').notNull(),
    fromAddress: text('from_address'),
    status: text('status').$type<DepositStatus>().notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }),
    blockHash: text('block_hash'),
    failureReason: text('failure_reason'),
    firstSeenAt: at('first_seen_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    creditedAt: at('credited_at'),
  },
  (t) => [
    unique('chain_deposits_once').on(t.network, t.txid, t.outputIndex),
    index('chain_deposits_wallet_idx').on(t.walletId, t.firstSeenAt.desc()),
    index('chain_deposits_user_unbooked_idx')
      .on(t.userId)
      .where(sql`status <> 'credited'`),
  ],
);

export type SendStatus = 'held' | 'broadcast' | 'confirmed' | 'posted' | 'voided';

export const walletSends = pgTable(
  'wallet_sends',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    kind: text('kind').$type<'external' | 'internal'>().notNull(),
    toAddress: text('to_address').notNull(),
    destinationTag: bigint('destination_tag', { mode: 'number' }),
    recipientUserId: uuid('recipient_user_id').references(() => users.id),
    recipientWalletId: uuid('recipient_wallet_id').references(() => wallets.id),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    priority: text('priority').$type<'slow' | 'normal' | 'fast'>().notNull(),
    status: text('status').$type<SendStatus>().notNull(),
    approvedAt: at('approved_at'),
    txid: text('txid'),
    networkFee: amount('network_fee'),
    confirmations: integer('confirmations').notNull().default(0),
    failureReason: text('failure_reason'),
    /** Why an approved send is still held (ADR 0044); cleared when it is broadcast. */
    waitingReason: text('waiting_reason').$type<'chain_degraded' | 'hot_wallet_short'>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    broadcastAt: at('broadcast_at'),
    settledAt: at('settled_at'),
  },
  (t) => [
    unique('wallet_sends_txid_once').on(t.network, t.txid),
    index('wallet_sends_wallet_idx').on(t.walletId, t.createdAt.desc()),
    index('wallet_sends_user_unbooked_idx')
      .on(t.userId)
      .where(sql`status <> 'posted'`),
  ],
);

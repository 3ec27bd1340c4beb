// The ledger's tables (migrations 0030 and 0033), mirrored for typed reads. Only @rora/ledger
// writes them, through the ledger_apply() SQL function. numeric(78,0) amounts come back as
// decimal strings: convert with BigInt(value), never Number.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** null: an account of the house. */
    ownerId: uuid('owner_id').references(() => users.id),
    asset: text('asset').notNull(),
    kind: text('kind').notNull(),
    allowNegative: boolean('allow_negative')
      .notNull()
      .generatedAlwaysAs(sql`(kind IN ('external_world', 'chain_omnibus', 'cold_omnibus', 'fee_result'))`),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull().default('0'),
    /** What open holds reserve of `balance` (ADR 0063); balance - held is spendable. */
    held: numeric('held', { precision: 78, scale: 0 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_id_asset').on(t.id, t.asset),
    uniqueIndex('ledger_accounts_owner_asset_kind').on(
      sql`(coalesce(${t.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid))`,
      t.asset,
      t.kind,
    ),
    check('ledger_accounts_customer_balance_not_negative', sql`${t.ownerId} IS NULL OR ${t.balance} >= 0`),
    check('ledger_accounts_balance_not_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
    check('ledger_accounts_held_within_balance', sql`${t.held} >= 0 AND (${t.held} = 0 OR ${t.balance} >= ${t.held})`),
  ],
);

export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    /** Only holds placed before ADR 0063, which moved their amount into a held account. */
    heldAccountId: bigint('held_account_id', { mode: 'bigint' }),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    postedAmount: numeric('posted_amount', { precision: 78, scale: 0 }).notNull().default('0'),
    voidedAmount: numeric('voided_amount', { precision: 78, scale: 0 }).notNull().default('0'),
    status: text('status').$type<'pending' | 'posted' | 'voided'>().notNull().default('pending'),
    code: text('code').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    /** Only voids of holds placed before ADR 0063; a void of a reservation moves nothing. */
    voidTransferId: uuid('void_transfer_id'),
    voidMetadata: jsonb('void_metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  // Written only by ledger_apply(), which resolves and locks its accounts (ADR 0017); read by key.
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    seq: bigint('seq', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    id: uuid('id').primaryKey(),
    debitAccountId: bigint('debit_account_id', { mode: 'bigint' }).notNull(),
    creditAccountId: bigint('credit_account_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    code: text('code').notNull(),
    // Written only by ledger_apply(), which resolves and locks its accounts and hold (ADR 0017).
    holdId: uuid('hold_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.seq),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.seq),
    // No index on hold_id (migration 0101): nothing reads one hold's transfers by it.
  ],
);

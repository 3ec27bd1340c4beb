// Accounts context: one-time codes, second factors, PIN, recovery codes and password-reset tickets.
// Mirrors migrations/0010_accounts.sql and 0011_sign_in_backoff.sql.
import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './platform.ts';

export type OneTimeCodePurpose = 'email_verify' | 'phone_verify' | 'password_reset';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').$type<OneTimeCodePurpose>().notNull(),
    destination: text('destination').notNull(),
    codeHash: bytea('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    verifiedAt: at('verified_at'),
    usedAt: at('used_at'),
    supersededAt: at('superseded_at'),
  },
  (t) => [
    index('one_time_codes_lookup_idx').on(t.purpose, t.destination, t.createdAt),
    index('one_time_codes_destination_idx').on(t.destination, t.createdAt),
    index('one_time_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const accountSecurity = pgTable('account_security', {
  userId: uuid('user_id').primaryKey(),
  emailVerifiedAt: at('email_verified_at'),
  phoneVerifiedAt: at('phone_verified_at'),
  passwordChangedAt: at('password_changed_at'),
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpLastStep: integer('totp_last_step'),
  totpFailures: integer('totp_failures').notNull().default(0),
  totpLockedUntil: at('totp_locked_until'),
  withdrawal2faEnabled: boolean('withdrawal_2fa_enabled').notNull().default(false),
  pinHash: text('pin_hash'),
  pinFailures: integer('pin_failures').notNull().default(0),
  pinLockedUntil: at('pin_locked_until'),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    codeHash: bytea('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [unique().on(t.userId, t.codeHash)],
);

export const passwordResetTickets = pgTable(
  'password_reset_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    ticketHash: bytea('ticket_hash').notNull().unique(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_reset_tickets_user_idx').on(t.userId)],
);

export const signInBackoff = pgTable(
  'sign_in_backoff',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    retryAt: at('retry_at'),
    lastAttemptAt: at('last_attempt_at').notNull(),
    notifiedAt: at('notified_at'),
  },
  (t) => [index('sign_in_backoff_last_attempt_idx').on(t.lastAttemptAt)],
);

// The identity verification (KYC) tables of migration 0020, mirrored for typed queries.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, users } from './platform.ts';

export interface KycRejectionReasonRow {
  code: string;
  item: string;
}

const at = (name: string) => timestamp(name, { withTimezone: true });

export const kycApplications = pgTable(
  'kyc_applications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    currency: text('currency'),
    privacyPolicyAgreedAt: at('privacy_policy_agreed_at'),
    identityUpdatedAt: at('identity_updated_at'),
    submissionCount: integer('submission_count').notNull().default(0),
    provider: text('provider'),
    providerReference: text('provider_reference'),
    submittedAt: at('submitted_at'),
    decidedAt: at('decided_at'),
    rejectionReasons: jsonb('rejection_reasons').$type<KycRejectionReasonRow[]>().notNull().default([]),
    rejectedAt: at('rejected_at'),
    itemsToFix: text('items_to_fix').array().notNull().default([]),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('kyc_applications_provider_reference_idx').on(t.providerReference)],
);

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: bytea('sha256').notNull(),
    createdAt: at('created_at').notNull(),
    supersededAt: at('superseded_at'),
  },
  (t) => [
    uniqueIndex('kyc_documents_current_idx')
      .on(t.userId, t.kind)
      .where(sql`superseded_at IS NULL`),
    index('kyc_documents_user_idx').on(t.userId, t.createdAt),
  ],
);

export const kycStatusEvents = pgTable(
  'kyc_status_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actor: text('actor').$type<'customer' | 'identity_provider' | 'system'>().notNull(),
    actorId: text('actor_id').notNull(),
    reasons: jsonb('reasons').$type<KycRejectionReasonRow[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('kyc_status_events_user_idx').on(t.userId, t.id)],
);

export const identityWebhookEvents = pgTable(
  'identity_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    signatureHash: bytea('signature_hash').notNull().unique(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const identitySandboxChecks = pgTable('identity_sandbox_checks', {
  id: uuid('id').primaryKey(),
  reference: text('reference').notNull(),
  submission: jsonb('submission').$type<Record<string, unknown>>().notNull(),
  createdAt: at('created_at').notNull(),
  dueAt: at('due_at').notNull(),
  decision: jsonb('decision').$type<Record<string, unknown>>(),
  decidedAt: at('decided_at'),
  deliveredAt: at('delivered_at'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});

/** Migration 0104: a submission's hand-over to the provider, from its claim to its record or end. */
export const kycHandovers = pgTable(
  'kyc_handovers',
  {
    reference: text('reference').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: at('started_at').notNull(),
    lapsesAt: at('lapses_at').notNull(),
    recordedAt: at('recorded_at'),
    givenUpAt: at('given_up_at'),
  },
  (t) => [
    index('kyc_handovers_open_idx')
      .on(t.userId)
      .where(sql`recorded_at IS NULL AND given_up_at IS NULL`),
  ],
);

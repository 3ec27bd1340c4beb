// Mirrors migrations/0002_idempotency.sql and 0004_idempotency_owners.sql.
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './platform.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestMethod: text('request_method').notNull(),
    requestPath: text('request_path').notNull(),
    requestHash: bytea('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: bytea('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ownerId: uuid('owner_id'),
    effectId: uuid('effect_id'),
  },
  (t) => [
    unique('idempotency_keys_user_key_unique').on(t.userId, t.idempotencyKey),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const idempotencyOwners = pgTable('idempotency_owners', {
  id: uuid('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

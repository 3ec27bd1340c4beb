// Dev-only calls (never in production): GET /dev/outbox lists the e-mails and SMS the product sent,
// newest first, with their text, so browser tests and developers can read one-time codes.
import { z as zod } from 'zod';
import { queryNumber, timestampSchema } from './common.ts';

export const outboxQuerySchema = zod.object({
  /** An e-mail address or phone number (`+447700900123`); case-insensitive for e-mail. */
  to: zod.string().min(1).max(320).optional(),
  limit: queryNumber(zod.number().int().min(1).max(200)).default(20),
});

export const outboxMessageSchema = zod.object({
  id: zod.uuid(),
  channel: zod.enum(['email', 'sms']),
  to: zod.string(),
  userId: zod.uuid().nullable(),
  category: zod.string(),
  subject: zod.string(),
  text: zod.string(),
  status: zod.enum(['queued', 'sent', 'failed', 'suppressed', 'abandoned']),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
});
export type OutboxMessage = zod.infer<typeof outboxMessageSchema>;

export const outboxListSchema = zod.object({ items: zod.array(outboxMessageSchema) });

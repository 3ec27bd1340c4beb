// Dev-only calls (never in production): GET /dev/outbox lists the e-mails and SMS the product sent,
// newest first, with their text, so browser tests and developers can read one-time codes.
import { z } from 'zod';
import { timestampSchema } from './common.ts';

export const outboxQuerySchema = z.object({
  /** An e-mail address or phone number (`+447700900123`); case-insensitive for e-mail. */
  to: z.string().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  userId: z.uuid().nullable(),
  category: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'suppressed']),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z.object({ items: z.array(outboxMessageSchema) });

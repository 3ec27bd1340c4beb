// The outbox_messages table: every e-mail and SMS, with its delivery status.
import { desc, eq, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@rora/contracts';
import { schema, type Db } from '@rora/db';

const { outboxMessages } = schema;
type Row = typeof outboxMessages.$inferSelect;
export type OutboxStatus = Row['status'];

export interface NewOutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  userId: string | null;
  category: string;
  subject: string;
  body: string;
  status: 'queued' | 'suppressed';
}

function toOutboxMessage(row: Row): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.destination,
    userId: row.userId,
    category: row.category,
    subject: row.subject,
    text: row.body,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export function createOutboxRepository(db: Db) {
  return {
    async insert(message: NewOutboxMessage): Promise<string> {
      // created_at is the database's time: it orders the outbox even when a test's clock stands still.
      const [row] = await db
        .insert(outboxMessages)
        .values({
          channel: message.channel,
          destination: message.to,
          userId: message.userId,
          category: message.category,
          subject: message.subject,
          body: message.body,
          status: message.status,
        })
        .returning({ id: outboxMessages.id });
      return row!.id;
    },

    async setStatus(id: string, status: Exclude<OutboxStatus, 'queued' | 'suppressed'>, at: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ status, sentAt: status === 'sent' ? at : null })
        .where(eq(outboxMessages.id, id));
    },

    /** Newest first; `to` matches an e-mail address in any letter case, or a phone number exactly. */
    async list(filter: { to?: string; limit: number }): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(filter.to ? sql`lower(${outboxMessages.destination}) = lower(${filter.to})` : undefined)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(filter.limit);
      return rows.map(toOutboxMessage);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

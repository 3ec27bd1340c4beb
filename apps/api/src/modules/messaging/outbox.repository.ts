// The outbox_messages table: every e-mail and SMS, with its delivery status, and the failed e-mails
// the worker sends again (attempts, next_attempt_at: migration 0107, ADR 0074).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@rora/contracts';
import { schema, type Db } from '@rora/db';

const { outboxMessages } = schema;
type Row = typeof outboxMessages.$inferSelect;

export interface NewOutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  userId: string | null;
  category: string;
  subject: string;
  body: string;
  status: 'queued' | 'suppressed';
  /** A retried e-mail's lease: if its sender dies before settling it, the worker sends it then. */
  leaseUntil: Date | null;
}

/** How a send ended: `nextAttemptAt` on a failed e-mail the worker will try again. */
export type Settlement =
  | { status: 'sent'; at: Date }
  | { status: 'failed'; nextAttemptAt: Date | null }
  | { status: 'suppressed' | 'abandoned' };

/** A failed (or orphaned) e-mail the worker claimed; `attempts` counts this one. */
export type ClaimedMessage = {
  id: string;
  to: string;
  userId: string | null;
  category: string;
  subject: string;
  text: string;
  attempts: number;
};

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
          attempts: message.status === 'queued' ? 1 : 0,
          nextAttemptAt: message.leaseUntil,
        })
        .returning({ id: outboxMessages.id });
      return row!.id;
    },

    /**
     * Records how the send of `attempts` ended, unless the message was claimed again since (a sender
     * that outlived its lease must not mark failed a message another one has sent meanwhile).
     */
    async settle(send: { id: string; attempts: number }, outcome: Settlement): Promise<void> {
      await db
        .update(outboxMessages)
        .set({
          status: outcome.status,
          sentAt: outcome.status === 'sent' ? outcome.at : null,
          nextAttemptAt: outcome.status === 'failed' ? outcome.nextAttemptAt : null,
        })
        .where(and(eq(outboxMessages.id, send.id), eq(outboxMessages.attempts, send.attempts)));
    },

    /**
     * Claims the e-mail due longest, counting the attempt and moving its next attempt to the end of
     * the lease: another worker skips it (SKIP LOCKED while this commits, not due after), and if this
     * one dies before settling it, it is due again when the lease ends. One row a claim: a batch
     * sent one by one to a dead SMTP server could outlast its lease and be claimed twice.
     */
    async claimDue(options: { now: Date; leaseUntil: Date }): Promise<ClaimedMessage | undefined> {
      const { rows } = await db.execute<ClaimedMessage>(sql`
        UPDATE outbox_messages SET attempts = attempts + 1, next_attempt_at = ${options.leaseUntil}::timestamptz
        WHERE id = (
          SELECT id FROM outbox_messages
          WHERE next_attempt_at <= ${options.now}::timestamptz AND status IN ('queued', 'failed')
            AND channel = 'email' AND category <> 'security'
          ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, destination AS "to", user_id AS "userId", category, subject, body AS "text", attempts`);
      return rows[0];
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

// Sends the product's e-mails and SMS. Security messages (codes, password resets) always go out;
// the other categories honour the customer's preferences (spec: notification settings) and are
// recorded as `suppressed` when switched off. Every message is written to outbox_messages first,
// then handed to the adapter (SMTP, an SMS provider, or the sandbox) and marked sent or failed.
// A failed delivery answers 503 message_delivery_failed, so the customer knows to try again.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailAdapter, SmsAdapter } from './delivery-adapters.ts';
import type { OutboxRepository } from './outbox.repository.ts';

export type EmailCategory = 'security' | 'administrative' | 'newsletter' | 'price_alert';

export interface EmailMessage {
  to: string;
  userId?: string;
  category: EmailCategory;
  subject: string;
  text: string;
}

export interface SmsMessage {
  to: string;
  userId?: string;
  category: 'security';
  text: string;
}

export interface MessagingService {
  email(message: EmailMessage): Promise<void>;
  sms(message: SmsMessage): Promise<void>;
}

export interface MessagingDependencies {
  db: Db;
  clock: Clock;
  outbox: OutboxRepository;
  mail: MailAdapter;
  sms: SmsAdapter;
  /**
   * Keep the text of security messages (one-time codes) in the outbox. On only with dev routes,
   * so that outside development the database never holds a usable code in clear.
   */
  keepSecurityText: boolean;
}

const { users } = schema;
const WITHHELD_TEXT = '[security message: text not stored]';

/** Which preference column a category obeys. */
const preferenceOf = {
  administrative: 'administrativeEmails',
  newsletter: 'newsletterEmails',
  price_alert: 'aiNotifications',
} as const;

export function createMessagingService(deps: MessagingDependencies): MessagingService {
  const { db, outbox } = deps;

  async function wanted(message: EmailMessage): Promise<boolean> {
    if (message.category === 'security') return true;
    const column = users[preferenceOf[message.category]];
    const where = message.userId ? eq(users.id, message.userId) : eq(users.email, message.to.trim().toLowerCase());
    const [row] = await db.select({ wanted: column }).from(users).where(where).limit(1);
    // Someone who is not (yet) a customer has no preferences to honour.
    return row?.wanted ?? true;
  }

  async function deliver(id: string, send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch {
      await outbox.setStatus(id, 'failed', deps.clock.now());
      throw new AppError('message_delivery_failed');
    }
    await outbox.setStatus(id, 'sent', deps.clock.now());
  }

  const storedText = (category: string, text: string) =>
    category === 'security' && !deps.keepSecurityText ? WITHHELD_TEXT : text;

  return {
    async email(message) {
      const isWanted = await wanted(message);
      const id = await outbox.insert({
        channel: 'email',
        to: message.to,
        userId: message.userId ?? null,
        category: message.category,
        subject: message.subject,
        body: storedText(message.category, message.text),
        status: isWanted ? 'queued' : 'suppressed',
      });
      if (!isWanted) return;
      await deliver(id, () => deps.mail.send({ to: message.to, subject: message.subject, text: message.text }));
    },

    async sms(message) {
      const id = await outbox.insert({
        channel: 'sms',
        to: message.to,
        userId: message.userId ?? null,
        category: message.category,
        subject: '',
        body: storedText(message.category, message.text),
        status: 'queued',
      });
      await deliver(id, () => deps.sms.send({ to: message.to, text: message.text }));
    },
  };
}

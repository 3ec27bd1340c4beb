// Sends the product's e-mails and SMS. Modules name what to send (a template: a kind and its
// params); it goes out in the reader's language: the one given with the message (the page a visitor
// asked for a code on), else the customer's stored language (PUT /user/preferences), else English.
// Security messages (codes, password resets) always go out; the other categories honour the
// customer's preferences (spec: notification settings) and are recorded as `suppressed` when
// switched off. Every message is written to outbox_messages first, then handed to the adapter (SMTP,
// an SMS provider, or the sandbox) and marked sent or failed. A failed delivery answers 503
// message_delivery_failed, so the customer knows to try again.
import { eq } from 'drizzle-orm';
import type { LanguageCode } from '@rora/contracts';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailAdapter, SmsAdapter } from './delivery-adapters.ts';
import type { OutboxRepository } from './outbox.repository.ts';
import { languageOrDefault, renderEmail, renderSms, type EmailTemplate, type SmsTemplate } from './templates/index.ts';

export type EmailCategory = 'security' | 'administrative' | 'newsletter' | 'price_alert';

export interface EmailMessage {
  to: string;
  userId?: string | undefined;
  category: EmailCategory;
  /** The language of the page that asked for this message; without it, the customer's own. */
  language?: LanguageCode | undefined;
  template: EmailTemplate;
}

export interface SmsMessage {
  to: string;
  userId?: string | undefined;
  category: 'security';
  language?: LanguageCode | undefined;
  template: SmsTemplate;
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

export function createMessagingService(deps: MessagingDependencies): MessagingService {
  const { db, outbox } = deps;

  /** Whether the customer wants this e-mail, and the language to write it in. */
  async function recipient(message: EmailMessage): Promise<{ wanted: boolean; language: LanguageCode }> {
    const where = message.userId ? eq(users.id, message.userId) : eq(users.email, message.to.trim().toLowerCase());
    const [row] = await db
      .select({
        language: users.language,
        // One column per category a customer can switch off, named as the category.
        administrative: users.administrativeEmails,
        newsletter: users.newsletterEmails,
        price_alert: users.aiNotifications,
      })
      .from(users)
      .where(where)
      .limit(1);
    const language = message.language ?? languageOrDefault(row?.language);
    // Someone who is not (yet) a customer has no preferences to honour.
    const wanted = message.category === 'security' || !row || row[message.category];
    return { wanted, language };
  }

  async function smsLanguage(message: SmsMessage): Promise<LanguageCode> {
    if (message.language) return message.language;
    if (!message.userId) return languageOrDefault(undefined);
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, message.userId));
    return languageOrDefault(row?.language);
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
      const { wanted, language } = await recipient(message);
      const { subject, text } = renderEmail(message.template, language);
      const id = await outbox.insert({
        channel: 'email',
        to: message.to,
        userId: message.userId ?? null,
        category: message.category,
        subject,
        body: storedText(message.category, text),
        status: wanted ? 'queued' : 'suppressed',
      });
      if (!wanted) return;
      await deliver(id, () => deps.mail.send({ to: message.to, subject, text }));
    },

    async sms(message) {
      const text = renderSms(message.template, await smsLanguage(message));
      const id = await outbox.insert({
        channel: 'sms',
        to: message.to,
        userId: message.userId ?? null,
        category: message.category,
        subject: '',
        body: storedText(message.category, text),
        status: 'queued',
      });
      await deliver(id, () => deps.sms.send({ to: message.to, text }));
    },
  };
}

// Sends the product's e-mails and SMS. Modules name what to send (a template: a kind and its
// params); it goes out in the reader's language: the one given with the message (the page a visitor
// asked for a code on), else the customer's stored language (PUT /user/preferences), else English.
// Security messages (codes, password resets) always go out; the other categories honour the
// customer's preferences (spec: notification settings) and are recorded as `suppressed` when
// switched off. Every message is written to outbox_messages first, then handed to the adapter (SMTP,
// an SMS provider, or the sandbox) and marked sent or failed. A failed delivery answers 503
// message_delivery_failed, so the customer knows to try again; a failed e-mail other than a security
// one is also sent again by the worker (resend-failed-emails.job.ts), since most are sent from
// background work where no customer is waiting to retry.
import type { LanguageCode } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailAdapter, SmsAdapter } from './delivery-adapters.ts';
import { isRetried, leaseFrom, nextAttemptAfter } from './email-retry-policy.ts';
import type { OutboxRepository } from './outbox.repository.ts';
import { preferencesOf, wantsCategory, type EmailCategory } from './recipient-preferences.ts';
import { languageOrDefault, renderEmail, renderSms, type EmailTemplate, type SmsTemplate } from './templates/index.ts';

export type { EmailCategory } from './recipient-preferences.ts';

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

const WITHHELD_TEXT = '[security message: text not stored]';

export function createMessagingService(deps: MessagingDependencies): MessagingService {
  const { db, outbox } = deps;

  /** Whether the customer wants this e-mail, and the language to write it in. */
  async function recipient(message: EmailMessage): Promise<{ wanted: boolean; language: LanguageCode }> {
    const preferences = await preferencesOf(db, message);
    const language = message.language ?? languageOrDefault(preferences?.language);
    return { wanted: wantsCategory(preferences, message.category), language };
  }

  async function smsLanguage(message: SmsMessage): Promise<LanguageCode> {
    if (message.language) return message.language;
    if (!message.userId) return languageOrDefault(undefined);
    return languageOrDefault((await preferencesOf(db, { userId: message.userId, to: message.to }))?.language);
  }

  /** The first send; a failed e-mail the worker retries is given its first backoff. */
  async function deliver(message: { id: string; retried: boolean }, send: () => Promise<void>): Promise<void> {
    const first = { id: message.id, attempts: 1 };
    try {
      await send();
    } catch {
      const nextAttemptAt = message.retried ? nextAttemptAfter(deps.clock.now(), 1) : null;
      await outbox.settle(first, { status: 'failed', nextAttemptAt });
      throw new AppError('message_delivery_failed');
    }
    await outbox.settle(first, { status: 'sent', at: deps.clock.now() });
  }

  const storedText = (category: string, text: string) =>
    category === 'security' && !deps.keepSecurityText ? WITHHELD_TEXT : text;

  return {
    async email(message) {
      const { wanted, language } = await recipient(message);
      const { subject, text } = renderEmail(message.template, language);
      const retried = wanted && isRetried({ channel: 'email', category: message.category });
      const id = await outbox.insert({
        channel: 'email',
        to: message.to,
        userId: message.userId ?? null,
        category: message.category,
        subject,
        body: storedText(message.category, text),
        status: wanted ? 'queued' : 'suppressed',
        leaseUntil: retried ? leaseFrom(deps.clock.now()) : null,
      });
      if (!wanted) return;
      await deliver({ id, retried }, () => deps.mail.send({ to: message.to, subject, text }));
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
        leaseUntil: null,
      });
      await deliver({ id, retried: false }, () => deps.sms.send({ to: message.to, text }));
    },
  };
}

// The messaging module's public face: the service other modules call (`services.messaging`) and
// the outbox the dev route reads, wired to SMTP when SMTP_URL is set and to the sandbox otherwise, and
// the job that sends failed e-mails again through the same adapter.
import type { Database } from '@rora/db';
import type { JobDefinition } from '@rora/worker';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  createSmtpMailAdapter,
  sandboxMailAdapter,
  sandboxSmsAdapter,
  type MailAdapter,
  type SmsAdapter,
} from './delivery-adapters.ts';
import { createMessagingService, type MessagingService } from './messaging.service.ts';
import { createOutboxRepository, type OutboxRepository } from './outbox.repository.ts';
import { createMessagingJobs } from './resend-failed-emails.job.ts';

export type { EmailCategory, EmailMessage, MessagingService, SmsMessage } from './messaging.service.ts';
export type { EmailTemplate, SmsTemplate } from './templates/index.ts';
export { renderEmail } from './templates/index.ts';
export type { MailAdapter, SmsAdapter } from './delivery-adapters.ts';
export type { OutboxRepository } from './outbox.repository.ts';
export { RESEND_FAILED_EMAILS_JOB } from './resend-failed-emails.job.ts';

export function createMessaging(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  mail?: MailAdapter;
  sms?: SmsAdapter;
}): { messaging: MessagingService; outbox: OutboxRepository; jobs: JobDefinition[] } {
  const { config, database, clock } = deps;
  const outbox = createOutboxRepository(database.db);
  const mail =
    deps.mail ??
    (config.SMTP_URL ? createSmtpMailAdapter({ url: config.SMTP_URL, from: config.SMTP_FROM }) : sandboxMailAdapter);
  const messaging = createMessagingService({
    db: database.db,
    clock,
    outbox,
    mail,
    sms: deps.sms ?? sandboxSmsAdapter,
    keepSecurityText: config.devRoutes,
  });
  const jobs = createMessagingJobs({ db: database.db, clock, outbox, mail });
  return { messaging, outbox, jobs };
}

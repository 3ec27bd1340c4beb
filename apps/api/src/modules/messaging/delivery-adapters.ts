// The outside parties that deliver messages (DESIGN §1.4: every outside party is an adapter with an
// offline sandbox as default). The sandbox adapters deliver nowhere: the outbox_messages row the
// messaging service writes is the delivery, which the dev outbox route shows.
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';

export interface MailAdapter {
  readonly name: string;
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

export interface SmsAdapter {
  readonly name: string;
  send(sms: { to: string; text: string }): Promise<void>;
}

export const sandboxMailAdapter: MailAdapter = { name: 'sandbox', send: async () => undefined };
export const sandboxSmsAdapter: SmsAdapter = { name: 'sandbox', send: async () => undefined };

interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** Fail a send within seconds rather than hang it on a dead server (nodemailer waits minutes). */
const SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * E-mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587). Not pooled:
 * each message opens and closes its own connection, so there is nothing to close on shutdown.
 */
export function createSmtpMailAdapter(options: {
  url: string;
  from: string;
  /** How long to wait for the connection, the greeting and any answer; a test shortens them. */
  timeouts?: Partial<SmtpTimeouts>;
}): MailAdapter {
  // The URL's own options over these: createTransport reads nothing but the URL when given `url`,
  // so the waits go beside what the URL says, as nodemailer itself reads it.
  const transport = nodemailer.createTransport({
    ...SMTP_TIMEOUTS,
    ...options.timeouts,
    ...parseConnectionUrl(options.url),
  });
  return {
    name: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

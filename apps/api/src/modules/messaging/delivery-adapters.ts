// The outside parties that deliver messages (DESIGN §1.4: every outside party is an adapter with an
// offline sandbox as default). The sandbox adapters deliver nowhere: the outbox_messages row the
// messaging service writes is the delivery, which the dev outbox route shows.
import nodemailer from 'nodemailer';

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

/**
 * E-mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587). Not pooled:
 * each message opens and closes its own connection, so there is nothing to close on shutdown.
 */
export function createSmtpMailAdapter(options: { url: string; from: string }): MailAdapter {
  const transport = nodemailer.createTransport({
    url: options.url,
    // Fail a request within seconds rather than hang it on a dead server (nodemailer waits minutes).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

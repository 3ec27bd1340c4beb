import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { ManualClock } from '../../lib/clock.ts';
import { fakeSmtpServer } from '../../testing/fake-smtp-server.ts';
import { isAppError } from '../../lib/errors.ts';
import { createSmtpMailAdapter, sandboxSmsAdapter, type MailAdapter } from './delivery-adapters.ts';
import { createMessagingService, type MessagingService } from './messaging.service.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { renderEmail } from './templates/index.ts';

const code = (value: string) => ({ kind: 'verification_code', params: { code: value } }) as const;
const changed = { kind: 'password_changed', params: {} } as const;

type Mail = { to: string; subject: string; text: string };

describe('messaging', () => {
  let database: TestDatabase;
  const delivered: Mail[] = [];
  const recordingMail: MailAdapter = { name: 'recording', send: async (mail) => void delivered.push(mail) };
  const clock = new ManualClock('2026-03-01T12:00:00Z');

  const service = (mail: MailAdapter = recordingMail, keepSecurityText = true): MessagingService =>
    createMessagingService({
      db: database.db,
      clock,
      outbox: createOutboxRepository(database.db),
      mail,
      sms: sandboxSmsAdapter,
      keepSecurityText,
    });

  const createUser = async (email: string, preferences: Partial<typeof schema.users.$inferInsert> = {}) => {
    const [row] = await database.db
      .insert(schema.users)
      .values({ email, passwordHash: 'x', ...preferences })
      .returning({ id: schema.users.id });
    return row!.id;
  };
  const outboxRow = async (to: string) => {
    const rows = await database.db
      .select()
      .from(schema.outboxMessages)
      .where(eq(schema.outboxMessages.destination, to));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('always sends security mail, even to a customer who switched every e-mail off', async () => {
    const userId = await createUser('quiet@example.com', {
      administrativeEmails: false,
      newsletterEmails: false,
      aiNotifications: false,
    });
    await service().email({ to: 'quiet@example.com', userId, category: 'security', template: code('123456') });
    const { subject, text } = renderEmail(code('123456'), 'en');
    expect(delivered.at(-1)).toEqual({ to: 'quiet@example.com', subject, text });
    expect(text).toContain('123456');
    expect(await outboxRow('quiet@example.com')).toMatchObject({ status: 'sent', body: text, sentAt: clock.now() });
  });

  it.each([
    ['administrative', { administrativeEmails: false }],
    ['newsletter', { newsletterEmails: false }],
    ['price_alert', { aiNotifications: false }],
  ] as const)(
    'records %s mail as suppressed, undelivered, when its preference is off',
    async (category, preferences) => {
      const email = `off-${category}@example.com`;
      const userId = await createUser(email, preferences);
      const count = delivered.length;
      await service().email({ to: email, userId, category, template: changed });
      expect(delivered).toHaveLength(count);
      expect(await outboxRow(email)).toMatchObject({ status: 'suppressed', category, sentAt: null });
    },
  );

  it.each(['administrative', 'newsletter', 'price_alert'] as const)(
    'sends %s mail when its preference is on',
    async (category) => {
      const email = `on-${category}@example.com`;
      const userId = await createUser(email, {
        administrativeEmails: category !== 'newsletter',
        newsletterEmails: category === 'newsletter',
        aiNotifications: category === 'price_alert',
      });
      await service().email({ to: email, userId, category, template: changed });
      expect(delivered.at(-1)?.to).toBe(email);
      expect((await outboxRow(email)).status).toBe('sent');
    },
  );

  it('finds the customer by address when no user id is given, in any letter case', async () => {
    await createUser('finder@example.com', { newsletterEmails: false });
    await service().email({ to: 'Finder@Example.com', category: 'newsletter', template: changed });
    expect((await outboxRow('Finder@Example.com')).status).toBe('suppressed');
  });

  it('sends to an address that belongs to no customer yet', async () => {
    await service().email({ to: 'visitor@example.com', category: 'administrative', template: changed });
    expect((await outboxRow('visitor@example.com')).status).toBe('sent');
  });

  it('marks the message failed and answers message_delivery_failed when delivery fails', async () => {
    const broken: MailAdapter = {
      name: 'broken',
      send: async () => Promise.reject(new Error('550 mailbox unavailable')),
    };
    const error = await service(broken)
      .email({ to: 'bounce@example.com', category: 'security', template: code('111111') })
      .catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe('message_delivery_failed');
    expect(await outboxRow('bounce@example.com')).toMatchObject({ status: 'failed', sentAt: null });
  });

  it('keeps no one-time code in the outbox outside development, but still delivers it', async () => {
    await service(recordingMail, false).email({
      to: 'prod@example.com',
      category: 'security',
      template: code('654321'),
    });
    expect(delivered.at(-1)?.text).toContain('654321');
    expect((await outboxRow('prod@example.com')).body).not.toContain('654321');
  });

  it('sends security SMS through the SMS adapter and records it', async () => {
    await service().sms({ to: '+447700900123', category: 'security', template: code('222333') });
    expect(await outboxRow('+447700900123')).toMatchObject({
      channel: 'sms',
      status: 'sent',
      body: 'Your Rora verification code is 222333. It expires in 10 minutes.',
      subject: '',
    });
  });

  it('writes an e-mail in the customer’s stored language', async () => {
    const userId = await createUser('lectrice@example.com', { language: 'fr' });
    await service().email({ to: 'lectrice@example.com', userId, category: 'security', template: changed });
    expect(await outboxRow('lectrice@example.com')).toMatchObject({
      subject: 'Le mot de passe de votre compte Rora a été modifié',
      body: expect.stringContaining('vos autres sessions ont été déconnectées'),
    });
  });

  it('finds the language by address when no user id is given', async () => {
    await createUser('leitora@example.com', { language: 'pt_br' });
    await service().email({ to: 'Leitora@example.com', category: 'security', template: code('246810') });
    const row = await outboxRow('Leitora@example.com');
    expect(row.subject).toBe('Seu código de verificação da Rora');
    expect(row.body).toContain('Seu código de verificação da Rora é 246810.');
  });

  it('writes in the language given with the message (the page a code was asked on) over the stored one', async () => {
    const userId = await createUser('viajera@example.com', { language: 'fr' });
    await service().email({
      to: 'viajera@example.com',
      userId,
      category: 'security',
      language: 'la_es',
      template: code('135790'),
    });
    expect((await outboxRow('viajera@example.com')).subject).toBe('Tu código de verificación de Rora');
  });

  it('writes English to an address that is no customer when no language is given', async () => {
    await service().email({ to: 'stranger@example.com', category: 'security', template: code('112233') });
    expect((await outboxRow('stranger@example.com')).subject).toBe('Your Rora verification code');
  });

  it('writes an SMS in the customer’s stored language, or in the one given', async () => {
    const userId = await createUser('sms-reader@example.com', { language: 'la_es' });
    await service().sms({ to: '+5215512345678', userId, category: 'security', template: code('445566') });
    expect((await outboxRow('+5215512345678')).body).toBe(
      'Tu código de verificación de Rora es 445566. Vence en 10 minutos.',
    );
    await service().sms({ to: '+33612345678', category: 'security', language: 'fr', template: code('778899') });
    expect((await outboxRow('+33612345678')).body).toBe(
      'Votre code de vérification Rora est 778899. Il expire dans 10 minutes.',
    );
  });
});

describe('SMTP mail adapter', () => {
  const received: string[] = [];
  const server = fakeSmtpServer(received);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands the message to the SMTP server', async () => {
    const adapter = createSmtpMailAdapter({ url: `smtp://127.0.0.1:${port}`, from: 'Rora <no-reply@rora.exchange>' });
    await adapter.send({ to: 'someone@example.com', subject: 'Your code', text: 'Code 424242' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Your code');
    expect(received[0]).toContain('To: someone@example.com');
    expect(received[0]).toContain('Code 424242');
  });

  /** A fake server on a free port, its command lines, and a mail with a code to send it. */
  async function plainServer(options: { refusesStartTls?: boolean } = {}) {
    const commands: string[] = [];
    const server = fakeSmtpServer([], { commands, ...options });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `smtp://rora:mail-password@127.0.0.1:${(server.address() as { port: number }).port}`;
    const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return { url, commands, close, mail: { to: 'someone@example.com', subject: 'Your code', text: 'Code 424242' } };
  }
  const sentInClear = (commands: string[]) => commands.filter((line) => /^(AUTH|MAIL|RCPT|DATA)/.test(line));

  it('with requireTLS=true, sends neither password nor mail to a server that offers no STARTTLS (ADR 0076)', async () => {
    const { url, commands, close, mail } = await plainServer();
    // Without it, the password and the code go in clear text, as when someone on the path strikes
    // STARTTLS from the server's answer: what production refuses off the private network.
    await createSmtpMailAdapter({ url, from: 'x@rora.exchange' }).send(mail);
    expect(sentInClear(commands).map((line) => line.split(' ')[0])).toEqual(['AUTH', 'MAIL', 'RCPT', 'DATA']);
    commands.length = 0;
    const required = createSmtpMailAdapter({ url: `${url}?requireTLS=true`, from: 'x@rora.exchange' });
    await expect(required.send(mail)).rejects.toThrow(/STARTTLS/);
    expect(sentInClear(commands)).toEqual([]);
    await close();
  });

  it('with requireTLS=true, stops when the server refuses STARTTLS, before the password', async () => {
    const { url, commands, close, mail } = await plainServer({ refusesStartTls: true });
    const required = createSmtpMailAdapter({ url: `${url}?requireTLS=true`, from: 'x@rora.exchange' });
    await expect(required.send(mail)).rejects.toThrow(/STARTTLS/);
    expect(commands.map((line) => line.split(' ')[0])).toEqual(['EHLO', 'STARTTLS']);
    await close();
  });

  it('gives up on a server that takes the connection and never greets, at its greeting timeout', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const adapter = createSmtpMailAdapter({
      url: `smtp://127.0.0.1:${port}`,
      from: 'x@rora.exchange',
      timeouts: { greetingTimeout: 200 },
    });
    const started = performance.now();
    // nodemailer's own greeting wait is 30 s: past this test's limit, had the option not reached it.
    await expect(adapter.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /Greeting never received/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('fails when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const adapter = createSmtpMailAdapter({
      url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 1}`,
      from: 'x@rora.exchange',
    });
    await expect(adapter.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});

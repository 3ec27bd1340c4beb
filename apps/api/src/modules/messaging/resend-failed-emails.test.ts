// The worker's second chance for a failed e-mail (ADR 0074), on real PostgreSQL, with a mail server
// that is down and comes back: sent once after recovery, backoff growing to hourly, abandoned after a
// day, one send with two workers at once, none for a security message or a category switched off.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, schema, type Database } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import type { JobDefinition } from '@rora/worker';
import { loadConfig } from '../../config.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { MailAdapter } from './delivery-adapters.ts';
import { createMessaging, RESEND_FAILED_EMAILS_JOB, type EmailCategory, type MessagingService } from './index.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { createMessagingJobs } from './resend-failed-emails.job.ts';

type Mail = { to: string; subject: string; text: string };

/** A mail server with outages: refuses every message while down, delivers to its inbox once up. */
class FlakyMailServer implements MailAdapter {
  readonly name = 'flaky';
  readonly inbox: Mail[] = [];
  up = false;
  /** How long a delivery takes once up: long enough for two workers' sends to overlap. */
  constructor(private readonly deliveryMs = 0) {}

  async send(mail: Mail): Promise<void> {
    if (!this.up) throw new Error('421 4.3.2 Service not available, closing transmission channel');
    if (this.deliveryMs > 0) await new Promise((resolve) => setTimeout(resolve, this.deliveryMs));
    this.inbox.push(mail);
  }

  deliveredTo(to: string): Mail[] {
    return this.inbox.filter((mail) => mail.to === to);
  }
}

const MINUTE_MS = 60_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Any template: what is retried is decided by the category. */
const notice = { kind: 'password_changed', params: {} } as const;
const code = { kind: 'verification_code', params: { code: '123456' } } as const;

let database: TestDatabase;
const clock = new ManualClock('2026-03-01T12:00:00Z');
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  IDENTITY_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
  ONRAMP_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
});

/** The messaging module as the core wires it, on this file's database, with `mail` as its server. */
function messagingWith(mail: MailAdapter): { messaging: MessagingService; job: JobDefinition } {
  const { messaging, jobs } = createMessaging({ config, database, clock, mail });
  return { messaging, job: jobs.find((candidate) => candidate.name === RESEND_FAILED_EMAILS_JOB)! };
}

const runJob = async (job: JobDefinition) =>
  (await job.run({ db: database.db, now: () => clock.now(), log: silent }, {})) as Record<string, number>;

const outboxRow = async (to: string) => {
  const rows = await database.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.destination, to));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

/** An e-mail sent while the server is down, as a background job sends it. */
async function failedEmail(messaging: MessagingService, to: string, category: EmailCategory = 'administrative') {
  await expect(messaging.email({ to, category, template: notice })).rejects.toMatchObject({
    code: 'message_delivery_failed',
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());
// Each test starts with no message due: one left failing would be claimed by the next test's runs.
afterEach(async () => {
  await database.db.delete(schema.outboxMessages);
});

describe('resend-failed-emails', () => {
  it('sends a failed e-mail once the server is back, and only once', async () => {
    const server = new FlakyMailServer();
    const { messaging, job } = messagingWith(server);
    await failedEmail(messaging, 'borrower@example.com');
    expect(await outboxRow('borrower@example.com')).toMatchObject({
      status: 'failed',
      attempts: 1,
      nextAttemptAt: new Date(clock.now().getTime() + MINUTE_MS),
    });

    server.up = true;
    await runJob(job);
    expect(server.deliveredTo('borrower@example.com')).toHaveLength(0); // not due for a minute

    clock.advance(MINUTE_MS);
    await runJob(job);
    clock.advance(60 * MINUTE_MS);
    await runJob(job);
    expect(server.deliveredTo('borrower@example.com')).toEqual([
      expect.objectContaining({ subject: 'Your Rora password was changed' }),
    ]);
    expect(await outboxRow('borrower@example.com')).toMatchObject({
      status: 'sent',
      attempts: 2,
      nextAttemptAt: null,
      sentAt: new Date(clock.now().getTime() - 60 * MINUTE_MS),
    });
  });

  it('waits 1, 2, 4 ... 32 minutes between tries, then an hour', async () => {
    const { messaging, job } = messagingWith(new FlakyMailServer());
    await failedEmail(messaging, 'backoff@example.com');
    const waits: number[] = [];
    let failedAt = clock.now().getTime();
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const row = await outboxRow('backoff@example.com');
      expect(row).toMatchObject({ status: 'failed', attempts: attempt });
      waits.push((row.nextAttemptAt!.getTime() - failedAt) / MINUTE_MS);
      clock.set(row.nextAttemptAt!);
      failedAt = clock.now().getTime();
      expect(await runJob(job)).toMatchObject({ failed: 1, sent: 0 });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('gives up after about a day of tries and marks the message abandoned', async () => {
    const server = new FlakyMailServer();
    const { messaging, job } = messagingWith(server);
    const firstTry = clock.now().getTime();
    await failedEmail(messaging, 'nobody-home@example.com');
    let row = await outboxRow('nobody-home@example.com');
    // Bounded: a job that never gives up must fail this test, not hang it.
    for (let run = 0; run < 40 && row.nextAttemptAt; run += 1) {
      clock.set(row.nextAttemptAt);
      await runJob(job);
      row = await outboxRow('nobody-home@example.com');
    }
    expect(row).toMatchObject({ status: 'abandoned', attempts: 30, sentAt: null });
    const hours = (clock.now().getTime() - firstTry) / (60 * MINUTE_MS);
    expect(hours).toBeGreaterThanOrEqual(24);
    expect(hours).toBeLessThan(25);

    server.up = true;
    clock.advance(24 * 60 * MINUTE_MS);
    await runJob(job);
    expect(server.deliveredTo('nobody-home@example.com')).toHaveLength(0);
  });

  it('never sends again a failed security message: the customer asks for a new code', async () => {
    const server = new FlakyMailServer();
    const { messaging, job } = messagingWith(server);
    await expect(
      messaging.email({ to: 'code-lost@example.com', category: 'security', template: code }),
    ).rejects.toMatchObject({ code: 'message_delivery_failed' });
    await failedEmail(messaging, 'news-lost@example.com');

    server.up = true;
    clock.advance(2 * 60 * MINUTE_MS);
    await runJob(job);
    expect(server.deliveredTo('news-lost@example.com')).toHaveLength(1);
    expect(server.deliveredTo('code-lost@example.com')).toHaveLength(0);
    expect(await outboxRow('code-lost@example.com')).toMatchObject({
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
    });
  });

  it('does not send a category the customer switched off meanwhile, and marks it suppressed', async () => {
    const server = new FlakyMailServer();
    const { messaging, job } = messagingWith(server);
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: 'changed-mind@example.com', passwordHash: 'x', aiNotifications: true })
      .returning({ id: schema.users.id });
    await failedEmail(messaging, 'changed-mind@example.com', 'price_alert');
    await database.db.update(schema.users).set({ aiNotifications: false }).where(eq(schema.users.id, user!.id));

    server.up = true;
    clock.advance(MINUTE_MS);
    expect(await runJob(job)).toMatchObject({ suppressed: 1, sent: 0 });
    expect(server.deliveredTo('changed-mind@example.com')).toHaveLength(0);
    expect(await outboxRow('changed-mind@example.com')).toMatchObject({ status: 'suppressed', nextAttemptAt: null });
  });

  it('sends a message whose sender died before settling it, once its lease has ended', async () => {
    const server = new FlakyMailServer();
    server.up = true;
    const { job } = messagingWith(server);
    // What a process that died between writing the message and handing it over leaves behind.
    await createOutboxRepository(database.db).insert({
      channel: 'email',
      to: 'orphan@example.com',
      userId: null,
      category: 'administrative',
      subject: 'Your loan was funded',
      body: 'Loan funded.',
      status: 'queued',
      leaseUntil: new Date(clock.now().getTime() + 5 * MINUTE_MS),
    });
    await runJob(job);
    expect(server.deliveredTo('orphan@example.com')).toHaveLength(0); // its sender may still be at it

    clock.advance(5 * MINUTE_MS);
    await runJob(job);
    expect(server.deliveredTo('orphan@example.com')).toEqual([
      { to: 'orphan@example.com', subject: 'Your loan was funded', text: 'Loan funded.' },
    ]);
    expect(await outboxRow('orphan@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps a message sent when a worker that outlived its lease reports its own try failed', async () => {
    const server = new FlakyMailServer();
    const { messaging, job } = messagingWith(server);
    await failedEmail(messaging, 'late-report@example.com');
    clock.advance(MINUTE_MS);
    // A worker claims it and stalls past its lease; another sends it meanwhile.
    const outbox = createOutboxRepository(database.db);
    const stalled = await outbox.claimDue({
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + MINUTE_MS),
    });
    expect(stalled).toMatchObject({ to: 'late-report@example.com', attempts: 2 });
    clock.advance(MINUTE_MS);
    server.up = true;
    expect(await runJob(job)).toMatchObject({ sent: 1 });

    await outbox.settle(stalled!, { status: 'failed', nextAttemptAt: clock.now() });
    expect(await outboxRow('late-report@example.com')).toMatchObject({
      status: 'sent',
      attempts: 3,
      nextAttemptAt: null,
    });
  });
});

describe('two workers at once', () => {
  let second: Database;
  beforeAll(() => {
    second = connectDatabase(database.url, { max: 4 });
  });
  afterAll(async () => second.close());

  it('send each failed e-mail once', async () => {
    const server = new FlakyMailServer(20);
    const { messaging } = messagingWith(server);
    const recipients = Array.from({ length: 12 }, (_, index) => `pair-${index}@example.com`);
    for (const to of recipients) await failedEmail(messaging, to);

    server.up = true;
    clock.advance(MINUTE_MS);
    // Two workers: each its own connection pool, as two processes would have.
    const results = await Promise.all(
      [database, second].map(async ({ db }) => {
        const [worker] = createMessagingJobs({ db, clock, outbox: createOutboxRepository(db), mail: server });
        return worker!.run({ db, now: () => clock.now(), log: silent }, {});
      }),
    );
    const sentByEach = results.map((result) => (result as { sent: number }).sent);
    expect(sentByEach.reduce((sum, sent) => sum + sent, 0)).toBe(recipients.length);
    for (const to of recipients) expect(server.deliveredTo(to)).toHaveLength(1);
  });
});

import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogSerializer, schema } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { reportQueueError, startWorker, type Worker } from './runner.ts';
import type { JobDefinition } from './jobs/index.ts';
import { purgeExpiredSessions } from './jobs/purge-expired-sessions.ts';

describe('worker', () => {
  let database: TestDatabase;
  let worker: Worker;
  const lines: Array<{ fields: object; message: string }> = [];
  const log = {
    info: (fields: object, message: string) => void lines.push({ fields, message }),
    warn: (fields: object, message: string) => void lines.push({ fields, message }),
    error: (fields: object, message: string) => void lines.push({ fields, message }),
  };
  const seen: object[] = [];
  const probe: JobDefinition<{ n: number }> = {
    name: 'record-probe',
    async run(_context, data) {
      if (data.n < 0) throw new Error('negative\nparams: secret');
      seen.push(data);
      return { recorded: data.n };
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    worker = await startWorker({
      databaseUrl: database.url,
      log,
      jobs: [purgeExpiredSessions, probe as JobDefinition],
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await database.destroy();
  });

  async function finished(name: string, id: string) {
    for (let i = 0; i < 100; i += 1) {
      const [job] = await worker.boss.findJobs(name, { id });
      if (job && ['completed', 'failed', 'retry'].includes(job.state)) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${name} ${id} did not finish`);
  }

  it('schedules purge-expired-sessions daily in UTC', async () => {
    const schedule = await worker.boss.getSchedule('purge-expired-sessions');
    expect(schedule).toMatchObject({ name: 'purge-expired-sessions', cron: '17 3 * * *', timezone: 'UTC' });
  });

  it('runs a sent job through its handler and logs the result', async () => {
    const id = await worker.send('record-probe', { n: 7 });
    expect((await finished('record-probe', id!)).state).toBe('completed');
    expect(seen).toEqual([{ n: 7 }]);
    expect(lines).toContainEqual({
      fields: expect.objectContaining({ job: 'record-probe', result: { recorded: 7 } }),
      message: 'job done',
    });
  });

  it('runs purge-expired-sessions on demand against the database', async () => {
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: 'w@example.com', passwordHash: 'x' })
      .returning();
    await database.db.insert(schema.sessions).values({
      userId: user!.id,
      tokenHash: Buffer.alloc(32, 1),
      expiresAt: new Date(Date.now() - 60 * 86_400_000),
    });
    const id = await worker.send('purge-expired-sessions');
    expect((await finished('purge-expired-sessions', id!)).state).toBe('completed');
    expect(await database.db.select().from(schema.sessions)).toHaveLength(0);
  });

  it('logs a failing job without the parameters a database error carries', async () => {
    const id = await worker.send('record-probe', { n: -1 });
    expect(['failed', 'retry']).toContain((await finished('record-probe', id!)).state);
    const failure = lines.find((line) => line.message === 'job failed');
    expect(failure?.fields).toMatchObject({ job: 'record-probe', err: { name: 'Error', message: 'negative' } });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs a database out of reach as a warning and any other queue error as an error', () => {
    const levels: string[] = [];
    const record = (level: string) => () => void levels.push(level);
    const recorder = { info: record('info'), warn: record('warn'), error: record('error') };
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    reportQueueError(recorder, shutdown);
    reportQueueError(recorder, new Error('Connection terminated unexpectedly'));
    reportQueueError(
      recorder,
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    reportQueueError(recorder, Object.assign(new Error('relation "job" does not exist'), { code: '42P01' }));
    reportQueueError(recorder, null);
    reportQueueError(recorder, { message: 'terminating connection due to administrator command', code: '57P01' });
    expect(levels).toEqual(['warn', 'warn', 'warn', 'error', 'error', 'warn']);
  });

  it('logs what a queue error says through the log serializer, a plain object included', () => {
    const fields: unknown[] = [];
    const keep = (value: unknown) => void fields.push(value);
    reportQueueError({ info: keep, warn: keep, error: keep }, { message: 'terminating connection', code: '57P01' });
    const relation = Object.assign(new Error('relation "job" does not exist\nparams: secret'), { code: '42P01' });
    reportQueueError({ info: keep, warn: keep, error: keep }, relation);
    const logged = fields.map((value) => errorLogSerializer((value as { err: unknown }).err));
    expect(logged).toMatchObject([
      { type: 'Object', message: 'terminating connection', sqlState: '57P01' },
      { type: 'Error', message: 'relation "job" does not exist', sqlState: '42P01' },
    ]);
  });
});

describe('a worker with a backlog', () => {
  let database: TestDatabase;
  let worker: Worker | undefined;
  const seen: number[] = [];
  const probe: JobDefinition<{ n: number }> = {
    name: 'backlog-probe',
    async run(_context, data) {
      if (data.n < 0) throw new Error('negative');
      seen.push(data.n);
      return { recorded: data.n };
    },
  };
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await worker?.stop();
    await database.destroy();
  });

  it('takes it without waiting a polling interval between jobs, and fails a failing job alone', async () => {
    // Queued before the worker starts, as swaps' settlement jobs pile up under load.
    const sender = new PgBoss({ connectionString: database.url, max: 2 });
    await sender.start();
    await sender.createQueue(probe.name);
    const numbers = [...Array.from({ length: 6 }, (_, i) => i), -1, ...Array.from({ length: 6 }, (_, i) => i + 6)];
    const ids = await Promise.all(numbers.map((n) => sender.send(probe.name, { n }, { retryLimit: 0 })));
    await sender.stop({ graceful: false });

    // A poll every 30 s: without a burst, the 13 jobs would take minutes.
    const started = Date.now();
    worker = await startWorker({
      databaseUrl: database.url,
      log: quiet,
      jobs: [probe as JobDefinition],
      pollingIntervalSeconds: 30,
    });
    const states = async () =>
      Promise.all(ids.map(async (id) => (await worker!.boss.findJobs(probe.name, { id: id! }))[0]?.state));
    while (
      (await states()).some((state) => state !== 'completed' && state !== 'failed') &&
      Date.now() - started < 20_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await states()).toEqual(numbers.map((n) => (n < 0 ? 'failed' : 'completed')));
    expect([...seen].sort((a, b) => a - b)).toEqual(numbers.filter((n) => n >= 0));
  });
});

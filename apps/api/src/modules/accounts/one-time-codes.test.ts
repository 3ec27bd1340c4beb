import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, schema } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { ManualClock } from '../../lib/clock.ts';
import { codeRules, createOneTimeCodeService, hashCode, randomSixDigitCode } from './one-time-codes.ts';

describe('one-time code service', () => {
  let database: TestDatabase;
  const clock = new ManualClock('2026-03-01T12:00:00Z');
  let next = 100_000;
  const sent: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  const service = () => createOneTimeCodeService({ db: database.db, clock, generateCode: () => String(next++) });
  const issue = (destination: string, ip?: string) =>
    service().issue({ purpose: 'email_verify', destination, ip, deliver: async (code) => void sent.push(code) });

  it('makes 6-digit codes from the whole range', () => {
    const codes = Array.from({ length: 2000 }, randomSixDigitCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('stores only sha256(id:code), which the database recomputes the same way', async () => {
    await issue('hash@example.com');
    const code = sent.at(-1)!;
    const [row] = await database.db
      .select()
      .from(schema.oneTimeCodes)
      .where(eq(schema.oneTimeCodes.destination, 'hash@example.com'));
    expect(row!.codeHash.equals(hashCode(row!.id, code))).toBe(true);
    expect(row!.codeHash.toString('hex')).not.toContain(code);
    await expect(
      service().verify({ purpose: 'email_verify', destination: 'hash@example.com', code }),
    ).resolves.toBeUndefined();
  });

  it(`sends at most ${codeRules.perIp.max} codes an hour from one client address, whatever the destinations`, async () => {
    const ip = '192.0.2.7';
    for (let send = 0; send < codeRules.perIp.max; send += 1) await issue(`ip-${send}@example.com`, ip);
    await expect(issue('one-more@example.com', ip)).rejects.toMatchObject({ code: 'code_send_limit_reached' });
    await expect(issue('one-more@example.com', '192.0.2.8')).resolves.toMatchObject({ sent: true });
    clock.advance(60 * 60_000);
    await expect(issue('later@example.com', ip)).resolves.toMatchObject({ sent: true });
  });

  it('leaves no code and spends no send when delivery fails', async () => {
    const failing = service().issue({
      purpose: 'email_verify',
      destination: 'bounce@example.com',
      ip: undefined,
      deliver: async () => {
        throw new Error('mail server down');
      },
    });
    await expect(failing).rejects.toThrow('mail server down');
    const rows = await database.db
      .select()
      .from(schema.oneTimeCodes)
      .where(eq(schema.oneTimeCodes.destination, 'bounce@example.com'));
    expect(rows).toHaveLength(0);
    await expect(issue('bounce@example.com')).resolves.toMatchObject({ sent: true });
  });

  it('makes the code a failed resend replaced live again, with its failures', async () => {
    const destination = 'flaky@example.com';
    await issue(destination);
    const first = sent.at(-1)!;
    const check = (code: string) => service().verify({ purpose: 'email_verify', destination, code });
    await expect(check('000000')).rejects.toMatchObject({ code: 'code_is_invalid_or_expired' });
    clock.advance(codeRules.resendAfterMs);
    const failing = service().issue({
      purpose: 'email_verify',
      destination,
      ip: undefined,
      deliver: async () => {
        // A wrong try reaches the undelivered code meanwhile: it still counts.
        await expect(check('000001')).rejects.toMatchObject({ code: 'code_is_invalid_or_expired' });
        throw new Error('mail server down');
      },
    });
    await expect(failing).rejects.toThrow('mail server down');
    const rows = await database.db
      .select()
      .from(schema.oneTimeCodes)
      .where(eq(schema.oneTimeCodes.destination, destination));
    expect(rows.map((row) => [row.supersededAt, row.failedAttempts])).toEqual([[null, 2]]);
    await expect(check(first)).resolves.toBeUndefined();
  });

  it('holds the lock only while it stores: a delivery waiting for the pool does not hold up other sends', async () => {
    const tight = connectDatabase(database.url, { max: 1 });
    try {
      const codes = createOneTimeCodeService({ db: tight.db, clock, generateCode: () => String(next++) });
      // The delivery writes its outbox row through the same pool of one connection.
      const answer = await codes.issue({
        purpose: 'email_verify',
        destination: 'pool@example.com',
        ip: '192.0.2.99',
        deliver: async () => void (await tight.pool.query('SELECT 1')),
      });
      expect(answer).toMatchObject({ sent: true });
    } finally {
      await tight.close();
    }
  });

  it('holds the per-destination limit under 10 concurrent sends', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => issue('burst@example.com')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

// When a retry whose key is still in flight should come back (409 idempotency_request_in_progress
// with Retry-After): after an API process is killed, its keys answer 409 until its lease lapses
// (ADR 0024), and a client told nothing retried blindly or gave up.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { canonicalJson, type IdempotencyRecovery } from './idempotency.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

describe('Retry-After on 409 idempotency_request_in_progress', () => {
  let t: TestApp;
  let alice: TestUser;

  // Nothing to recover: every key these tests leave in flight is refused before its resolution.
  const recoverNothing: IdempotencyRecovery = async () => null;
  /** A 'held' request's handler: it says it runs, then waits until the test lets it go. */
  let running = () => {};
  let held = Promise.resolve();
  const probeRoutes: FastifyPluginAsync = async (api) => {
    const schema = { body: z.strictObject({ amount: z.string(), note: z.string().optional() }) };
    const handler = async (request: { body: unknown }) => {
      const { note } = request.body as { note?: string };
      if (note === 'held') {
        running();
        await held;
      }
      if (note === 'fenced') throw new AppError('idempotency_request_in_progress');
      return { done: true };
    };
    api.post(
      '/retry-after-probe',
      { preHandler: api.authenticate, config: { idempotent: true, recoverIdempotent: recoverNothing }, schema },
      handler,
    );
    api.post(
      '/retry-after-with-effect',
      { preHandler: api.authenticate, config: { idempotent: 'with-effect' }, schema },
      handler,
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ plugins: [probeRoutes] });
    alice = await createTestUser(t);
  });
  afterAll(async () => t.close());

  const send = (path: string, key: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: { ...alice.headers, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify(body),
    });

  /** A key in flight on `path`, claimed by a process whose lease ends in `leaseSeconds` (negative: ended). */
  async function heldElsewhere(path: string, leaseSeconds: number): Promise<string> {
    const owner = randomUUID();
    const key = randomUUID();
    const hash = createHash('sha256')
      .update(`POST\n/api/v1/${path}\n${canonicalJson({ amount: '1' })}`)
      .digest();
    await t.database.db.execute(
      sql`INSERT INTO idempotency_owners (id, expires_at) VALUES (${owner}, now() + make_interval(secs => ${leaseSeconds}))`,
    );
    await t.database.db.execute(sql`
      INSERT INTO idempotency_keys (user_id, idempotency_key, request_method, request_path, request_hash, owner_id)
      VALUES (${alice.userId}, ${key}, 'POST', ${`/api/v1/${path}`}, ${hash}, ${owner})`);
    return key;
  }

  const refusal = (response: Awaited<ReturnType<typeof send>>) => [
    response.statusCode,
    response.json().error?.code,
    response.headers['retry-after'],
  ];

  it('says to come back when the lease of the process holding the key lapses (a process killed)', async () => {
    for (const path of ['retry-after-probe', 'retry-after-with-effect']) {
      // 15 s left of a 30 s lease renewed every 10 s: its holder missed a renewal.
      const started = Date.now();
      const key = await heldElsewhere(path, 15);
      const retry = await send(path, key, { amount: '1' });
      const elapsedMs = Date.now() - started;
      expect(refusal(retry).slice(0, 2), path).toEqual([409, 'idempotency_request_in_progress']);
      // 15 s of lease less the moments since it was written (more of them on a busy machine), rounded up.
      const seconds = Number(retry.headers['retry-after']);
      expect(seconds, path).toBeLessThanOrEqual(15);
      expect(seconds, path).toBeGreaterThanOrEqual(Math.min(14, Math.ceil((15_000 - elapsedMs) / 1000)));
    }
  });

  it('says one second while the holder renews its lease (a live process about to answer)', async () => {
    for (const path of ['retry-after-probe', 'retry-after-with-effect']) {
      const key = await heldElsewhere(path, 28);
      expect(refusal(await send(path, key, { amount: '1' })), path).toEqual([
        409,
        'idempotency_request_in_progress',
        '1',
      ]);
    }
  });

  it('says one second once that lease has lapsed but the key is still held (a paused process)', async () => {
    const key = await heldElsewhere('retry-after-probe', -1);
    const paused = await t.database.pool.connect();
    try {
      await paused.query('BEGIN');
      await paused.query('SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1 FOR UPDATE', [key]);
      expect(refusal(await send('retry-after-probe', key, { amount: '1' }))).toEqual([
        409,
        'idempotency_request_in_progress',
        '1',
      ]);
    } finally {
      await paused.query('COMMIT');
      paused.release();
    }
  });

  it('says one second to a twin of a request this process is running', async () => {
    for (const path of ['retry-after-probe', 'retry-after-with-effect']) {
      const key = randomUUID();
      let letGo = () => {};
      held = new Promise<void>((resolve) => (letGo = resolve));
      const inHandler = new Promise<void>((resolve) => (running = resolve));
      const first = send(path, key, { amount: '1', note: 'held' });
      // Its key claimed (or its slot taken) and its handler running until let go: the twin meets it.
      await inHandler;
      const twin = await send(path, key, { amount: '1', note: 'held' });
      letGo();
      expect(refusal(twin), path).toEqual([409, 'idempotency_request_in_progress', '1']);
      expect((await first).statusCode, path).toBe(200);
    }
  });

  it('says one second when a handler is refused in progress (an effect fenced off, an order twin)', async () => {
    const refused = await send('retry-after-probe', randomUUID(), { amount: '1', note: 'fenced' });
    expect(refusal(refused)).toEqual([409, 'idempotency_request_in_progress', '1']);
  });
});

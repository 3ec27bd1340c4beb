import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { POOL_SIZE } from '@rora/db';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { createIdempotencyOwner, LEASE_MS, RENEW_EVERY_MS } from './idempotency-owner.ts';
import { bindIdempotentEffect, canonicalJson, type IdempotencyRecovery } from './idempotency.ts';
import { KEY_LOCK_WAIT_MS } from '../lib/idempotency-recovery.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

describe('idempotency keys', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let runs = 0;

  // A money-like route: each run books one effect row, bound to its key in the same transaction; a
  // `slow` one takes long enough for requests to overlap.
  const probeRoutes: FastifyPluginAsync = async (api) => {
    api.post(
      '/idempotency-probe',
      {
        preHandler: api.authenticate,
        config: { idempotent: true, recoverIdempotent: recoverProbe },
        schema: { body: z.strictObject({ amount: z.string(), note: z.string().optional() }) },
      },
      async (request, reply) => {
        runs += 1;
        const { amount, note } = request.body as { amount: string; note?: string };
        if (amount === 'refused') throw new AppError('resource_not_found');
        const effectId = await t.database.db.transaction(async (tx) => {
          const { rows } = await tx.execute<{ id: string }>(sql`
            INSERT INTO probe_effects (user_id, amount)
            SELECT ${request.identity!.userId}, ${amount} FROM pg_sleep(${note === 'slow' ? 0.5 : 0}) RETURNING id`);
          await bindIdempotentEffect(tx, request.idempotencyClaim, rows[0]!.id);
          return rows[0]!.id;
        });
        return reply.code(201).send({ effectId, amount, nonce: randomUUID() });
      },
    );
  };

  /**
   * The probe's answer rebuilt from its effect (the nonce, like any detail of the moment, is new).
   * It also reads through the pool, as routes whose answers carry live prices do.
   */
  let recoveries = 0;
  const recoverProbe: IdempotencyRecovery = async (tx, key) => {
    recoveries += 1;
    await t.database.pool.query('SELECT 1');
    const { rows } = await tx.execute<{ amount: string }>(
      sql`SELECT amount FROM probe_effects WHERE id = ${key.effectId} AND user_id = ${key.userId}`,
    );
    return { status: 201, body: { effectId: key.effectId, amount: rows[0]!.amount, nonce: 'recovered' } };
  };

  beforeAll(async () => {
    t = await createTestApp({ plugins: [probeRoutes], poolSize: POOL_SIZE });
    await t.database.pool.query(
      'CREATE TABLE probe_effects (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, amount text NOT NULL)',
    );
    alice = await createTestUser(t);
    bob = await createTestUser(t);
  });
  beforeEach(() => {
    runs = 0;
  });
  afterAll(async () => t.close());

  const send = (user: TestUser, key: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/idempotency-probe',
      headers: {
        ...user.headers,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const effects = async (userId: string) =>
    Number(
      (await t.database.pool.query('SELECT count(*) FROM probe_effects WHERE user_id = $1', [userId])).rows[0].count,
    );

  it('requires an Idempotency-Key header of 1-255 visible characters', async () => {
    const before = await effects(alice.userId);
    for (const key of [undefined, '', 'has space', 'x'.repeat(256), 'ünïcode']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/idempotency-probe',
        headers: {
          ...alice.headers,
          'content-type': 'application/json',
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        payload: JSON.stringify({ amount: '1' }),
      });
      expect(response.statusCode, String(key)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'idempotency_key_required' } });
    }
    expect(runs).toBe(0);
    expect(await effects(alice.userId)).toBe(before);
  });

  it('replays the first response byte for byte on a retry, without a second effect', async () => {
    const key = randomUUID();
    const first = await send(alice, key, { amount: '10.5' });
    expect(first.statusCode).toBe(201);
    const retry = await send(alice, key, { amount: '10.5' });
    expect(retry.statusCode).toBe(201);
    expect(retry.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(1);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = randomUUID();
    const first = await send(alice, key, '{"amount":"3","note":"rent"}');
    const retry = await send(alice, key, '{"note":"rent","amount":"3"}');
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(runs).toBe(1);
  });

  it('answers 422 to the same key with a different body, and changes nothing', async () => {
    const key = randomUUID();
    await send(alice, key, { amount: '1' });
    const before = await effects(alice.userId);
    const other = await send(alice, key, { amount: '2' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_key_reused_with_different_body' } });
    expect(await effects(alice.userId)).toBe(before);
    expect(runs).toBe(1);
  });

  it('scopes keys per customer', async () => {
    const key = randomUUID();
    const a = await send(alice, key, { amount: '5' });
    const b = await send(bob, key, { amount: '5' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().effectId).not.toBe(a.json().effectId);
    expect(runs).toBe(2);
  });

  it('stores a refusal the handler gave, and replays it', async () => {
    const key = randomUUID();
    const first = await send(alice, key, { amount: 'refused' });
    expect(first.statusCode).toBe(404);
    const retry = await send(alice, key, { amount: 'refused' });
    expect(retry.statusCode).toBe(404);
    expect(retry.body).toBe(first.body);
    expect(runs).toBe(1);
  });

  it('does not spend the key on a request refused before its handler ran', async () => {
    const key = randomUUID();
    const invalid = await send(alice, key, { amount: 7 });
    expect(invalid.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/idempotency-probe',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      payload: '{"amount":"7"}',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await send(alice, key, { amount: '7' })).statusCode).toBe(201);
    expect(runs).toBe(1);
  });

  it('lets exactly one of 20 concurrent requests with one key take effect; the others wait (409) or replay', async () => {
    const key = randomUUID();
    const before = await effects(alice.userId);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send(alice, key, { amount: '100', note: 'slow' })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(await effects(alice.userId)).toBe(before + 1);
    expect(runs).toBe(1);
    expect(statuses.filter((s) => s === 201)).not.toHaveLength(0);
    expect(statuses.filter((s) => s === 409)).not.toHaveLength(0);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const bodies = new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.body));
    expect(bodies.size).toBe(1);
    const inFlight = responses.find((r) => r.statusCode === 409)!;
    expect(inFlight.json()).toMatchObject({ error: { code: 'idempotency_request_in_progress' } });
    const after = await send(alice, key, { amount: '100', note: 'slow' });
    expect(after.statusCode).toBe(201);
    expect(after.body).toBe([...bodies][0]);
  });

  describe('a key left in flight by a process that died', () => {
    const body = { amount: '42' };
    const hash = (payload: unknown) =>
      createHash('sha256')
        .update(`POST\n/api/v1/idempotency-probe\n${canonicalJson(payload)}`)
        .digest();

    /** The key row as a claim writes it, owned by `owner`; with the effect bound when `effect` is set. */
    async function leftInFlight(user: TestUser, options: { owner: string; effect: boolean }): Promise<string> {
      const key = randomUUID();
      await t.database.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(sql`
          INSERT INTO idempotency_keys (user_id, idempotency_key, request_method, request_path, request_hash, owner_id)
          VALUES (${user.userId}, ${key}, 'POST', '/api/v1/idempotency-probe', ${hash(body)}, ${options.owner})
          RETURNING id`);
        if (!options.effect) return;
        const effect = await tx.execute<{ id: string }>(
          sql`INSERT INTO probe_effects (user_id, amount) VALUES (${user.userId}, ${body.amount}) RETURNING id`,
        );
        await bindIdempotentEffect(tx, rows[0]!.id, effect.rows[0]!.id);
      });
      return key;
    }

    /** An owner whose lease ran out `agoSeconds` ago (negative: still running). */
    async function owner(agoSeconds: number): Promise<string> {
      const id = randomUUID();
      await t.database.db.execute(
        sql`INSERT INTO idempotency_owners (id, expires_at) VALUES (${id}, now() - make_interval(secs => ${agoSeconds}))`,
      );
      return id;
    }

    it('answers from the effect that committed, without running again, then replays that answer', async () => {
      const key = await leftInFlight(alice, { owner: await owner(1), effect: true });
      const before = await effects(alice.userId);
      const retry = await send(alice, key, body);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json()).toMatchObject({ amount: '42', nonce: 'recovered' });
      expect(retry.headers['idempotent-replayed']).toBe('true');
      const again = await send(alice, key, body);
      expect(again.body).toBe(retry.body);
      expect(await effects(alice.userId)).toBe(before);
      expect(runs).toBe(0);
    });

    it('resolves one key once however many retries arrive together, each answered from it', async () => {
      const key = await leftInFlight(alice, { owner: await owner(1), effect: true });
      recoveries = 0;
      // More retries than connections: each waiting for the key's lock with a connection of its own
      // left the one holding it none to read with.
      const retries = await Promise.all(Array.from({ length: POOL_SIZE + 10 }, () => send(alice, key, body)));
      expect(new Set(retries.map((retry) => `${retry.statusCode} ${retry.json().nonce}`))).toEqual(
        new Set(['201 recovered']),
      );
      expect(recoveries).toBe(1);
      expect(runs).toBe(0);
    });

    it('resolves more orphaned keys at once than the pool has connections, each answered from its effect', async () => {
      const keys = await Promise.all(
        Array.from({ length: POOL_SIZE + 10 }, async () =>
          leftInFlight(alice, { owner: await owner(1), effect: true }),
        ),
      );
      recoveries = 0;
      // Each resolution holds a connection and the probe reads through the pool besides: all at once,
      // they held every connection and waited for one more.
      const retries = await Promise.all(keys.map((key) => send(alice, key, body)));
      expect(retries.map((retry) => `${retry.statusCode} ${retry.json().nonce}`)).toEqual(
        keys.map(() => '201 recovered'),
      );
      expect(recoveries).toBe(keys.length);
      expect(runs).toBe(0);
    });

    it('releases a key whose owner vanished (no lease at all) before any effect, and runs the retry once', async () => {
      const key = await leftInFlight(alice, { owner: randomUUID(), effect: false });
      const before = await effects(alice.userId);
      const retries = await Promise.all(Array.from({ length: 5 }, () => send(alice, key, body)));
      const statuses = retries.map((response) => response.statusCode);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      expect(await effects(alice.userId)).toBe(before + 1);
      expect(runs).toBe(1);
      const created = retries.find((response) => response.statusCode === 201)!;
      expect((await send(alice, key, body)).body).toBe(created.body);
    });

    it("answers 409 at once while a paused owner still holds its key's row, and recovers after", async () => {
      const key = await leftInFlight(alice, { owner: await owner(1), effect: true });
      // The owner's lease lapsed, but its transaction still holds the key (a long pause, not a death).
      const paused = await t.database.pool.connect();
      try {
        await paused.query('BEGIN');
        await paused.query('SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1 FOR UPDATE', [key]);
        const started = Date.now();
        const retry = await send(alice, key, body);
        expect([retry.statusCode, retry.json().error.code]).toEqual([409, 'idempotency_request_in_progress']);
        expect(Date.now() - started).toBeLessThan(KEY_LOCK_WAIT_MS + 1_000);
      } finally {
        await paused.query('COMMIT');
        paused.release();
      }
      const after = await send(alice, key, body);
      expect([after.statusCode, after.json().nonce]).toEqual([201, 'recovered']);
      expect(runs).toBe(0);
    });

    it('still answers 409 while the owner holds its lease, and 422 to another body', async () => {
      const key = await leftInFlight(alice, { owner: await owner(-30), effect: false });
      const retry = await send(alice, key, body);
      expect([retry.statusCode, retry.json().error.code]).toEqual([409, 'idempotency_request_in_progress']);
      const dead = await leftInFlight(alice, { owner: await owner(1), effect: false });
      const other = await send(alice, dead, { amount: '43' });
      expect([other.statusCode, other.json().error.code]).toEqual([422, 'idempotency_key_reused_with_different_body']);
      expect(runs).toBe(0);
    });

    it('refuses the effect of an owner taken for dead once its key was resolved', async () => {
      const key = await leftInFlight(alice, { owner: randomUUID(), effect: false });
      expect((await send(alice, key, body)).statusCode).toBe(201);
      const { rows } = await t.database.db.execute<{ id: string }>(
        sql`SELECT id FROM idempotency_keys WHERE user_id = ${alice.userId} AND idempotency_key = ${key}`,
      );
      const before = await effects(alice.userId);
      const late = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe_effects (user_id, amount) VALUES (${alice.userId}, '42')`);
        await bindIdempotentEffect(tx, randomUUID(), randomUUID());
      });
      await expect(late).rejects.toMatchObject({ code: 'idempotency_request_in_progress' });
      const completed = t.database.db.transaction((tx) => bindIdempotentEffect(tx, rows[0]!.id, randomUUID()));
      await expect(completed).rejects.toMatchObject({ code: 'idempotency_request_in_progress' });
      expect(await effects(alice.userId)).toBe(before);
    });
  });

  it('holds this process lease for 30 s from each renewal, and gives it up on stop', async () => {
    const owner = createIdempotencyOwner(t.database.db);
    const lease = async () =>
      (
        await t.database.db.execute<{ seconds: number }>(
          sql`SELECT extract(epoch FROM expires_at - now())::float AS seconds FROM idempotency_owners WHERE id = ${owner.id}`,
        )
      ).rows[0]?.seconds;
    expect(await lease()).toBeUndefined();
    await owner.renew();
    expect(await lease()).toBeCloseTo(LEASE_MS / 1000, 0);
    await t.database.db.execute(
      sql`UPDATE idempotency_owners SET expires_at = now() - interval '1 minute' WHERE id = ${owner.id}`,
    );
    await owner.renew();
    expect(await lease()).toBeCloseTo(LEASE_MS / 1000, 0);
    await owner.stop();
    expect(await lease()).toBeUndefined();
  });

  it('abandons the keys that waited for the database alongside each lease renewal', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const owner = createIdempotencyOwner(t.database.db);
      let flushes = 0;
      owner.start(
        (error) => expect.fail(String(error)),
        async () => {
          flushes += 1;
        },
      );
      vi.advanceTimersByTime(RENEW_EVERY_MS * 2);
      expect(flushes).toBe(2);
      await owner.stop();
      vi.advanceTimersByTime(RENEW_EVERY_MS);
      expect(flushes).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

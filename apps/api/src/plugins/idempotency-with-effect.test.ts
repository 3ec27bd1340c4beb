// The twin guard of 'with-effect' routes (POST /order) when the client goes away: a customer whose
// request timed out (the database froze, the network dropped) retries with the same key, and must
// get the answer of what committed, not "in progress" for as long as the process lives.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

describe("a 'with-effect' request whose client left before the answer", () => {
  let t: TestApp;
  let alice: TestUser;
  let port: number;
  let started!: () => void;
  let gate!: Promise<void>;
  let openGate!: () => void;

  const probeRoutes: FastifyPluginAsync = async (api) => {
    api.post(
      '/with-effect-probe',
      { preHandler: api.authenticate, config: { idempotent: 'with-effect' } },
      async (request, reply) => {
        await request.idempotency!.claim();
        started();
        await gate;
        return reply.code(201).send({ effect: 'booked' });
      },
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ plugins: [probeRoutes] });
    alice = await createTestUser(t);
    port = await t.listen();
  });
  afterAll(async () => t.close());

  /** Sends the whole request on a raw socket, then closes it once the handler runs. */
  async function sendThenHangUp(key: string): Promise<void> {
    const running = new Promise<void>((resolve) => (started = resolve));
    gate = new Promise<void>((resolve) => (openGate = resolve));
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const body = '{}';
    socket.write(
      [
        'POST /api/v1/with-effect-probe HTTP/1.1',
        'host: 127.0.0.1',
        `authorization: ${alice.headers.authorization}`,
        `idempotency-key: ${key}`,
        'content-type: application/json',
        `content-length: ${body.length}`,
        '',
        body,
      ].join('\r\n'),
    );
    await running;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.destroy();
    await closed;
  }

  /** Whether the key's answer is stored (the onSend hook ran to its end), whoever was there to read it. */
  async function answerStored(key: string): Promise<boolean> {
    const { rows } = await t.database.db.execute<{ stored: boolean }>(sql`
      SELECT completed_at IS NOT NULL AS stored FROM idempotency_keys
       WHERE user_id = ${alice.userId} AND idempotency_key = ${key}`);
    return rows[0]?.stored ?? false;
  }

  it('answers the retry with the stored answer, not 409 in progress', async () => {
    const key = randomUUID();
    await sendThenHangUp(key);
    // The handler finishes after the client left: its answer is stored but never delivered.
    openGate();
    await vi.waitFor(async () => expect(await answerStored(key)).toBe(true), { timeout: 10_000, interval: 20 });

    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/with-effect-probe',
      headers: { ...alice.headers, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(retry.json()).toEqual({ effect: 'booked' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});

import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import { z } from 'zod';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { createTestUser, type TestUser } from './testing/users.ts';

const password = 'Correct-Horse-Battery-9';
const code = '918273';
const newPassword = 'Another-Secret-Phrase-7';

let probeDb: Db | undefined;

// A login-like route whose handler logs carelessly, the way a hurried change might.
const probeRoutes: FastifyPluginAsync = async (api) => {
  api.post(
    '/log-probe/login',
    {
      schema: {
        body: z.strictObject({
          email: z.string(),
          password: z.string(),
          code: z.string(),
          profile: z.object({ newPassword: z.string() }),
        }),
      },
    },
    async (request) => {
      request.log.info({ body: request.body }, 'login attempt');
      request.log.info({ headers: request.headers }, 'login headers');
      request.log.info({ req: { headers: request.headers } }, 'raw request');
      return { ok: true };
    },
  );
  // A module that logs a failed query with `{ err }`, as jobs and services do.
  api.get('/log-probe/query', async (request) => {
    await probeDb!.execute(sql`SELECT ${`$argon2id$v=19$${password}`}::int`).catch((error: unknown) => {
      request.log.error({ err: error }, 'a job failed');
    });
    return { ok: true };
  });
  api.get('/log-probe/crash', { preHandler: api.authenticate }, async () => {
    throw new Error(`Failed query: update "users" set "password_hash" = $1\nparams: $argon2id$v=19$${password}`);
  });
};

describe('logs', () => {
  let t: TestApp;
  let user: TestUser;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream, plugins: [probeRoutes] });
    user = await createTestUser(t);
    probeDb = t.database.db;
  });
  afterAll(async () => t.close());

  it('never write a password, a one-time code or a bearer token, even when a handler logs them', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/log-probe/login',
      headers: {
        authorization: `Bearer ${user.token}`,
        'idempotency-key': 'key-123456789',
        'x-request-id': 'probe-request-0001',
      },
      payload: { email: user.email, password, code, profile: { newPassword } },
    });
    expect(login.statusCode).toBe(200);
    const crash = await t.app.inject({ method: 'GET', url: '/api/v1/log-probe/crash', headers: user.headers });
    expect(crash.statusCode).toBe(500);
    const query = await t.app.inject({ method: 'GET', url: '/api/v1/log-probe/query' });
    expect(query.statusCode).toBe(200);
    await t.app
      .injectWS('/api/v1/ws', { headers: { 'sec-websocket-protocol': `bearer, ${user.token}` } })
      .then((ws) => ws.terminate());

    const output = lines.join('');
    expect(output).toContain('login attempt');
    expect(output).toContain('unhandled error');
    expect(output).toContain('a job failed');
    expect(output).toContain(user.email);
    for (const secret of [password, code, newPassword, user.token, 'key-123456789', '$argon2id$']) {
      expect(output, `log contains ${secret}`).not.toContain(secret);
    }
    expect(output).toContain('[redacted]');
    // What the errors still say: their type, the query's first line and its SQLSTATE.
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, string> });
    expect(entries.find((entry) => entry.msg === 'a job failed')?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: SELECT \$1::int/),
      sqlState: '22P02',
    });
    expect(entries.find((entry) => entry.msg === 'unhandled error')?.err).toMatchObject({
      type: 'Error',
      message: 'Failed query: update "users" set "password_hash" = $1',
      stack: expect.stringContaining('    at '),
    });
  });

  it('tags every line of a request with its x-request-id, and echoes it', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'trace-me-12345678' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me-12345678');
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((entry) => entry.reqId === 'trace-me-12345678')).toBe(true);
  });

  it('replaces a request id that is not a safe token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'bad id\n{"level":60}' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

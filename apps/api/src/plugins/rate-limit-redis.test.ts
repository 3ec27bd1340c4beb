// Rate limits shared through Redis (RATE_LIMIT_REDIS_URL): two API replicas count against one limit,
// and a Redis that does not answer lets requests through instead of failing them. Uses the Redis on
// 127.0.0.1:6379 (REDIS_URL); where none answers the suite says so in one line and skips, except
// under CI=true, where it fails (CI's machine runs one).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const available = (await redisAnswers()) || process.env.CI === 'true';
if (!available)
  console.warn(`[rate-limit-redis] no Redis answers at ${redisUrl}: the shared rate-limit tests are skipped`);

/** A route limited to 3 calls a minute, counted under a key of this run alone. */
function probe(key: string): FastifyPluginAsync {
  return async (api) => {
    const rateLimit = { max: 3, timeWindow: '1 minute', keyGenerator: () => key };
    api.post('/limited', { config: { rateLimit } }, async () => ({ ok: true }));
  };
}

describe.skipIf(!available)('rate limits shared through Redis', () => {
  const key = `test-${randomUUID()}`;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT_REDIS_URL: redisUrl };
    first = await createTestApp({ env, plugins: [probe(key)] });
    second = await createTestApp({ env, plugins: [probe(key)] });
  });
  afterAll(async () => Promise.all([first.close(), second.close()]));

  it('counts the calls to two replicas against one limit', async () => {
    const statuses: number[] = [];
    for (const replica of [first, second, first, second]) {
      statuses.push((await replica.app.inject({ method: 'POST', url: '/api/v1/limited' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await first.app.inject({ method: 'POST', url: '/api/v1/limited' });
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('rate limits with a Redis that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, every command fails at once.
    t = await createTestApp({ env: { RATE_LIMIT_REDIS_URL: 'redis://127.0.0.1:9' }, plugins: [probe(randomUUID())] });
  });
  afterAll(async () => t.close());

  it('lets requests through instead of failing them', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/limited' })).statusCode).toBe(200);
    }
  });
});

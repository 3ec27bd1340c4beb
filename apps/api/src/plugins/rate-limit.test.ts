import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const probeRoutes: FastifyPluginAsync = async (api) => {
  api.post('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  api.post('/unlimited', async () => ({ ok: true }));
};

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ plugins: [probeRoutes] });
  });
  afterAll(async () => t.close());

  const call = (url: string, remoteAddress = '203.0.113.10') => t.app.inject({ method: 'POST', url, remoteAddress });

  it('answers 429 too_many_requests with Retry-After once a route’s limit is spent', async () => {
    for (let i = 0; i < 3; i += 1) expect((await call('/api/v1/limited')).statusCode).toBe(200);
    const refused = await call('/api/v1/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'too_many_requests' },
      data: [{ code: 'too_many_requests' }],
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each client address apart', async () => {
    expect((await call('/api/v1/limited', '203.0.113.99')).statusCode).toBe(200);
  });

  it('limits nothing a route did not opt into', async () => {
    for (let i = 0; i < 20; i += 1) expect((await call('/api/v1/unlimited')).statusCode).toBe(200);
  });
});

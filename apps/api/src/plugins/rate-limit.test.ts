import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser } from '../testing/users.ts';
import { perCustomer } from './rate-limit.ts';

const probeRoutes: FastifyPluginAsync = async (api) => {
  api.post('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  api.post('/unlimited', async () => ({ ok: true }));
  api.post('/per-customer', { preHandler: api.authenticate, config: { rateLimit: perCustomer(3) } }, async () => ({
    ok: true,
  }));
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

  it('counts a signed-in route per customer: not per address, not per spelling of the token', async () => {
    const address = '203.0.113.50';
    const [alice, bob] = [await createTestUser(t), await createTestUser(t)];
    const post = (authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/per-customer',
        remoteAddress: address,
        headers: authorization ? { authorization } : {},
      });
    // Requests that fail to sign in, from Alice's address, spend nothing of hers.
    for (let i = 0; i < 5; i += 1) expect((await post()).statusCode).toBe(401);
    const token = alice.headers.authorization.replace(/^Bearer /, '');
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`];
    const answers = [];
    for (const spelling of spellings) answers.push((await post(spelling)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    // Bob, behind the same address, has his own budget.
    expect((await post(bob.headers.authorization)).statusCode).toBe(200);
  });
});

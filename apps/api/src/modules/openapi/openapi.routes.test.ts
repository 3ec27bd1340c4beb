import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses: Record<string, unknown>;
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

describe('OpenAPI', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp({
      plugins: [
        async (api) => {
          api.post(
            '/openapi-probe',
            {
              preHandler: api.authenticate,
              config: { idempotent: true, recoverIdempotent: async () => null },
              schema: {
                body: z.strictObject({ amount: z.string() }),
                response: { 200: z.object({ ok: z.boolean() }) },
              },
            },
            async () => ({ ok: true }),
          );
          // Declared without a schema, as a plugin may.
          api.get('/openapi-bare', { preHandler: api.authenticate }, async () => ({ ok: true }));
        },
      ],
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => t.close());

  it('serves an OpenAPI 3 document listing the routes, with their schemas', () => {
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/health',
        '/api/v1/notification',
        '/api/v1/notification/{id}',
        '/api/v1/notification/{id}/read',
        '/api/v1/notification/read-all',
        '/api/v1/allowCountries',
        '/api/v1/dev/outbox',
      ]),
    );
    expect(paths).not.toContain('/api/v1/openapi.json');
    expect(paths).not.toContain('/api/v1/ws');
    const list = document.paths['/api/v1/notification']!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit']));
    expect(JSON.stringify(list.responses['200'])).toContain('unreadCount');
  });

  it('declares the bearer scheme and marks the routes that need a token', () => {
    expect(document.components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } });
    expect(document.paths['/api/v1/notification']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/v1/allowCountries']!.get!.security).toBeUndefined();
    expect(document.paths['/api/v1/health']!.get!.security).toBeUndefined();
    // A route without a schema is listed too, as what it is known to need.
    expect(document.paths['/api/v1/openapi-bare']!.get!.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents the error body, the Idempotency-Key header and the 409 Retry-After of idempotent routes', () => {
    const probe = document.paths['/api/v1/openapi-probe']!.post!;
    expect(JSON.stringify(probe.responses['4XX'])).toContain('"data"');
    expect(probe.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: true })]),
    );
    expect(probe.responses['409']).toMatchObject({
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    });
    expect(JSON.stringify(probe.responses['409'])).toContain('"data"');
  });

  it('serves the interactive docs at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger-ui');
  });

  it('serves the same document each time, and 60 a minute to one address', async () => {
    const fetchDocument = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', remoteAddress: '203.0.113.50' });
    const first = await fetchDocument();
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.json()).toEqual(document);
    for (let i = 1; i < 60; i += 1) expect((await fetchDocument()).statusCode).toBe(200);
    const over = await fetchDocument();
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('too_many_requests');
  });
});

// Security headers on every answer (helmet, DESIGN §7), CORS closed to other origins, and the
// request id echoed. Checked on every route of the running app, answers of every kind: successes,
// 401s, 404s, validation errors and an unexpected 500.
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_ATTRIBUTION_STYLE_HASH } from '../plugins/security-headers.ts';
import type { TestUser } from '../testing/users.ts';
import { newCustomer } from './access-fixtures.ts';
import { createSecurityApp, expectErrorBody, fillPath, routeKey, type SecurityApp } from './security-app.ts';

const FOREIGN_ORIGIN = 'https://evil.example';

/** A route that fails the way a bug would, with SQL in its error, to see the 500's headers and body. */
const crashRoute: FastifyPluginAsync = async (api) => {
  api.get('/security-probe/crash', async () => {
    throw new Error(
      'Failed query: select "password_hash" from "users" where "email" = $1\nparams: someone@example.com',
    );
  });
};

let t: SecurityApp;
let customer: TestUser;

beforeAll(async () => {
  t = await createSecurityApp({ plugins: [crashRoute] });
  customer = await newCustomer(t);
});
afterAll(async () => t?.close());

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** What is missing from an answer's security headers (nothing: []); only the API docs may inline styles. */
function headerProblems(response: LightMyRequestResponse, options: { inlineStyles?: boolean } = {}): string[] {
  const problems: string[] = [];
  const headers = response.headers;
  const csp = directives(String(headers['content-security-policy'] ?? ''));
  const connect = csp.get('connect-src') ?? [];
  if (!csp.has('default-src')) problems.push('no CSP default-src');
  const anyHost = (value: string) => /^(?:[a-z]+:|\*|https?:\/\/\*.*)$/.test(value);
  if (!connect.includes("'self'") || connect.some(anyHost))
    problems.push(`CSP connect-src beyond the origin: ${connect}`);
  const inline = (value: string) => value === "'unsafe-inline'" && !options.inlineStyles;
  if ((csp.get('style-src') ?? ['*']).some((value) => inline(value) || anyHost(value))) {
    problems.push(`CSP style-src allows inline or foreign styles: ${csp.get('style-src')}`);
  }
  const ancestors = csp.get('frame-ancestors') ?? [];
  const framing = String(headers['x-frame-options'] ?? '').toUpperCase();
  if (!['DENY', 'SAMEORIGIN'].includes(framing) && !(ancestors.includes("'none'") || ancestors.includes("'self'"))) {
    problems.push('framing allowed (no X-Frame-Options, no frame-ancestors)');
  }
  if (ancestors.some((value) => value === '*' || value.startsWith('http')))
    problems.push(`frame-ancestors ${ancestors}`);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!String(headers['strict-transport-security'] ?? '').includes('max-age=')) problems.push('no HSTS');
  if (!headers['referrer-policy']) problems.push('no Referrer-Policy');
  if (headers['x-powered-by']) problems.push(`X-Powered-By: ${headers['x-powered-by']}`);
  if (headers['access-control-allow-origin']) problems.push(`CORS allows ${headers['access-control-allow-origin']}`);
  if (headers['access-control-allow-credentials']) problems.push('CORS allows credentials');
  if (!headers['x-request-id']) problems.push('no x-request-id');
  return problems;
}

describe('security headers', () => {
  it('are on the answer of every route, signed in or not, from a foreign origin', async () => {
    // Its own customer: the sweep calls POST /auth/logout too.
    const caller = await newCustomer(t);
    const failures: string[] = [];
    for (const route of t.routes.filter((candidate) => candidate.url !== '/api/v1/ws')) {
      const url = fillPath(route.url, Object.fromEntries(route.params.map((name) => [name, caller.userId])));
      for (const headers of [{}, caller.headers]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { origin: FOREIGN_ORIGIN, ...headers },
        });
        for (const problem of headerProblems(response)) {
          failures.push(`${routeKey(route)} (${response.statusCode}): ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('are on the web app’s pages and files and on the API docs', async () => {
    const pages = t.allRoutes
      .filter((route) => route.method === 'GET' && !route.url.startsWith('/api/v1/') && !route.url.includes('*'))
      .map((route) => route.url);
    const failures: string[] = [];
    for (const url of [...new Set([...pages, '/', '/dashboard', '/api/docs/'])]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { origin: FOREIGN_ORIGIN } });
      const problems = headerProblems(response, { inlineStyles: url.startsWith('/api/docs') });
      for (const problem of problems) failures.push(`${url} (${response.statusCode}): ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('are on answers that no route gave: an unknown address, a wrong method, malformed JSON, a 500', async () => {
    const responses = {
      unknown: await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      method: await t.app.inject({ method: 'PATCH', url: '/api/v1/health' }),
      malformed: await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      crash: await t.app.inject({ method: 'GET', url: '/api/v1/security-probe/crash' }),
    };
    for (const [what, response] of Object.entries(responses)) {
      expect(headerProblems(response), what).toEqual([]);
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expectErrorBody(response, what);
    }
    expect(responses.crash.statusCode).toBe(500);
    expect(responses.crash.json().error.code).toBe('internal_error');
    expect(responses.crash.body).not.toContain('password_hash');
    expect(responses.crash.body).not.toContain('someone@example.com');
  });

  it('gives the API a CSP that lets the web app reach its own origin and WebSocket only, and nothing frame it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { host: 'app.example:8443' },
    });
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://app.example:8443', 'wss://app.example:8443']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", CHART_ATTRIBUTION_STYLE_HASH]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect([["'self'"], ["'none'"]]).toContainEqual(csp.get('frame-ancestors'));
    expect(['SAMEORIGIN', 'DENY']).toContain(response.headers['x-frame-options']);
  });

  it('names no WebSocket host but the one a browser could send: a forged Host adds nothing to the policy', async () => {
    for (const host of ["evil.example;script-src 'unsafe-inline'", 'a b', 'evil.example/x', '*']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host } });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('connect-src'), host).toEqual(["'self'"]);
      expect(csp.get('script-src'), host).toEqual(["'self'"]);
    }
  });

  it('allows the chart library’s one <style> by the hash of the text the installed version inserts', async () => {
    const web = createRequire(new URL('../../../web/package.json', import.meta.url));
    const library = path.join(path.dirname(web.resolve('lightweight-charts/package.json')), 'dist');
    const source = await readFile(path.join(library, 'lightweight-charts.production.mjs'), 'utf8');
    const styles = [...source.matchAll(/createElement\("style"\),[^;]*?\.innerText="([^"]*)"/g)].map(
      (match) => match[1]!,
    );
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(CHART_ATTRIBUTION_STYLE_HASH).toBe(`'sha256-${hash}'`);
  });
});

describe('CORS is closed', () => {
  it('answers a foreign preflight without any Access-Control-Allow-* header', async () => {
    for (const url of ['/api/v1/auth/login', `/api/v1/user/${customer.userId}`, '/api/v1/wallet/sendTransaction']) {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: FOREIGN_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      });
      const allowed = Object.keys(response.headers).filter((name) => name.startsWith('access-control-allow-'));
      expect(allowed, `${url}: ${response.statusCode}`).toEqual([]);
    }
  });

  it('gives a signed-in call from a foreign origin no Access-Control-Allow-Origin, so a browser hides it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${customer.userId}`,
      headers: { ...customer.headers, origin: FOREIGN_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('echoes a safe x-request-id and makes one up otherwise', async () => {
    const id = `trace-${randomUUID()}`;
    const echoed = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': id } });
    expect(echoed.headers['x-request-id']).toBe(id);
    const onError = await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-route',
      headers: { 'x-request-id': id },
    });
    expect(onError.headers['x-request-id']).toBe(id);
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${customer.userId}`,
      headers: { 'x-request-id': id },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['x-request-id']).toBe(id);
    for (const unsafe of ['a b', 'x'.repeat(65), '<script>', 'id\r\nset-cookie: a=b', '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { 'x-request-id': unsafe },
      });
      expect(response.headers['x-request-id'], JSON.stringify(unsafe)).toMatch(/^[0-9a-f-]{36}$/);
    }
    const fresh = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(fresh.headers['x-request-id']).not.toBe(again.headers['x-request-id']);
  });
});

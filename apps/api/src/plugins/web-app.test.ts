import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webAppPlugin from './web-app.ts';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const html = `<!doctype html><html><body><div id="root"></div>${'<!-- pad -->'.repeat(60)}</body></html>`;

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'rora-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Array<[string, string]> = [
    ['index.html', html],
    ['assets/app-abc123.js', script],
  ];
  for (const [name, text] of files) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
  }
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dist, 'prerender'));
  for (const [code, tag] of [
    ['en', 'en'],
    ['fr', 'fr'],
    ['la_es', 'es-419'],
    ['pt_br', 'pt-BR'],
  ]) {
    for (const theme of ['', 'light', 'dark']) {
      const page = `<html lang="${tag}"${theme ? ` data-theme="${theme}"` : ''}><h1>login ${code}</h1>${'<!-- pad -->'.repeat(60)}</html>`;
      const name = path.join(dist, 'prerender', `login.${code}${theme ? `.${theme}` : ''}.html`);
      writeFileSync(name, page);
      writeFileSync(`${name}.br`, brotliCompressSync(page));
    }
  }
  app = Fastify();
  await app.register(webAppPlugin, { distDir: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app delivery', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted, and the raw file when nothing is', async () => {
    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const raw = await get('/assets/app-abc123.js');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(script);
  });

  it('sends index.html compressed and never cached without revalidation, for every app path', async () => {
    for (const url of ['/', '/dashboard/exchange', '/auth/register?next=1']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
  });

  it('revalidates unhashed files and answers 404 for a missing asset, never index.html', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/missing-123.js', 'br')).statusCode).toBe(404);
    expect((await get('/api/v1/nothing')).statusCode).toBe(404);
  });
});

describe('the login page', () => {
  it("is sent with its markup in the visitor's language, never cached, varying on what chose it", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/auth/login?next=1',
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`<html lang="fr"><h1>login fr</h1>${'<!-- pad -->'.repeat(60)}</html>`);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['vary']).toMatch(/cookie/i);
    expect(response.headers['vary']).toMatch(/accept-language/i);
  });

  it("puts the theme cookie's theme on <html>, and sends the brotli copy a browser accepts", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { cookie: 'lang=la_es; theme=light_theme', 'accept-language': 'fr', 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['vary']).toMatch(/cookie/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toMatch(
      /^<html lang="es-419" data-theme="light"><h1>login la_es<\/h1>/,
    );
  });

  it('leaves every other page to index.html', async () => {
    const response = await get('/auth/register');
    expect(response.body).toBe(html);
  });
});

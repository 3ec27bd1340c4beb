// The login page in the visitor's language and theme (ADR 0055): the `lang` cookie the app keeps,
// else Accept-Language by preference; the theme cookie on <html>; compressed as the browser accepts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedLanguages, loginLanguage, readLoginPages, type LoginPages } from './login-page.ts';

const tags = { en: 'en', fr: 'fr', la_es: 'es-419', pt_br: 'pt-BR' } as const;
let dist: string;
let pages: LoginPages;

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'rora-login-pages-'));
  mkdirSync(path.join(dist, 'prerender'));
  for (const [code, tag] of Object.entries(tags)) {
    const html = `<!doctype html><html lang="${tag}"><body><h1>${code}</h1></body></html>`;
    writeFileSync(path.join(dist, 'prerender', `login.${code}.html`), html);
  }
  pages = readLoginPages(dist)!;
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('Accept-Language', () => {
  it('orders tags by preference, keeping the header order among equals', () => {
    expect(acceptedLanguages('de-DE,fr;q=0.5, pt-BR;q=0.9,en;q=0.5')).toEqual(['de-DE', 'pt-BR', 'fr', 'en']);
  });

  it('drops refused, wildcard and empty entries', () => {
    expect(acceptedLanguages('fr;q=0, *, , es-MX')).toEqual(['es-MX']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('the login page language', () => {
  it.each([
    [{ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' }, 'pt_br'],
    [{ 'accept-language': 'de-DE,es-MX;q=0.7' }, 'la_es'],
    [{ 'accept-language': 'de-DE' }, 'en'],
    [{}, 'en'],
    [{ cookie: 'theme=light_theme; lang=fr', 'accept-language': 'pt-BR' }, 'fr'],
    [{ cookie: 'lang=xx', 'accept-language': 'fr-CA' }, 'fr'],
  ])('%j → %s', (headers, expected) => {
    expect(loginLanguage(headers)).toBe(expected);
  });
});

describe('the login pages', () => {
  it('sends the page in the chosen language, with the theme cookie on <html>', () => {
    const page = pages.page({ cookie: 'lang=la_es; theme=light_theme' });
    expect(page.encoding).toBe('identity');
    expect(page.body.toString()).toBe(
      '<!doctype html><html lang="es-419" data-theme="light"><body><h1>la_es</h1></body></html>',
    );
  });

  it('leaves the theme to the CSS when the cookie does not name one', () => {
    expect(pages.page({ cookie: 'theme=<script>' }).body.toString()).toContain('<html lang="en">');
  });

  it('compresses as the browser accepts: brotli first, then gzip', () => {
    const brotli = pages.page({ 'accept-language': 'fr', 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toContain('<h1>fr</h1>');
    const gzip = pages.page({ 'accept-language': 'fr', 'accept-encoding': 'gzip' });
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('<h1>fr</h1>');
  });

  it('is absent when the build has not written them all', () => {
    const partial = mkdtempSync(path.join(os.tmpdir(), 'rora-login-partial-'));
    mkdirSync(path.join(partial, 'prerender'));
    writeFileSync(path.join(partial, 'prerender', 'login.en.html'), '<html lang="en"></html>');
    expect(readLoginPages(partial)).toBeNull();
    rmSync(partial, { recursive: true, force: true });
  });
});

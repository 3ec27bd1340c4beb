// The login page in the visitor's language and theme (ADR 0055): the `lang` cookie the app keeps,
// else Accept-Language by preference; the theme cookie's theme, else none.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, hasLoginPages, loginLanguage, loginPageFile } from './login-page.ts';

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

describe('the login page file', () => {
  it("is the chosen language with the theme cookie's theme", () => {
    expect(loginPageFile({ cookie: 'lang=la_es; theme=light_theme' })).toBe(
      path.join('prerender', 'login.la_es.light.html'),
    );
    expect(loginPageFile({ 'accept-language': 'fr', cookie: 'theme=dark_theme' })).toBe(
      path.join('prerender', 'login.fr.dark.html'),
    );
  });

  it('leaves the theme to the CSS when the cookie does not name one', () => {
    expect(loginPageFile({ cookie: 'theme=<script>' })).toBe(path.join('prerender', 'login.en.html'));
    expect(loginPageFile({ cookie: 'theme=toString' })).toBe(path.join('prerender', 'login.en.html'));
  });

  it('is used only when the build wrote every language and theme', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'rora-login-pages-'));
    mkdirSync(path.join(dist, 'prerender'));
    for (const code of ['en', 'fr', 'la_es', 'pt_br']) {
      for (const theme of ['', '.light', '.dark']) {
        writeFileSync(path.join(dist, 'prerender', `login.${code}${theme}.html`), '<html lang="en"></html>');
      }
    }
    expect(hasLoginPages(dist)).toBe(true);
    rmSync(path.join(dist, 'prerender', 'login.pt_br.dark.html'));
    expect(hasLoginPages(dist)).toBe(false);
    rmSync(dist, { recursive: true, force: true });
  });
});

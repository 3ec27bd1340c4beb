// The login page sent already in the visitor's language and theme (issue 19, ADR 0055): the web
// build writes dist/prerender/login.<language>.html, the login screen's markup in each language;
// this picks the one the app would show (the `lang` cookie the app keeps equal to the stored choice,
// else the browser's Accept-Language) and puts the `theme` cookie's theme on <html>.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { LANGUAGES, PREFERENCE_COOKIES, languageFromPreferences, type LanguageCode } from '@rora/contracts';

export const LOGIN_PAGE_PATH = '/auth/login';

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Accept-Language's tags, most preferred first (`fr-CA,fr;q=0.9,en;q=0.8`). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

export function loginLanguage(headers: { cookie?: string; 'accept-language'?: string }): LanguageCode {
  const stored = cookie(headers.cookie, PREFERENCE_COOKIES.language);
  const known = LANGUAGES.find((language) => language.value === stored);
  return known ? known.value : languageFromPreferences(acceptedLanguages(headers['accept-language']));
}

/** The `data-theme` the app would set, when the theme cookie says; otherwise the CSS decides. */
function themeAttribute(cookieHeader: string | undefined): string {
  const theme = cookie(cookieHeader, PREFERENCE_COOKIES.theme);
  if (theme === 'light_theme') return ' data-theme="light"';
  if (theme === 'dark_theme') return ' data-theme="dark"';
  return '';
}

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

export interface LoginPage {
  readonly body: Buffer;
  readonly encoding: Encoding;
}

export interface LoginPages {
  page(headers: { cookie?: string; 'accept-language'?: string; 'accept-encoding'?: string }): LoginPage;
}

/** The built login pages, read once; null when the build has none (then index.html is sent). */
export function readLoginPages(distRoot: string): LoginPages | null {
  const pages = new Map<LanguageCode, string>();
  for (const { value } of LANGUAGES) {
    const file = path.join(distRoot, 'prerender', `login.${value}.html`);
    if (!existsSync(file)) return null;
    pages.set(value, readFileSync(file, 'utf8'));
  }
  // Four languages, three themes, three encodings: each made once, on first use.
  const made = new Map<string, LoginPage>();
  return {
    page(headers) {
      const language = loginLanguage(headers);
      const theme = themeAttribute(headers.cookie);
      const encoding = encodingFor(headers['accept-encoding']);
      const key = `${language}${theme}:${encoding}`;
      let page = made.get(key);
      if (!page) {
        const html = Buffer.from(pages.get(language)!.replace(/<html lang="([\w-]+)">/, `<html lang="$1"${theme}>`));
        const body = encoding === 'br' ? brotliCompressSync(html) : encoding === 'gzip' ? gzipSync(html) : html;
        page = { body, encoding };
        made.set(key, page);
      }
      return page;
    },
  };
}

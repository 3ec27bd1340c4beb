// The login page sent already in the visitor's language and theme (issue 19, ADR 0055): the web
// build writes dist/prerender/login.<language>[.<theme>].html, the login screen's markup in each
// language with no theme, the light or the dark one on <html> (and their .br and .gz copies); this
// picks the one the app would show: the `lang` cookie the app keeps equal to the stored choice, else
// the browser's Accept-Language, and the `theme` cookie's theme, else none (the CSS follows the system).
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  LANGUAGES,
  LOGIN_PAGE_THEMES,
  PREFERENCE_COOKIES,
  languageFromPreferences,
  loginPageFileName,
  type LanguageCode,
  type LoginPageTheme,
} from '@rora/contracts';

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

const THEMES = { light_theme: 'light', dark_theme: 'dark' } as const;

/** The `data-theme` the app would set, when the theme cookie says; otherwise null. */
function themeOf(cookieHeader: string | undefined): LoginPageTheme {
  const theme = cookie(cookieHeader, PREFERENCE_COOKIES.theme);
  return theme !== undefined && Object.hasOwn(THEMES, theme) ? THEMES[theme as keyof typeof THEMES] : null;
}

/** The built page for the visitor, relative to the web build's folder. */
export function loginPageFile(headers: { cookie?: string; 'accept-language'?: string }): string {
  return loginPageFileName(loginLanguage(headers), themeOf(headers.cookie));
}

/** Whether the build wrote every language and theme (else /auth/login gets index.html). */
export function hasLoginPages(distRoot: string): boolean {
  return LANGUAGES.every(({ value }) =>
    LOGIN_PAGE_THEMES.every((theme) => existsSync(path.join(distRoot, loginPageFileName(value, theme)))),
  );
}

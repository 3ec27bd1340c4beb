// Interface constants of spec §2, §3, §4 and §9: languages, themes, dropdowns, toasts and delays.

export const LANGUAGES = [
  { value: 'en', name: 'English' },
  { value: 'fr', name: 'Français' },
  { value: 'la_es', name: 'Español (Latinoamérica)' },
  { value: 'pt_br', name: 'Português (Brasil)' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['value'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** The BCP 47 tag each language gives i18next and Intl: what its numbers and dates are written in. */
export const LANGUAGE_TAGS: Readonly<Record<LanguageCode, string>> = {
  en: 'en',
  fr: 'fr',
  la_es: 'es-419',
  pt_br: 'pt-BR',
};

/**
 * The first of a browser's preferred languages (navigator.languages, or Accept-Language in order of
 * preference) that the app speaks, by its base language; English when none is.
 */
export function languageFromPreferences(preferred: readonly string[]): LanguageCode {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (base === 'fr') return 'fr';
    if (base === 'es') return 'la_es';
    if (base === 'pt') return 'pt_br';
    if (base === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Cookies the app keeps equal to the stored language and theme, so the server can send the login
 * page already in them (the choices themselves live in local storage, spec §3).
 */
export const PREFERENCE_COOKIES = { language: 'lang', theme: 'theme' } as const;

export const THEMES = ['dark_theme', 'light_theme'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'dark_theme';

/**
 * The login page prerendered by the web build (ADR 0055): one per language with no theme (its CSS
 * follows the system's) and one per theme the `theme` cookie can name, which the server picks from.
 */
export const LOGIN_PAGE_THEMES = [null, 'light', 'dark'] as const;
export type LoginPageTheme = (typeof LOGIN_PAGE_THEMES)[number];

/** A prerendered login page's file, relative to the web build's folder. */
export function loginPageFileName(language: LanguageCode, theme: LoginPageTheme): string {
  return `prerender/login.${language}${theme === null ? '' : `.${theme}`}.html`;
}

/** A dropdown shows a search box only with more options than this. */
export const DROPDOWN_SEARCH_THRESHOLD = 5;
/** The text dropdown truncates a selected label longer than this, with an ellipsis. */
export const LABEL_TRUNCATE_LENGTH = 12;
/** Wallet balances are shown to this many decimals. */
export const WALLET_BALANCE_DECIMALS = 3;

export const TOAST_TIMEOUT_MS = 8_000;
/** A code chunk that has not loaded after this long fails with ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Logout clears the authenticated flag at once, user and token after this delay. */
export const LOGOUT_CLEAR_DELAY_MS = 1_000;
/** The page reloads this long after a language is chosen. */
export const LANGUAGE_RELOAD_DELAY_MS = 500;

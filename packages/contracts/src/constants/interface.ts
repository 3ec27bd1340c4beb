// Interface constants of spec §2, §3, §4 and §9: languages, themes, dropdowns, toasts and delays.

export const LANGUAGES = [
  { value: 'en', name: 'English' },
  { value: 'fr', name: 'Français' },
  { value: 'la_es', name: 'Español (Latinoamérica)' },
  { value: 'pt_br', name: 'Português (Brasil)' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['value'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const THEMES = ['dark_theme', 'light_theme'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'dark_theme';

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

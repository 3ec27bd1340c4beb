// The four languages of the spec. Their codes (en, fr, la_es, pt_br) are what the customer chooses
// and what is stored as `lang`; i18next and Intl get the matching BCP 47 tags.
import { LANGUAGE_TAGS, languageFromPreferences } from '@rora/contracts';
import { LANGUAGES, LANGUAGE_RELOAD_DELAY_MS, type LanguageCode } from '../constants.ts';
import { mirrorPreference } from '../preferences/preference-cookies.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage.ts';

export { LANGUAGE_TAGS, LANGUAGES, type LanguageCode };

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_TAGS, value);
}

export function storedLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguageCode(stored) ? stored : languageFromPreferences(navigator.languages ?? [navigator.language]);
}

export function languageTag(code: LanguageCode = storedLanguage()): string {
  return LANGUAGE_TAGS[code];
}

/** Stores the choice; the page reloads about half a second later (spec §4) in the new language. */
export function chooseLanguage(code: LanguageCode, reload: () => void = () => window.location.reload()): void {
  writeStorage(STORAGE_KEYS.language, code);
  // Before the reload, so the server sends the login page already in the new language (ADR 0055).
  mirrorPreference('language', code);
  setTimeout(reload, LANGUAGE_RELOAD_DELAY_MS);
}

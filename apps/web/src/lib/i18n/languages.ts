// The four languages of the spec. Their codes (en, fr, la_es, pt_br) are what the customer chooses
// and what is stored as `lang`; i18next and Intl get the matching BCP 47 tags.
import { LANGUAGES, LANGUAGE_RELOAD_DELAY_MS, type LanguageCode } from '../constants.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage.ts';

export { LANGUAGES, type LanguageCode };

export const LANGUAGE_TAGS: Readonly<Record<LanguageCode, string>> = {
  en: 'en',
  fr: 'fr',
  la_es: 'es-419',
  pt_br: 'pt-BR',
};

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_TAGS, value);
}

/** The browser's preferred language, when it is one of ours. */
export function languageFromBrowser(preferred: readonly string[]): LanguageCode {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fr') return 'fr';
    if (base === 'es') return 'la_es';
    if (base === 'pt') return 'pt_br';
    if (base === 'en') return 'en';
  }
  return 'en';
}

export function storedLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguageCode(stored) ? stored : languageFromBrowser(navigator.languages ?? [navigator.language]);
}

export function languageTag(code: LanguageCode = storedLanguage()): string {
  return LANGUAGE_TAGS[code];
}

/** Stores the choice; the page reloads about half a second later (spec §4) in the new language. */
export function chooseLanguage(code: LanguageCode, reload: () => void = () => window.location.reload()): void {
  writeStorage(STORAGE_KEYS.language, code);
  setTimeout(reload, LANGUAGE_RELOAD_DELAY_MS);
}

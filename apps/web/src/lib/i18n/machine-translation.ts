// Machine translation on the device (SPEC §1, ADR 0038): beyond the four human-translated languages,
// the app's English texts translated at run time by the browser's built-in Translator API (Chrome),
// where it exists. Placeholders, numbers and names are taken out before translating and put back
// after; a text whose markers do not come back intact, or that fails, stays English. Translations
// are cached per language and namespace, keyed by the English text, so an edited text is translated
// again and an unchanged one never is.
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage.ts';

/** The languages offered when the browser can translate into them (BCP 47; none of the four). */
export const MACHINE_LANGUAGES = [
  'de',
  'it',
  'nl',
  'pl',
  'ru',
  'uk',
  'tr',
  'ar',
  'hi',
  'ja',
  'ko',
  'zh',
  'zh-Hant',
  'vi',
  'id',
  'th',
] as const;
export type MachineLanguage = (typeof MACHINE_LANGUAGES)[number];

export type TranslatorAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

interface LanguagePair {
  sourceLanguage: string;
  targetLanguage: string;
}

/** What the app uses of the Translator API (https://webmachinelearning.github.io/translation-api/). */
export interface TranslatorInstance {
  translate(text: string): Promise<string>;
  destroy?(): void;
}
interface DownloadMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: { loaded: number }) => void): void;
}
export interface TranslatorApi {
  availability(pair: LanguagePair): Promise<TranslatorAvailability>;
  create(options: LanguagePair & { monitor?: (monitor: DownloadMonitor) => void }): Promise<TranslatorInstance>;
}

const SOURCE = 'en';
const CACHE_PREFIX = 'rora.mt';
const PARALLEL = 6;
const TEXT_TIMEOUT_MS = 10_000;

/** The browser's Translator, or null where there is none (the selector is then hidden). */
export function translatorApi(): TranslatorApi | null {
  const candidate = (globalThis as { Translator?: Partial<TranslatorApi> }).Translator;
  return typeof candidate?.availability === 'function' && typeof candidate.create === 'function'
    ? (candidate as TranslatorApi)
    : null;
}

export function isMachineLanguage(value: unknown): value is MachineLanguage {
  return typeof value === 'string' && (MACHINE_LANGUAGES as readonly string[]).includes(value);
}

export function storedMachineLanguage(): MachineLanguage | null {
  const stored = readStorage(STORAGE_KEYS.machineLanguage);
  return isMachineLanguage(stored) ? stored : null;
}

export function storeMachineLanguage(language: MachineLanguage | null): void {
  writeStorage(STORAGE_KEYS.machineLanguage, language);
}

/** The languages the browser can translate English into, now or after a download. */
export async function offeredMachineLanguages(api: TranslatorApi | null = translatorApi()): Promise<MachineLanguage[]> {
  if (!api) return [];
  const states = await Promise.all(
    MACHINE_LANGUAGES.map((targetLanguage) =>
      api.availability({ sourceLanguage: SOURCE, targetLanguage }).catch(() => 'unavailable' as const),
    ),
  );
  return MACHINE_LANGUAGES.filter((_, index) => states[index] !== 'unavailable');
}

/**
 * A translator from English, downloading the language model first where needed. Call it from the
 * customer's click: the API asks for a user activation before a download.
 */
export function createTranslator(
  language: MachineLanguage,
  onProgress?: (loaded: number) => void,
  api: TranslatorApi | null = translatorApi(),
): Promise<TranslatorInstance> {
  if (!api) return Promise.reject(new Error('This browser cannot translate on the device'));
  return api.create({
    sourceLanguage: SOURCE,
    targetLanguage: language,
    monitor: (monitor) => monitor.addEventListener('downloadprogress', (event) => onProgress?.(event.loaded)),
  });
}

// Kept as they are: i18next placeholders and nesting, numbers, e-mail and web addresses, and names
// (Rora, and upper-case symbols and codes such as BTC, USDT/ERC-20, KYC, 2FA).
const KEEP =
  /\{\{[^}]+\}\}|\$t\([^)]*\)|https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.]+|\bRora\b|\b\d*[A-Z][A-Z0-9]+(?:[-/][A-Z0-9]+)*\b|\d+(?:[.,:]\d+)*%?/g;
const MARKER = /⟦(\d+)⟧/g;

/** The text with what must stay as it is replaced by numbered markers, and what they stand for. */
export function protect(text: string): { masked: string; kept: string[] } {
  const kept: string[] = [];
  const masked = text.replace(KEEP, (match) => {
    kept.push(match);
    return `⟦${kept.length - 1}⟧`;
  });
  return { masked, kept };
}

/** The translation with the kept parts back, or null when a marker was lost, repeated or invented. */
export function restore(translated: string, kept: readonly string[]): string | null {
  const seen = new Set<number>();
  let intact = true;
  const text = translated.replace(MARKER, (_, index: string) => {
    const at = Number(index);
    if (at >= kept.length || seen.has(at)) intact = false;
    seen.add(at);
    return kept[at] ?? '';
  });
  return intact && seen.size === kept.length ? text : null;
}

type Cache = Record<string, string>;

function cacheKey(language: MachineLanguage, namespace: string): string {
  return `${CACHE_PREFIX}.${language}.${namespace}`;
}

function readCache(language: MachineLanguage, namespace: string): Cache {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(cacheKey(language, namespace)) ?? '{}');
    return value && typeof value === 'object' ? (value as Cache) : {};
  } catch {
    return {};
  }
}

function writeCache(language: MachineLanguage, namespace: string, cache: Cache): void {
  try {
    window.localStorage.setItem(cacheKey(language, namespace), JSON.stringify(cache));
  } catch {
    // A full storage only means translating again next time.
  }
}

function textsOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const child of Object.values(value)) textsOf(child, into);
  return into;
}

function mapTexts(value: unknown, translate: (text: string) => string): unknown {
  if (typeof value === 'string') return translate(value);
  if (Array.isArray(value)) return value.map((child) => mapTexts(child, translate));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapTexts(child, translate)]));
  }
  return value;
}

async function translateOne(translator: TranslatorInstance, text: string): Promise<string | null> {
  const { masked, kept } = protect(text);
  if (!/\p{L}/u.test(masked.replace(MARKER, ''))) return text;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A text the model does not answer for stays English, rather than hold the screen back.
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), TEXT_TIMEOUT_MS);
  });
  try {
    const translated = await Promise.race([translator.translate(masked), late]);
    return translated === null ? null : restore(translated, kept);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One namespace's English texts in `language`: from the cache, the rest through the translator. A
 * text that fails stays English (and is tried again next time); the bundle's keys never change.
 */
export async function translateBundle<T>(
  bundle: T,
  namespace: string,
  language: MachineLanguage,
  translator: TranslatorInstance | null,
): Promise<T> {
  const cached = readCache(language, namespace);
  const texts = [...textsOf(bundle)];
  const result: Cache = {};
  const missing = texts.filter((text) => {
    if (cached[text] === undefined) return true;
    result[text] = cached[text];
    return false;
  });
  if (translator && missing.length > 0) {
    for (let start = 0; start < missing.length; start += PARALLEL) {
      const chunk = missing.slice(start, start + PARALLEL);
      const done = await Promise.all(chunk.map((text) => translateOne(translator, text)));
      chunk.forEach((text, index) => {
        const translated = done[index];
        if (translated !== null && translated !== undefined) result[text] = translated;
      });
    }
    writeCache(language, namespace, result);
  }
  return mapTexts(bundle, (text) => result[text] ?? text) as T;
}

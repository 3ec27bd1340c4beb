// i18next with one namespace per feature (plus `common`), each loaded on demand for the current
// language only: a route's loader asks for its namespaces before it renders, so no text flashes.
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_TAGS, storedLanguage, type LanguageCode } from './languages.ts';
import {
  createTranslator,
  storeMachineLanguage,
  storedMachineLanguage,
  translateBundle,
  translatorApi,
  type MachineLanguage,
  type TranslatorInstance,
} from './machine-translation.ts';

export type LocaleResources = Record<string, unknown>;
export type LocaleLoader = (language: LanguageCode) => Promise<{ default: LocaleResources }>;

const loaders = new Map<string, LocaleLoader>();

/** Features declare their namespace and how to load one language of it. */
export function registerLocales(namespace: string, loader: LocaleLoader): void {
  loaders.set(namespace, loader);
}

registerLocales('common', (language) => import(`./locales/${language}.json`));
// The API's error codes, translated once for every feature (ADR 0052); see ERRORS_NAMESPACE.
registerLocales('errors', (language) => import(`../api/locales/${language}.json`));

/** Where a feature's `errors.<code>` is looked up when the feature does not word the code itself. */
export const ERRORS_NAMESPACE = 'errors';

function codeOfTag(tag: string): LanguageCode {
  const entry = Object.entries(LANGUAGE_TAGS).find(([, value]) => value === tag);
  return (entry?.[0] ?? 'en') as LanguageCode;
}

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(tag: string, namespace: string, callback: ReadCallback) {
    const loader = loaders.get(namespace);
    if (!loader) {
      callback(new Error(`No translations registered for namespace "${namespace}"`), null);
      return;
    }
    loader(codeOfTag(tag))
      .then((module) =>
        machine ? translateBundle(module.default, namespace, machine.language, machine.translator) : module.default,
      )
      .then(
        (module) => callback(null, module as Parameters<ReadCallback>[1]),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

export const i18n = i18next.createInstance();

let initialised: Promise<void> | undefined;

/** Starts i18next once; every later call (and every loadNamespaces) waits for that same start. */
export function initI18n(): Promise<void> {
  initialised ??= initialise();
  return initialised;
}

const MACHINE_START_TIMEOUT_MS = 5_000;

/** The machine translation in use on this page (ADR 0038), or null. */
let machine: { language: MachineLanguage; translator: TranslatorInstance } | null = null;

export function activeMachineLanguage(): MachineLanguage | null {
  return machine?.language ?? null;
}

/**
 * The stored machine language's translator, when the browser still has it ready; otherwise the
 * choice is dropped and the page stays in English (a download needs the customer's click).
 */
async function startMachineTranslation(): Promise<void> {
  const language = storedMachineLanguage();
  if (!language) return;
  const api = translatorApi();
  const start = async () => {
    const state = await api?.availability({ sourceLanguage: 'en', targetLanguage: language });
    if (state !== 'available') throw new Error(`Translation into ${language} is ${state ?? 'not offered'}`);
    return createTranslator(language, undefined, api);
  };
  // The app starts in English rather than wait on a browser API that does not answer.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The translator did not start in time')), MACHINE_START_TIMEOUT_MS);
  });
  try {
    machine = { language, translator: await Promise.race([start(), late]) };
  } catch {
    storeMachineLanguage(null);
  } finally {
    clearTimeout(timer);
  }
}

async function initialise(): Promise<void> {
  await startMachineTranslation();
  // Machine translation starts from the English texts, and numbers keep the English format.
  const tag = machine ? LANGUAGE_TAGS.en : LANGUAGE_TAGS[storedLanguage()];
  document.documentElement.lang = machine?.language ?? tag;
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: tag,
      // Every locale carries every key (a unit test checks), so there is nothing to fall back to.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common', ERRORS_NAMESPACE],
      defaultNS: 'common',
      fallbackNS: ERRORS_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/**
 * Starts the downloads of namespaces for the language i18next is about to use, without waiting for it
 * to start: the first screen's translations then load beside the common ones, not after them (one
 * round trip less before the first paint). i18next's own read later gets the same module.
 */
function prefetchNamespaces(namespaces: readonly string[]): void {
  // Machine translation starts from the English texts (see initialise).
  const language: LanguageCode = storedMachineLanguage() ? 'en' : storedLanguage();
  for (const namespace of namespaces) {
    // A failure here is seen, and reported, by i18next's own read of the same module.
    loaders
      .get(namespace)?.(language)
      .catch(() => undefined);
  }
}

/**
 * Loads translations before a screen renders. i18next swallows a failed download, so this checks the
 * bundles arrived and otherwise fails like a code chunk would (the route then offers a retry).
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  prefetchNamespaces(namespaces);
  await initI18n();
  await i18n.loadNamespaces([...namespaces]);
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(i18n.language, namespace));
  if (missing.length > 0) {
    const error = new Error(`Loading translations failed: ${missing.join(', ')}`);
    error.name = 'ChunkLoadError';
    throw error;
  }
}

/** The translation of a key when one exists, for text built outside React (error toasts). */
export function translateIfExists(key: string, values?: Record<string, unknown>): string | undefined {
  return i18n.exists(key, values) ? i18n.t(key, values) : undefined;
}

export function currentLanguageTag(): string {
  return i18n.language || 'en';
}

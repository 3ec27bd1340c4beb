// Every namespace has the four languages, each with exactly the English keys, no empty text and the
// same {{placeholders}}: the app sets fallbackLng to false, so a missing key would show as a key.
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../../**/locales/*.json', { eager: true, import: 'default' });
const LANGUAGE_FILES = ['en', 'fr', 'la_es', 'pt_br'];

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'object' && child !== null) for (const entry of flatten(child, path)) out.set(...entry);
    else out.set(path, String(child));
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1] ?? '').sort();
}

const namespaces = new Map<string, Map<string, Map<string, string>>>();
for (const [path, resources] of Object.entries(files)) {
  const folder = path.slice(0, path.lastIndexOf('/'));
  const language = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
  if (!namespaces.has(folder)) namespaces.set(folder, new Map());
  namespaces.get(folder)!.set(language, flatten(resources));
}

describe('translations', () => {
  it('finds the common namespace and the feature namespaces', () => {
    expect(namespaces.size).toBeGreaterThan(1);
  });

  for (const [folder, languages] of namespaces) {
    it(`${folder} has the four languages with the same keys and placeholders`, () => {
      expect([...languages.keys()].sort()).toEqual([...LANGUAGE_FILES].sort());
      const english = languages.get('en')!;
      for (const language of LANGUAGE_FILES) {
        const texts = languages.get(language)!;
        expect([...texts.keys()].sort(), `${folder}/${language}`).toEqual([...english.keys()].sort());
        for (const [key, text] of texts) {
          expect(text.trim(), `${folder}/${language}: ${key}`).not.toBe('');
          expect(placeholders(text), `${folder}/${language}: ${key}`).toEqual(placeholders(english.get(key) ?? ''));
        }
      }
    });
  }
});

describe('the exchange screen’s name', () => {
  // The common namespace sits beside this file (./locales); the features' under ../../features.
  const texts = (folder: string, language: string) => namespaces.get(folder)!.get(language)!;
  const english = texts('./locales', 'en').get('titles.exchange');

  for (const language of LANGUAGE_FILES) {
    it(`is one word in ${language}: the title's, the menu's, the screen's and the history link's`, () => {
      const name = texts('./locales', language).get('titles.exchange')!;
      if (language !== 'en') expect(name, 'translated, not the English word').not.toBe(english);
      expect(texts('../../features/shell/locales', language).get('nav.exchange')).toBe(name);
      expect(texts('../../features/exchange/locales', language).get('title')).toBe(name);
      const wallets = texts('../../features/wallets/locales', language);
      const link = [...wallets].find(([key]) => key.endsWith('links.order'))![1];
      expect(link).toContain(name);
    });
  }
});

describe('the audit page’s name', () => {
  const texts = (folder: string, language: string) => namespaces.get(folder)!.get(language)!;

  for (const language of LANGUAGE_FILES) {
    it(`is written one way in ${language}: the title's, the account tab's and the page heading's`, () => {
      const heading = texts('../../features/audit/locales', language).get('title');
      expect(texts('./locales', language).get('titles.audit')).toBe(heading);
      expect(texts('../../features/shell/locales', language).get('account.audit')).toBe(heading);
    });
  }
});

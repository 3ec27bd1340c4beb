// Every namespace has the four languages, each with exactly the English keys, no empty text and the
// same {{placeholders}}: the app sets fallbackLng to false, so a missing key would show as a key.
import { describe, expect, it } from 'vitest';
import { localesByFolder } from '../../testing/locale-files.ts';

const LANGUAGE_FILES = ['en', 'fr', 'la_es', 'pt_br'];

const namespaces = localesByFolder();

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1] ?? '').sort();
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
  // Folders as the locale files' reader names them (testing/locale-files.ts): relative to src/testing.
  const texts = (folder: string, language: string) => namespaces.get(folder)!.get(language)!;
  const english = texts('../lib/i18n/locales', 'en').get('titles.exchange');

  for (const language of LANGUAGE_FILES) {
    it(`is one word in ${language}: the title's, the menu's, the screen's and the history link's`, () => {
      const name = texts('../lib/i18n/locales', language).get('titles.exchange')!;
      if (language !== 'en') expect(name, 'translated, not the English word').not.toBe(english);
      expect(texts('../features/shell/locales', language).get('nav.exchange')).toBe(name);
      expect(texts('../features/exchange/locales', language).get('title')).toBe(name);
      const wallets = texts('../features/wallets/locales', language);
      const link = [...wallets].find(([key]) => key.endsWith('links.order'))![1];
      expect(link).toContain(name);
    });
  }
});

describe('the audit page’s name', () => {
  const texts = (folder: string, language: string) => namespaces.get(folder)!.get(language)!;

  for (const language of LANGUAGE_FILES) {
    it(`is written one way in ${language}: the title's, the account tab's and the page heading's`, () => {
      const heading = texts('../features/audit/locales', language).get('title');
      expect(texts('../lib/i18n/locales', language).get('titles.audit')).toBe(heading);
      expect(texts('../features/shell/locales', language).get('account.audit')).toBe(heading);
    });
  }
});

describe('French punctuation', () => {
  // French sets a space before : ; ! ? % and inside « », and it must not break there: with an
  // ordinary space a phone's narrow line starts with the colon (“terminé / : vous avez reçu”).
  // What the API writes in French (e-mails, SMS, the sandbox card widget) is checked the same way:
  // apps/api/src/modules/messaging/templates/french-punctuation.test.ts.
  const BREAKABLE = / [:;!?»%]|« /;

  for (const [folder, languages] of namespaces) {
    it(`${folder}/fr keeps the space before a colon, semicolon, ! ? % and inside « » unbreakable`, () => {
      const breakable = [...languages.get('fr')!].filter(([, text]) => BREAKABLE.test(text));
      expect(breakable.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    });
  }
});

describe('the swap screen’s word', () => {
  // The menu and the page title name the swap screen; its form, confirmation, progress and history
  // said another word in Portuguese and Spanish (Conversão over “Nova troca”), as if two features.
  const texts = (folder: string, language: string) => namespaces.get(folder)!.get(language)!;
  const KEYS = [
    'form.heading',
    'form.review',
    'confirm.title',
    'confirm.confirm',
    'progress.another',
    'history.heading',
  ];

  for (const language of LANGUAGE_FILES) {
    it(`is the menu's word on the swap screen in ${language}`, () => {
      const name = texts('../features/shell/locales', language).get('nav.swap')!;
      const stem = name.toLowerCase().slice(0, 6);
      const swap = texts('../features/swap/locales', language);
      expect(swap.get('title')).toBe(name);
      for (const key of KEYS) expect(swap.get(key)!.toLowerCase(), `${language}: ${key}`).toContain(stem);
    });
  }
});

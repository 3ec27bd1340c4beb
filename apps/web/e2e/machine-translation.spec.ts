// Machine translation on the device (SPEC §1, ADR 0038), against a fake of Chrome's built-in
// Translator installed before the app loads. The fake behaves as the documented API does:
// availability() per language pair ('unavailable', 'downloadable', 'downloading', 'available'),
// create() that needs a user activation to download and reports 'downloadprogress' to its monitor,
// and translate(). It keeps the models it "downloaded" across reloads, as the browser does.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

interface FakeOptions {
  /** Availability per target language before any download. */
  readonly states: Record<string, 'unavailable' | 'downloadable' | 'downloading' | 'available'>;
  /** translate() rejects every text. */
  readonly failing?: boolean;
}

async function installTranslator(page: Page, options: FakeOptions) {
  await page.addInitScript((config: FakeOptions) => {
    const counts = { created: 0, translated: 0 };
    (window as unknown as { mtCounts: typeof counts }).mtCounts = counts;
    const downloaded = () => JSON.parse(localStorage.getItem('fake.downloaded') ?? '[]') as string[];
    const dictionary: Record<string, string> = { 'Log in to ⟦0⟧': 'Bei ⟦0⟧ anmelden', Email: 'E-Mail' };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    class FakeTranslator {
      constructor(private readonly target: string) {}
      static availability(pair: { sourceLanguage: string; targetLanguage: string }) {
        if (pair.sourceLanguage !== 'en') return Promise.resolve('unavailable');
        if (downloaded().includes(pair.targetLanguage)) return Promise.resolve('available');
        return Promise.resolve(config.states[pair.targetLanguage] ?? 'unavailable');
      }
      static async create(options: {
        sourceLanguage: string;
        targetLanguage: string;
        monitor?: (monitor: EventTarget) => void;
      }) {
        const state = await FakeTranslator.availability(options);
        if (state === 'unavailable') throw new DOMException('Unsupported language pair', 'NotSupportedError');
        const monitor = new EventTarget();
        options.monitor?.(monitor);
        if (state !== 'available') {
          if (!navigator.userActivation.isActive) throw new DOMException('Requires a user gesture', 'NotAllowedError');
          for (const loaded of [0, 0.5, 1]) {
            await pause(1_000);
            monitor.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded, total: 1 }));
          }
          localStorage.setItem('fake.downloaded', JSON.stringify([...downloaded(), options.targetLanguage]));
        }
        counts.created += 1;
        return new FakeTranslator(options.targetLanguage);
      }
      translate(text: string) {
        counts.translated += 1;
        if (config.failing) return Promise.reject(new DOMException('The model crashed', 'OperationError'));
        return Promise.resolve(
          this.target === 'de' ? (dictionary[text] ?? `[de] ${text}`) : `[${this.target}] ${text}`,
        );
      }
      destroy() {}
    }
    Object.defineProperty(window, 'Translator', { value: FakeTranslator, configurable: true });
  }, options);
}

const machineSelector = (page: Page) => page.getByRole('button', { name: /Machine translation/ });
const counts = (page: Page) =>
  page.evaluate(() => (window as unknown as { mtCounts: { created: number; translated: number } }).mtCounts);

test('without a Translator in the browser there is no machine-translation selector', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Log in to Rora' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Language/ })).toBeVisible();
  await expect(machineSelector(page)).toHaveCount(0);
});

test('a Translator that offers no language shows no selector either', async ({ page, context }) => {
  await installTranslator(page, { states: {} });
  await page.goto('/auth/login');
  // The login is painted from HTML first (ADR 0055); the app has started once it keeps the language
  // in a cookie, and only the app asks the Translator.
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'lang')).toBe(true);
  await expect(page.getByRole('heading', { name: 'Log in to Rora' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Language/ })).toBeVisible();
  await expect(machineSelector(page)).toHaveCount(0);
});

test('German, translated on the device, keeps names and numbers, and comes from the cache next time', async ({
  page,
}) => {
  await installTranslator(page, { states: { de: 'available', ja: 'downloadable' } });
  await page.goto('/auth/login');
  await machineSelector(page).click();
  await expect(page.getByRole('option', { name: 'Deutsch (machine translation)' })).toBeVisible();
  await expect(page.getByRole('option', { name: '日本語 (machine translation)' })).toBeVisible();
  await expect(page.getByRole('option', { name: /Italiano/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'Deutsch (machine translation)' }).click();

  await expect(page.getByRole('heading', { name: 'Bei Rora anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('E-Mail', { exact: true })).toBeVisible();
  // Always labelled as machine translation, and the four human languages are still offered.
  await expect(machineSelector(page)).toHaveAccessibleName(/Deutsch \(machine translation\)/);
  expect(await page.evaluate(() => [localStorage.getItem('mtLang'), localStorage.getItem('lang')])).toEqual([
    'de',
    'en',
  ]);
  expect((await counts(page)).translated).toBeGreaterThan(10);

  // A placeholder's number is the app's, untouched: "Step 1 of 4" around the translated words.
  await page.goto('/auth/register');
  await expect(page.getByText('[de] Step 1 of 4')).toBeVisible();

  await page.reload();
  await expect(page.getByText('[de] Step 1 of 4')).toBeVisible();
  expect(await counts(page)).toEqual({ created: 1, translated: 0 });

  // Back to a human translation: the machine choice is dropped.
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(page.getByText('Étape 1 sur 4')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('mtLang'))).toBeNull();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(machineSelector(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Traduction automatique/ })).toHaveAccessibleName(
    /Traduction automatique\s: désactivée/,
  );
});

test('a language whose model must be downloaded shows the progress, then the page in it', async ({ page }) => {
  await installTranslator(page, { states: { ja: 'downloadable' } });
  await page.goto('/auth/login');
  await machineSelector(page).click();
  await page.getByRole('option', { name: '日本語 (machine translation)' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Downloading the 日本語 translation model: 50 %' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: '[ja] Log in to Rora' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  // Turned off, the page is English again.
  await machineSelector(page).click();
  // Exact: the Japanese heading "[ja] Log in to Rora" holds the English one, and the page reloads
  // half a second after the choice; only the reloaded page has the English heading alone.
  await page.getByRole('option', { name: /Machine translation: off/ }).click();
  await expect(page.getByRole('heading', { name: 'Log in to Rora', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('mtLang'))).toBeNull();
});

test('a translator that fails leaves clean English, never keys', async ({ page }) => {
  await installTranslator(page, { states: { de: 'available' }, failing: true });
  await page.goto('/auth/login');
  await page.evaluate(() => localStorage.setItem('mtLang', 'de'));
  await page.reload();
  // The login is painted from HTML before the app starts (ADR 0055), and the app asks the translator
  // before it draws: wait for what only the drawn app shows, German still chosen.
  await expect(machineSelector(page)).toHaveAccessibleName(/Deutsch/);
  expect((await counts(page)).translated).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Log in to Rora', exact: true })).toBeVisible();
  await expect(page.getByText(/titles\.|auth\.|language\./)).toHaveCount(0);
});

test('a language the browser can no longer translate falls back to English and is forgotten', async ({ page }) => {
  await installTranslator(page, { states: { de: 'downloadable' } });
  await page.goto('/auth/login');
  // Chosen earlier, but the model is gone: without the customer's click it cannot be downloaded.
  await page.evaluate(() => localStorage.setItem('mtLang', 'de'));
  await page.reload();
  // The selector exists only once the app has started; the HTML painted before it is English anyway.
  await expect(machineSelector(page)).toHaveAccessibleName(/Machine translation: off/);
  await expect(page.getByRole('heading', { name: 'Log in to Rora', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('mtLang'))).toBeNull();
});

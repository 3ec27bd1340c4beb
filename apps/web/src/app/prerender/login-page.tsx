// The login screen as HTML, one per language, made at build time (build/prerender-login.ts) with the
// app's own components on its own runtime (preact), so a first visit paints the form from HTML and
// CSS before any JavaScript has run (issue 19: LCP ≤ 2.0 s on a slow phone; ADR 0055). The app then
// renders the same tree into the same nodes. Nothing here is used by the app in the browser.
import { renderToString } from 'preact-render-to-string';
import type { LoginPageTheme } from '@rora/contracts';
import i18next, { type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GuestOnly } from '../guards/Guards.tsx';
import { Component as AuthLayout } from '../layouts/AuthLayout.tsx';
import { RootLayout } from '../layouts/RootLayout.tsx';
import { Component as Login } from '../routes/login.tsx';
import { ERRORS_NAMESPACE } from '../../lib/i18n/i18n.ts';
import { LANGUAGE_TAGS, type LanguageCode } from '../../lib/i18n/languages.ts';
import { assumeTheme } from '../../lib/theme/theme.ts';

type Bundle = { default: Record<string, unknown> };

// The namespaces the login's tree reads: the app's common texts and errors, the shell's, auth's.
const bundles: Record<string, Record<string, Bundle>> = {
  common: import.meta.glob<Bundle>('../../lib/i18n/locales/*.json', { eager: true }),
  [ERRORS_NAMESPACE]: import.meta.glob<Bundle>('../../lib/api/locales/*.json', { eager: true }),
  shell: import.meta.glob<Bundle>('../../features/shell/locales/*.json', { eager: true }),
  auth: import.meta.glob<Bundle>('../../features/auth/locales/*.json', { eager: true }),
};

function resources(language: LanguageCode): Resource {
  const namespaces = Object.entries(bundles).map(([namespace, files]) => {
    const file = Object.entries(files).find(([name]) => name.endsWith(`/${language}.json`));
    if (!file) throw new Error(`No ${language} translations for ${namespace}`);
    return [namespace, file[1].default] as const;
  });
  return { [LANGUAGE_TAGS[language]]: Object.fromEntries(namespaces) };
}

/** The browser the app would read its language from: the one being rendered. */
function pretendBrowser(language: LanguageCode): void {
  const tag = LANGUAGE_TAGS[language];
  Object.defineProperty(globalThis, 'navigator', {
    value: { language: tag, languages: [tag] },
    configurable: true,
    writable: true,
  });
}

export interface LoginPage {
  /** What the app renders into #root for /auth/login when signed out. */
  readonly markup: string;
  /** The document title the app sets for it (RootLayout). */
  readonly title: string;
}

/**
 * The login page in `language`. With a `theme` (the page is sent to a visitor whose theme cookie
 * names it), the theme switch is drawn in that state; without one (the CSS follows the system's),
 * it is drawn as the app's default, dark.
 */
export async function renderLoginPage(language: LanguageCode, theme: LoginPageTheme): Promise<LoginPage> {
  pretendBrowser(language);
  assumeTheme(theme === 'light' ? 'light_theme' : 'dark_theme');
  const tag = LANGUAGE_TAGS[language];
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: tag,
    fallbackLng: false,
    resources: resources(language),
    ns: Object.keys(bundles),
    defaultNS: 'common',
    fallbackNS: ERRORS_NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          {
            path: 'auth',
            Component: AuthLayout,
            children: [{ Component: GuestOnly, children: [{ path: 'login', Component: Login }] }],
          },
        ],
      },
    ],
    { initialEntries: ['/auth/login'] },
  );
  const markup = renderToString(
    <I18nextProvider i18n={instance}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { markup, title: `${instance.t('titles.login')} · ${instance.t('appName')}` };
}

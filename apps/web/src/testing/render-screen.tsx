// Renders one route's screen as the app does (ADR 0051): the app's i18n with the route's namespaces
// loaded by the same loader, the app's query cache, a memory router at the route's path, the theme
// on <html>, toasts, and the API faked at fetch (fake-api.ts). The session's WebSocket is not opened
// (the signed-in layout opens it), so screens show what the API answered, without live updates.
import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { registerFeatureLocales } from '../app/locales.ts';
import { Toasts } from '../components/toasts/Toasts.tsx';
import type { ThemeName } from '../lib/constants.ts';
import { i18n, initI18n, loadNamespaces } from '../lib/i18n/i18n.ts';
import { LANGUAGE_TAGS, type LanguageCode } from '../lib/i18n/languages.ts';
import { STORAGE_KEYS, writeStorage } from '../lib/storage.ts';
import { queryClient } from '../lib/query-client.ts';
import { expireSession, signIn } from '../lib/session/session-store.ts';
import { setTheme } from '../lib/theme/theme.ts';
import { dismissToast, getToasts } from '../lib/toast/toast-store.ts';
import { FakeApi } from './fake-api.ts';
import { fillJsdomGaps } from './jsdom-gaps.ts';

export interface ScreenOptions {
  /** The route's path pattern, as in app/router.tsx. */
  readonly path: string;
  /** Where the screen opens; the path when absent. */
  readonly url?: string;
  readonly Component: ComponentType;
  /** The namespaces the route loads with its code (app/router.tsx). */
  readonly namespaces: readonly string[];
  readonly theme?: ThemeName;
  /** The customer's language (English when absent), chosen as the language menu stores it. */
  readonly language?: LanguageCode;
}

/** Where a navigation away from the screen landed. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <p data-testid="elsewhere">{pathname}</p>;
}

export async function renderScreen(options: ScreenOptions) {
  fillJsdomGaps();
  registerFeatureLocales();
  const language = options.language ?? 'en';
  writeStorage(STORAGE_KEYS.language, language);
  await initI18n();
  if (i18n.language !== LANGUAGE_TAGS[language]) await i18n.changeLanguage(LANGUAGE_TAGS[language]);
  await loadNamespaces(options.namespaces);
  setTheme(options.theme ?? 'dark_theme');
  const router = createMemoryRouter(
    [
      { path: options.path, Component: options.Component },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [options.url ?? options.path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/** The app's translation of a key (`namespace:key`), for asserting text whose key may move. */
export function text(key: string, values?: Record<string, unknown>): string {
  return i18n.t(key, values);
}

export const TEST_TOKEN = 'test-session-token';

/** A signed-in customer, as the login screen leaves the session. */
export function signInAs(user: { id: string; email: string; [field: string]: unknown }): void {
  signIn({ user, token: TEST_TOKEN });
}

/** A fresh fake API for each test of the file; a request no test answered fails the test. */
export function installFakeApi(): FakeApi {
  const holder = { api: new FakeApi() };
  beforeEach(() => {
    holder.api = new FakeApi();
    vi.stubGlobal('fetch', holder.api.fetch);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    expireSession();
    for (const toast of getToasts()) dismissToast(toast.id);
    vi.unstubAllGlobals();
    expect(holder.api.unanswered, 'requests the test did not answer').toEqual([]);
    expect(holder.api.invalid, 'answers the contract refuses').toEqual([]);
  });
  return new Proxy({} as FakeApi, {
    get: (_target, name) => {
      const value = Reflect.get(holder.api, name) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(holder.api) : value;
    },
  });
}

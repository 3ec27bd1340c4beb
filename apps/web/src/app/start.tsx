// Boots the app: the router starts at once, so the first screen's code downloads while the chosen
// language's translations load; the first render waits for both (so the first paint is in it). The
// login page arrives with its markup already in #root (ADR 0055): rendering only once the route's
// code is in means the app's first render is that same screen, drawn in the same task that removes
// the HTML's (no blank moment), and what the visitor typed there meanwhile is carried over.
// A 401 from any call with a token forgets the session, remembers the path and goes to /.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api/client.ts';
import { startCountryCheck } from '../features/country-check/index.ts';
import { activeMachineLanguage, initI18n } from '../lib/i18n/i18n.ts';
import { storedLanguage } from '../lib/i18n/languages.ts';
import { mirrorPreference } from '../lib/preferences/preference-cookies.ts';
import { carryTypedInput } from './prerender/typed-input.ts';
import { rememberPath } from '../lib/navigation/last-visited.ts';
import { expireSession, getSession } from '../lib/session/session-store.ts';
import { registerFeatureLocales } from './locales.ts';
import { createRouter } from './router.tsx';

function reportPreloadErrors(): void {
  // Vite dispatches this when a chunk's JavaScript or stylesheet fails to preload; the import then
  // rejects and the route's error element offers a retry. Logged so the failure is on record.
  window.addEventListener('vite:preloadError', (event) => {
    console.error('Chunk preload failed', (event as Event & { payload?: unknown }).payload);
  });
}

/** Resolves once the router has matched the first URL and loaded its routes' code. */
function routerReady(router: ReturnType<typeof createRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export async function startApp(container: HTMLElement): Promise<void> {
  reportPreloadErrors();
  startCountryCheck();
  registerFeatureLocales();
  const translations = initI18n();
  const router = createRouter();
  setUnauthorizedHandler((refusedToken) => {
    // Several calls may fail together; only the first one for the current session acts.
    if (getSession().token !== refusedToken) return;
    rememberPath(window.location.pathname + window.location.search);
    expireSession();
    void router.navigate('/', { replace: true });
  });
  await Promise.all([translations, routerReady(router)]);
  mirrorPreference('language', activeMachineLanguage() ? 'en' : storedLanguage());
  const giveBackTyped = carryTypedInput(container);
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  giveBackTyped();
}

// Boots the app: the router starts at once, so the first screen's code downloads while the chosen
// language's translations load; the first render waits for both (so the first paint is in it).
// A 401 from any call with a token forgets the session, remembers the path and goes to /.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api/client.ts';
import { startCountryCheck } from '../features/country-check/index.ts';
import { initI18n } from '../lib/i18n/i18n.ts';
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
  await translations;
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

// The frame around every screen: the document title of the deepest route, the last-visited memory,
// the navigation progress bar, toasts and the country check that runs on load.
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Toasts } from '../../components/toasts/Toasts.tsx';
import { CountryCheck } from '../../features/country-check/index.ts';
import { getSession } from '../../lib/session/session-store.ts';
import { rememberPath } from '../../lib/navigation/last-visited.ts';
import { titleOf } from '../route-handle.ts';
import './root-layout.css';

function useDocumentTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation();
  const key = matches.map((match) => titleOf(match.handle)).findLast((title) => title !== undefined);
  useEffect(() => {
    document.title = key ? `${t(key)} · ${t('appName')}` : t('appName');
  }, [key, t]);
}

function useRememberLastVisited(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (getSession().authenticated) rememberPath(pathname + search);
  }, [pathname, search]);
}

export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  useRememberLastVisited();
  return (
    <>
      <div className={navigation.state === 'idle' ? 'nav-progress' : 'nav-progress is-active'} aria-hidden="true" />
      <Outlet />
      <Toasts />
      <CountryCheck />
    </>
  );
}

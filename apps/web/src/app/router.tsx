// Every route of spec §2 with its access rule, redirects, default children and title. Redirects are
// loaders, so they run on every navigation (an element would not re-run while mounted). Screens load
// lazily with their translations; each lazy route has an error element, so a failed download shows
// a retry inside the frame instead of a blank page.
//
// The signed-in routes are added to the tree only once the visitor is signed in
// (patchRoutesOnNavigation): React Router starts every matched route's download together with the
// loaders, so a guard inside the tree would still fetch the dashboard's code before redirecting. A
// signed-out visit to a signed-in path matches only the catch-all, which remembers the path and
// sends the visitor to the login screen. RequireAuth still guards the tree after a sign-out.
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { DEFAULT_SIGNED_IN_PATH, rememberPath } from '../lib/navigation/last-visited.ts';
import { getSession } from '../lib/session/session-store.ts';
import { LOGIN_PATH } from './guards/access.ts';
import { GuestOnly, RequireAuth } from './guards/Guards.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { lazyRoute } from './lazy-route.tsx';
import { RouteError } from './RouteError.tsx';
import type { RouteHandle } from './route-handle.ts';

const title = (key: string): RouteHandle => ({ title: `titles.${key}` });
const errorElement = <RouteError />;

function screen(path: string | undefined, key: string, lazy: () => Promise<{ Component: ComponentType }>): RouteObject {
  return path === undefined
    ? { index: true, handle: title(key), lazy, errorElement }
    : { path, handle: title(key), lazy, errorElement };
}

const authRoutes: RouteObject = {
  path: 'auth',
  lazy: lazyRoute(() => import('./layouts/AuthLayout.tsx'), ['shell']),
  errorElement,
  children: [
    { index: true, loader: () => redirect('/auth/login') },
    {
      element: <GuestOnly />,
      children: [
        screen(
          'login',
          'login',
          lazyRoute(() => import('./routes/login.tsx'), ['auth']),
        ),
      ],
    },
    screen(
      'register',
      'register',
      lazyRoute(() => import('./routes/register.tsx'), ['auth']),
    ),
    screen(
      'forgot-password',
      'forgotPassword',
      lazyRoute(() => import('./routes/forgot-password.tsx'), ['auth']),
    ),
  ],
};

const financeRoutes: RouteObject = {
  path: 'finance',
  lazy: lazyRoute(() => import('./layouts/FinanceLayout.tsx')),
  errorElement,
  handle: title('finance'),
  children: [
    screen(
      undefined,
      'lending',
      lazyRoute(() => import('./routes/finance-lending.tsx'), ['lending']),
    ),
    screen(
      'stake',
      'staking',
      lazyRoute(() => import('./routes/finance-staking.tsx'), ['staking']),
    ),
  ],
};

const accountRoutes: RouteObject = {
  path: 'account',
  lazy: lazyRoute(() => import('./layouts/AccountLayout.tsx'), ['account']),
  errorElement,
  children: [
    screen(
      undefined,
      'accountSettings',
      lazyRoute(() => import('./routes/account-settings.tsx'), ['account']),
    ),
    screen(
      'security',
      'accountSecurity',
      lazyRoute(() => import('./routes/account-security.tsx'), ['account']),
    ),
    screen(
      'notifications',
      'notificationSettings',
      lazyRoute(() => import('./routes/account-notifications.tsx'), ['account']),
    ),
    screen(
      'audit',
      'audit',
      lazyRoute(() => import('./routes/account-audit.tsx'), ['audit']),
    ),
  ],
};

const signedInRoutes: RouteObject = {
  element: <RequireAuth />,
  children: [
    {
      lazy: lazyRoute(() => import('./layouts/DashboardLayout.tsx'), ['shell', 'notifications']),
      errorElement,
      children: [
        screen(
          'account/kyc',
          'kyc',
          lazyRoute(() => import('./routes/kyc.tsx'), ['kyc']),
        ),
        {
          path: 'dashboard',
          children: [
            { index: true, loader: () => redirect('/dashboard/wallets') },
            screen(
              'wallets',
              'wallets',
              lazyRoute(() => import('./routes/wallets.tsx'), ['wallets']),
            ),
            screen(
              'swap',
              'swap',
              lazyRoute(() => import('./routes/swap.tsx'), ['swap', 'onramp']),
            ),
            {
              ...screen(
                'exchange',
                'exchange',
                lazyRoute(() => import('./routes/exchange.tsx'), ['exchange']),
              ),
              handle: { ...title('exchange'), wide: true },
            },
            financeRoutes,
            screen(
              'nft',
              'nft',
              lazyRoute(() => import('./routes/nft.tsx'), ['nft']),
            ),
            screen(
              'cold-wallet',
              'coldWallet',
              lazyRoute(() => import('./routes/cold-wallet.tsx'), ['coldWallet', 'wallets']),
            ),
            accountRoutes,
          ],
        },
      ],
    },
  ],
};

/** A path no known route matches: a signed-in path seen signed out, or a path that does not exist. */
function catchAll({ request }: LoaderFunctionArgs): Response {
  if (getSession().authenticated) return redirect(DEFAULT_SIGNED_IN_PATH);
  const url = new URL(request.url);
  // Coming back after signing in lands where the visitor was heading.
  rememberPath(url.pathname + url.search);
  return redirect(LOGIN_PATH);
}

const ROOT_ID = 'root';

export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    element: <RootLayout />,
    errorElement,
    children: [{ index: true, loader: () => redirect(LOGIN_PATH) }, authRoutes, { path: '*', loader: catchAll }],
  },
];

export function createRouter() {
  let signedInRoutesAdded = false;
  return createBrowserRouter(routes, {
    // Called for paths that match only the catch-all: the signed-in tree joins once there is a session.
    patchRoutesOnNavigation: ({ patch }) => {
      if (signedInRoutesAdded || !getSession().authenticated) return;
      signedInRoutesAdded = true;
      patch(ROOT_ID, [signedInRoutes]);
    },
  });
}

// Every route of spec §2 with its access rule, redirects, default children and title. Redirects are
// loaders, so they run on every navigation (an element would not re-run while mounted). Screens load
// lazily with their translations; each lazy route has an error element, so a failed download shows
// a retry inside the frame instead of a blank page.
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
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

const preview = ['previews'];

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
      lazyRoute(() => import('./routes/finance-lending.tsx'), preview),
    ),
    screen(
      'stake',
      'staking',
      lazyRoute(() => import('./routes/finance-staking.tsx'), preview),
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
      lazyRoute(() => import('./routes/account-settings.tsx'), preview),
    ),
    screen(
      'security',
      'accountSecurity',
      lazyRoute(() => import('./routes/account-security.tsx'), preview),
    ),
    screen(
      'notifications',
      'notificationSettings',
      lazyRoute(() => import('./routes/account-notifications.tsx'), preview),
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement,
    children: [
      { index: true, loader: () => redirect('/auth/login') },
      authRoutes,
      signedInRoutes,
      { path: '*', loader: () => redirect('/dashboard/wallets') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

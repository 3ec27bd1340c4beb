// The signed-in frame: the query cache, the shell with the notification bell, the session's one
// WebSocket feeding the cache (lib/ws; a KYC decision updates the stored session too), and logout
// (flag cleared at once, call made, then /auth/login).
import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLanguageSync } from '../../features/account/language-sync.ts';
import { signOutEverywhere } from '../../features/auth/index.ts';
import { NotificationBell, notificationWriter } from '../../features/notifications/index.ts';
import { AppShell } from '../../features/shell/index.ts';
import { accountWriter } from '../../lib/api/resources/user-events.ts';
import { queryClient } from '../../lib/query-client.ts';
import { getSession } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useRealtimeSession } from '../../lib/ws/use-realtime.ts';
import { isWide } from '../route-handle.ts';

const writers = [notificationWriter, accountWriter];

/** The session's one socket: every screen's live updates come through it (issue 19). */
function Realtime() {
  useRealtimeSession(useSession().token, writers);
  return null;
}

/** The profile's language follows the app's, so e-mails come in it (features/account/language-sync.ts). */
function LanguageSync() {
  useLanguageSync();
  return null;
}

export function Component() {
  const navigate = useNavigate();
  const { user } = useSession();
  const wide = useMatches().some((match) => isWide(match.handle));

  // Leaving the signed-in area signed out: nothing of this customer stays in the cache.
  useEffect(
    () => () => {
      if (!getSession().authenticated) queryClient.clear();
    },
    [],
  );

  const logout = () => {
    signOutEverywhere();
    void navigate('/auth/login', { replace: true });
  };

  return (
    <QueryClientProvider client={queryClient}>
      <Realtime />
      <LanguageSync />
      <AppShell
        email={user?.email ?? ''}
        onLogout={logout}
        wide={wide}
        renderBell={(placement) => <NotificationBell placement={placement} />}
      >
        <Outlet />
      </AppShell>
    </QueryClientProvider>
  );
}

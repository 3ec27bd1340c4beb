// Route guards: RequireAuth wraps every signed-in route, GuestOnly the login screen.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session/use-session.ts';
import { lastVisitedPath, rememberPath } from '../../lib/navigation/last-visited.ts';
import { decideAccess } from './access.ts';

export function RequireAuth() {
  const { authenticated } = useSession();
  const location = useLocation();
  const decision = decideAccess({ access: 'signed-in', authenticated, signedInHome: lastVisitedPath() });
  if (!decision.allow) {
    // Coming back after signing in lands where the visitor was heading.
    rememberPath(location.pathname + location.search);
    return <Navigate to={decision.redirectTo} replace />;
  }
  return <Outlet />;
}

export function GuestOnly() {
  const { authenticated } = useSession();
  const decision = decideAccess({ access: 'guest', authenticated, signedInHome: lastVisitedPath() });
  return decision.allow ? <Outlet /> : <Navigate to={decision.redirectTo} replace />;
}

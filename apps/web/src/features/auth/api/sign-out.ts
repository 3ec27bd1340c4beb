// Logout (spec §4): the authenticated flag drops at once, the server session is revoked with the
// token that is still held, and user and token are cleared a second later. The caller navigates to
// /auth/login straight away; a failed revoke is logged, the local sign-out stands.
import { signOut } from '../../../lib/session/session-store.ts';
import { logout } from './auth-api.ts';

export function signOutEverywhere(): void {
  const call = logout();
  signOut();
  call.catch((error: unknown) => console.error('Logout call failed', error));
}

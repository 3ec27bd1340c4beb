// Who may see a route (spec §2, §6) as one pure decision: signed-in routes send visitors to the
// login screen, the login screen sends signed-in customers on to where they were.
export type RouteAccess = 'public' | 'guest' | 'signed-in';

export const LOGIN_PATH = '/auth/login';

export type AccessDecision = { readonly allow: true } | { readonly allow: false; readonly redirectTo: string };

export function decideAccess(options: {
  readonly access: RouteAccess;
  readonly authenticated: boolean;
  /** Where a signed-in customer continues (lastVisited or the wallets). */
  readonly signedInHome: string;
}): AccessDecision {
  const { access, authenticated } = options;
  if (access === 'signed-in' && !authenticated) return { allow: false, redirectTo: LOGIN_PATH };
  if (access === 'guest' && authenticated) return { allow: false, redirectTo: options.signedInHome };
  return { allow: true };
}

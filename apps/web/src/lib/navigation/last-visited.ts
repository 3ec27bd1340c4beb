// The last signed-in route a customer saw (spec §3 lastVisited). A 401 or a sign-in guard stores it;
// login sends the customer back there instead of to the default screen.
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage.ts';

export const DEFAULT_SIGNED_IN_PATH = '/dashboard/wallets';

/** Only in-app paths that need sign-in are worth returning to; never an auth screen or another site. */
export function isReturnablePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  return path.startsWith('/dashboard') || path.startsWith('/account');
}

export function rememberPath(path: string): void {
  if (isReturnablePath(path)) writeStorage(STORAGE_KEYS.lastVisited, path);
}

export function lastVisitedPath(): string {
  const stored = readStorage(STORAGE_KEYS.lastVisited);
  return stored !== null && isReturnablePath(stored) ? stored : DEFAULT_SIGNED_IN_PATH;
}

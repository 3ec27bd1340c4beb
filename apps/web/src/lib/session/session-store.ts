// The auth state of spec §3/§4: user, token and the authenticated flag, persisted in local storage
// so a reload keeps the customer signed in. A tiny external store read with useSyncExternalStore.
import { STORAGE_KEYS, readJson, writeStorage } from '../storage.ts';
import { LOGOUT_CLEAR_DELAY_MS } from '../constants.ts';

/** The profile the API returns; the app reads only the fields it knows and keeps the rest. */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly [field: string]: unknown;
}

export interface SessionState {
  readonly user: SessionUser | null;
  readonly token: string | null;
  readonly authenticated: boolean;
}

const signedOut: SessionState = { user: null, token: null, authenticated: false };
const listeners = new Set<() => void>();
let state: SessionState = signedOut;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

function isSessionState(value: unknown): value is SessionState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.authenticated === 'boolean' && (v.token === null || typeof v.token === 'string');
}

function setState(next: SessionState): void {
  state = next;
  writeStorage(STORAGE_KEYS.auth, JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** Reads the persisted state once at start. */
export function loadSession(): void {
  state = readJson(STORAGE_KEYS.auth, isSessionState) ?? signedOut;
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Accepts the API's user (`id` or the spec's `_id`) and keeps every field it sent. */
export function toSessionUser(raw: unknown): SessionUser {
  const fields = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const id = fields.id ?? fields._id;
  return { ...fields, id: typeof id === 'string' ? id : String(id ?? ''), email: String(fields.email ?? '') };
}

export function signIn(session: { user: unknown; token: string }): void {
  clearTimeout(clearTimer);
  setState({ user: toSessionUser(session.user), token: session.token, authenticated: true });
}

export function updateUser(user: unknown): void {
  if (state.user === null) return;
  setState({ ...state, user: toSessionUser(user) });
}

/**
 * Logout (spec §4): the authenticated flag drops at once so guards react immediately; user and token
 * are cleared a second later, after the logout call has had the token it needs.
 */
export function signOut(): void {
  setState({ ...state, authenticated: false });
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => setState(signedOut), LOGOUT_CLEAR_DELAY_MS);
}

/** A session the server no longer accepts (401): nothing of it is worth keeping. */
export function expireSession(): void {
  clearTimeout(clearTimer);
  setState(signedOut);
}

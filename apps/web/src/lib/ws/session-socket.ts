// The session's one WebSocket, as a tiny store: opened for a token, replaced when the token changes,
// closed at sign-out. Screens reach it through use-realtime.ts.
import { createRealtimeSocket, type RealtimeSocket } from './socket.ts';

let current: { token: string; socket: RealtimeSocket } | null = null;
const watchers = new Set<() => void>();

const loadParser = () => import('./parse-event.ts').then((module) => module.parseEvent);

function notify(): void {
  for (const watcher of [...watchers]) watcher();
}

/** Opens the socket for the token (or keeps the one already open for it); null closes it. */
export function setSocketToken(token: string | null): void {
  if (current?.token === token) return;
  current?.socket.close();
  current = token ? { token, socket: createRealtimeSocket({ token, loadParser }) } : null;
  notify();
}

export function sessionSocket(): RealtimeSocket | null {
  return current?.socket ?? null;
}

export function watchSessionSocket(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

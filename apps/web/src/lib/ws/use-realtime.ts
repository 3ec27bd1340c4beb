// The hooks screens use to reach the session's one WebSocket (session-socket.ts): the signed-in
// layout opens it and connects the dispatcher; a screen holds a public topic while it shows it and
// may listen to the events it needs beyond the cache.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@rora/contracts';
import { connectDispatcher, type CacheWriter } from './dispatch.ts';
import { sessionSocket, setSocketToken, watchSessionSocket } from './session-socket.ts';
import type { RealtimeSocket } from './socket.ts';

export function useSessionSocket(): RealtimeSocket | null {
  return useSyncExternalStore(watchSessionSocket, sessionSocket, sessionSocket);
}

/** Opens the session's socket for the token, feeds the cache from it, and closes it when done. */
export function useRealtimeSession(token: string | null, writers: readonly CacheWriter[]): void {
  const client = useQueryClient();
  const writersRef = useRef(writers);
  writersRef.current = writers;
  useEffect(() => {
    setSocketToken(token);
    const socket = sessionSocket();
    const stop = socket
      ? connectDispatcher(socket, client, [(c, event) => writersRef.current.forEach((write) => write(c, event))])
      : undefined;
    return () => {
      stop?.();
      setSocketToken(null);
    };
  }, [client, token]);
}

/** Calls the listener with every event of the session's socket (the newest listener, no re-subscribing). */
export function useRealtimeEvents(listener: (event: RealtimeEvent, socket: RealtimeSocket) => void): void {
  const socket = useSessionSocket();
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  useEffect(() => {
    if (!socket) return undefined;
    return socket.listen((event) => listenerRef.current(event, socket));
  }, [socket]);
}

/** Holds a public topic (a market) while mounted; null holds none. */
export function useRealtimeTopic(topic: string | null): void {
  const socket = useSessionSocket();
  useEffect(() => {
    if (!socket || !topic) return undefined;
    return socket.subscribe(topic);
  }, [socket, topic]);
}

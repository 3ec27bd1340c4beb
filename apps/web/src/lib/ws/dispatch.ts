// The one dispatcher from the session's WebSocket into the query cache (issue 19). Each of the
// customer's events invalidates the resources its change touched (resources/changes.ts), the same
// sets the screens' own mutations invalidate; writers given by the app (the notification bell, the
// exchange's market) fold events into their cached data. Every (re)open reads the live resources
// again, since events sent while the socket was down or connecting were not seen.
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeChannel, RealtimeEvent } from '@rora/contracts';
import { changes, invalidateAfter, type Change } from '../api/resources/changes.ts';
import type { RealtimeSocket } from './socket.ts';

export type CacheWriter = (client: QueryClient, event: RealtimeEvent) => void;

/** The change each channel of the customer's topic reports (markets and system report none). */
export const channelChanges: Partial<Record<RealtimeChannel, Change>> = {
  orders: 'order',
  // A deposit or a send also changes what can move to cold storage: the cold holdings too.
  wallets: 'coldMove',
  swaps: 'swap',
  staking: 'stake',
  loans: 'loan',
  alerts: 'alert',
  onramp: 'onramp',
};

export function dispatchEvent(client: QueryClient, event: RealtimeEvent, writers: readonly CacheWriter[]): void {
  const change = channelChanges[event.channel];
  if (change) void invalidateAfter(client, change);
  for (const writer of writers) writer(client, event);
}

/** Every resource some channel changes, read again after a (re)connection. */
function refreshLive(client: QueryClient): void {
  const seen = new Set<string>();
  for (const change of Object.values(channelChanges)) {
    for (const queryKey of changes[change]) {
      const id = JSON.stringify(queryKey);
      if (seen.has(id)) continue;
      seen.add(id);
      void client.invalidateQueries({ queryKey });
    }
  }
}

export function connectDispatcher(socket: RealtimeSocket, client: QueryClient, writers: readonly CacheWriter[]) {
  const stopEvents = socket.listen((event) => dispatchEvent(client, event, writers));
  const stopOpens = socket.onOpen(() => refreshLive(client));
  return () => {
    stopEvents();
    stopOpens();
  };
}

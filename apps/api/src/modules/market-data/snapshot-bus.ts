// An EventBus that greets a new subscriber of a public market topic with a snapshot before any
// delta (DESIGN §5: snapshot, then deltas with sequence numbers). The snapshot is handed to that one
// listener synchronously inside subscribe(), so no delta published afterwards can overtake it; the
// sequence in it tells the client which deltas follow. Other topics pass through untouched.
import type { EventBus, RealtimeEvent } from '../realtime/event-bus.ts';

export type SnapshotProvider = (topic: string) => RealtimeEvent | null;

export interface SnapshotBus extends EventBus {
  /** Topics matching `pattern` get `provider(topic)` as their first message. */
  provideSnapshots(pattern: RegExp, provider: SnapshotProvider): void;
}

export function createSnapshotBus(inner: EventBus): SnapshotBus {
  const providers: Array<{ pattern: RegExp; provider: SnapshotProvider }> = [];
  return {
    publish: (topic, event) => inner.publish(topic, event),
    close: () => inner.close(),
    subscribe(topic, listener) {
      const unsubscribe = inner.subscribe(topic, listener);
      const entry = providers.find(({ pattern }) => pattern.test(topic));
      if (entry) {
        try {
          const snapshot = entry.provider(topic);
          if (snapshot) listener(snapshot);
        } catch {
          // A failed snapshot leaves the subscription in place; the client can ask again.
        }
      }
      return unsubscribe;
    },
    provideSnapshots(pattern, provider) {
      providers.push({ pattern, provider });
    },
  };
}

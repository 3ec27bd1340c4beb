// An EventBus that greets a new subscriber of a public market topic with a snapshot before any
// delta (DESIGN §5: snapshot, then deltas with sequence numbers). A snapshot may need a query or a
// platform's quote, so it is awaited: meanwhile the topic's messages are held for that subscriber,
// then it gets the snapshot and only the held messages newer than the snapshot's sequence. It also
// counts each topic's subscribers in this process, so a topic that costs work to produce (the
// all-pairs tickers) is produced only while someone listens. Other topics pass through untouched.
import type { EventBus, EventListener, RealtimeEvent } from '../realtime/index.ts';

export type SnapshotProvider = (topic: string) => Promise<RealtimeEvent | null>;

export interface SnapshotBus extends EventBus {
  /** Topics matching `pattern` get `provider(topic)` as their first message. */
  provideSnapshots(pattern: RegExp, provider: SnapshotProvider): void;
  /**
   * Listens to a topic as it is sent, without a snapshot and without counting as a subscriber: a
   * process that may take a market's books over follows what its topic has sent (ADR 0073).
   */
  observe(topic: string, listener: EventListener): () => void;
  /** How many listeners the topic has in this process. */
  subscriberCount(topic: string): number;
}

const sequenceOf = (event: RealtimeEvent): number | null => {
  const sequence = (event.data as { sequence?: unknown } | null)?.sequence;
  return typeof sequence === 'number' ? sequence : null;
};

function subscribeWithSnapshot(
  inner: EventBus,
  topic: string,
  listener: EventListener,
  provider: SnapshotProvider,
): () => void {
  let held: RealtimeEvent[] | null = [];
  let closed = false;
  /** The snapshot's sequence: anything at or before it is in the snapshot already. */
  let after: number | null = null;
  const deliver = (event: RealtimeEvent) => {
    try {
      listener(event);
    } catch {
      // One listener's failure is its own (the inner bus treats its listeners the same way).
    }
  };
  // An event may reach this process after the snapshot that holds it (the snapshot is read from
  // another process, ADR 0045, and the event comes over the bus): it is dropped by its sequence.
  const unsubscribe = inner.subscribe(topic, (event) => {
    if (held) return void held.push(event);
    const sequence = sequenceOf(event);
    if (after === null || sequence === null || sequence > after) deliver(event);
  });
  void (async () => {
    // A failed snapshot leaves the subscription in place; the client can ask again.
    const snapshot = await Promise.resolve()
      .then(() => provider(topic))
      .catch(() => null);
    if (closed) return;
    after = snapshot ? sequenceOf(snapshot) : null;
    if (snapshot) deliver(snapshot);
    const pending = held ?? [];
    held = null;
    for (const event of pending) {
      const sequence = sequenceOf(event);
      if (after === null || sequence === null || sequence > after) deliver(event);
    }
  })();
  return () => {
    closed = true;
    unsubscribe();
  };
}

export function createSnapshotBus(inner: EventBus): SnapshotBus {
  const providers: Array<{ pattern: RegExp; provider: SnapshotProvider }> = [];
  const counts = new Map<string, number>();
  const count = (topic: string, change: number) => {
    const next = (counts.get(topic) ?? 0) + change;
    if (next > 0) counts.set(topic, next);
    else counts.delete(topic);
  };
  return {
    publish: (topic, event) => inner.publish(topic, event),
    wants: (topic) => inner.wants(topic),
    close: () => inner.close(),
    subscribe(topic, listener) {
      const entry = providers.find(({ pattern }) => pattern.test(topic));
      const unsubscribe = entry
        ? subscribeWithSnapshot(inner, topic, listener, entry.provider)
        : inner.subscribe(topic, listener);
      count(topic, 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        count(topic, -1);
        unsubscribe();
      };
    },
    observe: (topic, listener) => inner.subscribe(topic, listener),
    provideSnapshots(pattern, provider) {
      providers.push({ pattern, provider });
    },
    subscriberCount: (topic) => counts.get(topic) ?? 0,
  };
}

// The event bus that carries live updates to WebSocket clients. Services publish to a topic; the
// realtime hub subscribes each socket to its customer's topic (and to public topics it asks for).
// This in-process bus serves one process; postgres-event-bus.ts carries customers' events between
// processes (a standalone worker, several API replicas) over LISTEN/NOTIFY (EVENT_BUS).
import type { RealtimeMessage } from '@rora/contracts';

export type RealtimeEvent = RealtimeMessage;
export type EventListener = (event: RealtimeEvent) => void;

export interface EventBus {
  /** Delivers the event to every current subscriber of the topic. Never throws for a bad listener. */
  publish(topic: string, event: RealtimeEvent): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(topic: string, listener: EventListener): () => void;
  /**
   * False only when no subscriber anywhere can receive the topic's events, so a publisher may skip
   * building one (this process's bus knows; a bus shared between processes answers true).
   */
  wants(topic: string): boolean;
  close(): Promise<void>;
}

/** Topic names. Private topics are per customer; public ones (markets) are added by their modules. */
export const topics = {
  user: (userId: string) => `user:${userId}`,
  /** Session revocations, for every process's session cache and sockets (never sent to a client). */
  sessionRevocations: 'sessions:revoked',
} as const;

export function createInProcessEventBus(options: { onListenerError?: (error: unknown) => void } = {}): EventBus {
  const listeners = new Map<string, Set<EventListener>>();
  return {
    async publish(topic, event) {
      for (const listener of [...(listeners.get(topic) ?? [])]) {
        try {
          listener(event);
        } catch (error) {
          options.onListenerError?.(error);
        }
      }
    },
    wants: (topic) => listeners.has(topic),
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set<EventListener>();
      listeners.set(topic, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(topic) === set) listeners.delete(topic);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}

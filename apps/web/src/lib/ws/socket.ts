// The signed-in WebSocket (/api/v1/ws): one per session, shared by every screen (issue 19).
// Browsers cannot set headers on a WebSocket, so the token travels as the subprotocols
// ['bearer', token]. One reconnection policy: backoff.ts's delays, at once when the browser comes
// back online, never after the server refused the token (close code 4401: the next API call's 401
// ends the session). Public topics are counted by reference: the first holder subscribes, the last
// release unsubscribes, and every (re)open subscribes again to what is held.
// Each message is parsed against the contract's event union (realtimeEventSchema). The parser
// (zod and the schemas) is loaded on its own, after the first paint: messages that arrive before it
// wait for it, in order.
import type { RealtimeEvent } from '@rora/contracts';
import { WS_BEARER_PROTOCOL, WS_CLOSE_UNAUTHORIZED, WS_PATH } from '../constants.ts';
import { backoffDelayMs } from './backoff.ts';

export type EventParser = (text: unknown) => RealtimeEvent | null;
export type EventListener = (event: RealtimeEvent) => void;
/** `reconnected` is true after a drop, when events may have been missed. */
export type OpenListener = (reconnected: boolean) => void;

export interface RealtimeSocket {
  /** Holds the topic until the returned release is called. */
  subscribe(topic: string): () => void;
  /** Unsubscribes and subscribes again (a sequence gap asks for a fresh snapshot). */
  resubscribe(topic: string): void;
  listen(listener: EventListener): () => void;
  onOpen(listener: OpenListener): () => void;
  /** How many references hold the topic (for tests and diagnostics). */
  holders(topic: string): number;
  close(): void;
}

export interface SocketOptions {
  readonly token: string;
  readonly loadParser: () => Promise<EventParser>;
  readonly url?: string;
  readonly delayMs?: (attempt: number) => number;
}

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WS_PATH}`;
}

/** Parses in arrival order, once the parser has loaded. */
function parsingQueue(load: () => Promise<EventParser>, deliver: EventListener) {
  let parser: EventParser | null = null;
  let pending: unknown[] | null = null;
  return (text: unknown) => {
    if (parser) {
      const event = parser(text);
      if (event) deliver(event);
      return;
    }
    if (pending) return void pending.push(text);
    pending = [text];
    void load().then((loaded) => {
      parser = loaded;
      const waiting = pending ?? [];
      pending = null;
      for (const item of waiting) {
        const event = loaded(item);
        if (event) deliver(event);
      }
    });
  };
}

export function createRealtimeSocket(options: SocketOptions): RealtimeSocket {
  const topics = new Map<string, number>();
  const listeners = new Set<EventListener>();
  const openListeners = new Set<OpenListener>();
  const delayMs = options.delayMs ?? backoffDelayMs;
  let socket: WebSocket | undefined;
  let attempt = 0;
  let opened = false;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (op: 'subscribe' | 'unsubscribe', topic: string) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ op, topic }));
  };
  const receive = parsingQueue(options.loadParser, (event) => {
    for (const listener of [...listeners]) listener(event);
  });

  const open = () => {
    if (closed) return;
    socket = new WebSocket(options.url ?? defaultUrl(), [WS_BEARER_PROTOCOL, options.token]);
    socket.onopen = () => {
      for (const topic of topics.keys()) send('subscribe', topic);
      const reconnected = opened;
      opened = true;
      attempt = 0;
      for (const listener of [...openListeners]) listener(reconnected);
    };
    socket.onmessage = (message) => receive(message.data);
    socket.onclose = (event) => {
      if (closed || event.code === WS_CLOSE_UNAUTHORIZED) return;
      retryTimer = setTimeout(open, delayMs(attempt));
      attempt += 1;
    };
  };

  // Coming back online retries at once instead of waiting out the backoff.
  const onOnline = () => {
    if (closed || socket?.readyState !== WebSocket.CLOSED) return;
    clearTimeout(retryTimer);
    open();
  };
  window.addEventListener('online', onOnline);
  open();

  return {
    subscribe(topic) {
      const count = topics.get(topic) ?? 0;
      topics.set(topic, count + 1);
      if (count === 0) send('subscribe', topic);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (topics.get(topic) ?? 1) - 1;
        if (left > 0) return void topics.set(topic, left);
        topics.delete(topic);
        send('unsubscribe', topic);
      };
    },
    resubscribe(topic) {
      if (!topics.has(topic)) return;
      send('unsubscribe', topic);
      send('subscribe', topic);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onOpen(listener) {
      openListeners.add(listener);
      return () => void openListeners.delete(listener);
    },
    holders: (topic) => topics.get(topic) ?? 0,
    close() {
      closed = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
      socket?.close(1000);
    },
  };
}

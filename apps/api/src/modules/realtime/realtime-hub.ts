// Keeps the open WebSockets: subscribes each to its customer's topic on the event bus, answers
// client messages (ping, subscribe to a public topic), pings to keep proxies from closing idle
// connections and to drop dead peers, and re-checks the session so a logout closes the socket.
import type { WebSocket } from 'ws';
import {
  clientMessageSchema,
  WS_CLOSE_TOO_MANY_CONNECTIONS,
  WS_CLOSE_UNAUTHORIZED,
  type ClientMessage,
} from '@rora/contracts';
import { createSlots } from '../../lib/slots.ts';
import type { SessionService } from '../sessions/index.ts';
import { topics, type EventBus, type RealtimeEvent } from './event-bus.ts';

/**
 * A socket that buffers more than this is too slow to follow the stream: it is dropped (the web
 * app reconnects and refetches). The largest event (a depth snapshot) is a few kB, and a turn's
 * held writes of every market a socket follows stay well under it. At 4 MB a customer's 20
 * sockets could make the server hold 80 MB for one slow reader; at 1 MB, 20 MB.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_PUBLIC_SUBSCRIPTIONS = 50;
/**
 * Sockets one customer may hold open in one process (a browser tab holds one). Without a limit one
 * token opened 2,373 sockets with 50 subscriptions each and the server grew by 160 MB; a further
 * socket is closed with 4429 `too_many_connections` (the web app retries after its backoff).
 */
export const MAX_SOCKETS_PER_CUSTOMER = 20;
/**
 * Client messages one socket may send: a burst of 100 (the web app subscribes to a few topics at
 * once), then 10 a second. Unbounded, one customer's 20 sockets toggling a market subscription
 * kept the server's CPU busy and the median REST answer went from 4 ms to 459 ms. A socket over
 * its budget is closed with 1008 (policy violation) and reason `too_many_messages`.
 */
export const MESSAGE_BURST = 100;
const MESSAGES_PER_SECOND = 10;
const WS_CLOSE_POLICY_VIOLATION = 1008;

/** A token bucket of MESSAGE_BURST refilled at MESSAGES_PER_SECOND: true while a message fits. */
export function messageBudget(now: () => number = Date.now): () => boolean {
  let tokens = MESSAGE_BURST;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(MESSAGE_BURST, tokens + ((at - last) / 1000) * MESSAGES_PER_SECOND);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

interface Log {
  warn(object: object, message: string): void;
}

/** The connection under a WebSocket (the upgraded request's socket), whose writes can be held. */
export interface Transport {
  cork(): void;
  uncork(): void;
}

export interface RealtimeConnection {
  userId: string;
  token: string;
  log: Log;
  /** When given, the frames of one iteration of the event loop leave in one write (holdWrites). */
  transport?: Transport;
}

export interface RealtimeHub {
  connect(socket: WebSocket, connection: RealtimeConnection): void;
  /** Lets clients subscribe to topics matching the pattern (e.g. a market module's `market:BTC-USDT`). */
  allowPublicTopic(pattern: RegExp): void;
  connectionCount(): number;
}

/**
 * The bus hands one event to every subscriber in one synchronous loop: the event is serialized and
 * encoded as UTF-8 for the first socket, and those bytes are sent as the text frame of the rest of
 * that loop (100 subscribers of a market made 100 JSON.stringify calls per event, then 100 UTF-8
 * encodings of the same text as each socket wrote it). Forgotten at the next microtask, so an event
 * object that a publisher reuses later is serialized afresh.
 */
let lastEvent: RealtimeEvent | null = null;
let lastBytes = Buffer.alloc(0);
export function serializeEvent(message: RealtimeEvent): Buffer {
  if (message === lastEvent) return lastBytes;
  lastBytes = Buffer.from(JSON.stringify(message));
  if (lastEvent === null) queueMicrotask(() => (lastEvent = null));
  lastEvent = message;
  return lastBytes;
}

const TEXT_FRAME = { binary: false } as const;

export function send(socket: WebSocket, message: RealtimeEvent, hold?: () => void): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  hold?.();
  socket.send(serializeEvent(message), TEXT_FRAME);
}

/**
 * Holds a socket's writes from the first frame until the event loop has run the rest of its
 * iteration (the timers and I/O callbacks due with it): a batch's events (its trades, the depth, the
 * customer's orders), and the feeds' throttled updates of every market, which fall due together
 * (market-feed.ts), then leave in one system call, not one each (each write was a call of its own,
 * a large share of the server's time under load).
 */
export function holdWrites(transport: Transport | undefined): (() => void) | undefined {
  if (!transport) return undefined;
  let held = false;
  const release = () => {
    held = false;
    transport.uncork();
  };
  return () => {
    if (held) return;
    held = true;
    transport.cork();
    setImmediate(release);
  };
}

function parseClientMessage(data: WebSocket.RawData): ClientMessage | null {
  try {
    const parsed = clientMessageSchema.safeParse(JSON.parse(data.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const systemError = (code: string, message: string): RealtimeEvent => ({
  channel: 'system',
  type: 'error',
  data: { code, message },
});

interface HubDependencies {
  bus: EventBus;
  sessions: SessionService;
  pingIntervalMs: number;
}

/** Closes the socket when its session has ended (revoked or expired). */
function checkSession(socket: WebSocket, connection: RealtimeConnection, deps: HubDependencies): void {
  void deps.sessions.authenticate(connection.token).then(
    (identity) => {
      if (identity === null || identity === 'expired') socket.close(WS_CLOSE_UNAUTHORIZED, 'session_expired');
    },
    // Only the error's name: a database error's message carries the query's parameters.
    (error: unknown) => connection.log.warn({ error: (error as Error).name }, 'websocket session check failed'),
  );
}

/** Pings the socket; drops it when the previous ping went unanswered or its session has ended. */
function startKeepalive(socket: WebSocket, connection: RealtimeConnection, deps: HubDependencies): () => void {
  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
  const timer = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
    checkSession(socket, connection, deps);
  }, deps.pingIntervalMs);
  return () => clearInterval(timer);
}

export function createRealtimeHub(deps: HubDependencies): RealtimeHub {
  const publicTopics: RegExp[] = [];
  const sockets = new Map<WebSocket, RealtimeConnection>();
  const perCustomer = createSlots({ perKey: MAX_SOCKETS_PER_CUSTOMER });
  const isPublic = (topic: string) => publicTopics.some((pattern) => pattern.test(topic));
  // A session revoked in any process (the bus carries it): its sockets here close now, not at the
  // next ping. The session cache has forgotten it already (core.ts subscribes that first).
  deps.bus.subscribe(topics.sessionRevocations, (event) => {
    const { userId } = event.data as { userId: string };
    for (const [socket, connection] of sockets) {
      if (connection.userId === userId) checkSession(socket, connection, deps);
    }
  });

  function connect(socket: WebSocket, connection: RealtimeConnection): void {
    const leave = perCustomer.take(connection.userId);
    if (!leave) return socket.close(WS_CLOSE_TOO_MANY_CONNECTIONS, 'too_many_connections');
    const subscriptions = new Map<string, () => void>();
    const hold = holdWrites(connection.transport);
    const forward = (event: RealtimeEvent) => send(socket, event, hold);
    subscriptions.set(topics.user(connection.userId), deps.bus.subscribe(topics.user(connection.userId), forward));
    sockets.set(socket, connection);

    const onClientMessage = (message: ClientMessage) => {
      if (message.op === 'ping') return send(socket, { channel: 'system', type: 'pong', data: null });
      const { topic } = message;
      if (message.op === 'unsubscribe') {
        if (isPublic(topic)) {
          subscriptions.get(topic)?.();
          subscriptions.delete(topic);
        }
        return send(socket, { channel: 'system', type: 'unsubscribed', data: { topic } });
      }
      if (!isPublic(topic)) return send(socket, systemError('topic_not_found', `No topic ${topic}`));
      if (!subscriptions.has(topic)) {
        if (subscriptions.size > MAX_PUBLIC_SUBSCRIPTIONS) {
          return send(socket, systemError('too_many_subscriptions', 'Unsubscribe from a topic first'));
        }
        subscriptions.set(topic, deps.bus.subscribe(topic, forward));
      }
      return send(socket, { channel: 'system', type: 'subscribed', data: { topic } });
    };

    const withinBudget = messageBudget();
    socket.on('message', (data) => {
      if (socket.readyState !== socket.OPEN) return;
      if (!withinBudget()) return socket.close(WS_CLOSE_POLICY_VIOLATION, 'too_many_messages');
      const message = parseClientMessage(data);
      if (message) onClientMessage(message);
      else send(socket, systemError('message_not_understood', 'Send {"op":"ping"} or {"op":"subscribe","topic":...}'));
    });
    const stopKeepalive = startKeepalive(socket, connection, deps);
    socket.on('close', () => {
      stopKeepalive();
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
      sockets.delete(socket);
      leave();
    });

    send(socket, { channel: 'system', type: 'ready', data: { userId: connection.userId } });
  }

  return {
    connect,
    allowPublicTopic: (pattern) => void publicTopics.push(pattern),
    connectionCount: () => sockets.size,
  };
}

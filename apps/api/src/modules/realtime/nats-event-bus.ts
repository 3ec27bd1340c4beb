// The EventBus across processes over NATS (EVENT_BUS=nats, NATS_URL). Every event is delivered to
// this process's subscribers at once (as the in-process bus does); an event of a shared topic (a
// customer's, by default) is also published once on its topic's subject. Each process subscribes on NATS only to the topics its own sockets and caches listen to
// (first local listener subscribes, last one leaves), so a replica hears its own customers, not
// everyone's. The connection is made with noEcho: a process never hears its own events back.
// Live events are not durable, by design (ADR 0043): a socket that reconnects reads the state again,
// so core NATS is used, not JetStream. While NATS is away the client buffers what is published and
// reconnects by itself; subscriptions are restored on reconnect by the client.
import { connect, type ConnectionOptions, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { topics, type EventBus, type EventListener, type RealtimeEvent } from './event-bus.ts';

const SUBJECT_PREFIX = 'rora.events.';
/** The local NATS server, for the sandbox (production names NATS_URL). */
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
const RECONNECT_WAIT_MS = 1_000;

interface BusLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface NatsEventBusOptions {
  /** nats:// or tls:// URL, or several separated by commas (a cluster's seeds); tls:// requires TLS. */
  url: string;
  /** Delivers to this process's subscribers: the in-process bus. */
  local: EventBus;
  /** Topics other processes may need (default: customers' topics). */
  shared?: (topic: string) => boolean;
  log: BusLog;
  /** Shown in the NATS server's connection list. */
  name?: string;
}

/**
 * A topic as one subject token: topics are made of letters, digits, ':' '-' and '_'; anything else
 * (a '.', which separates tokens, or a wildcard) is hex-escaped so that no topic can match another's.
 */
export function subjectOf(topic: string): string {
  return SUBJECT_PREFIX + topic.replace(/[^A-Za-z0-9:_-]/g, (char) => `%${char.charCodeAt(0).toString(16)}`);
}

export function createNatsEventBus(options: NatsEventBusOptions): EventBus & { ready: Promise<void> } {
  const { local, log } = options;
  const shared = options.shared ?? ((topic: string) => topic.startsWith(topics.user('')));
  let connection: NatsConnection | null = null;
  let closed = false;
  const remote = new Map<string, Subscription>();
  /** Topics that gained local listeners before the connection was made. */
  const pendingTopics = new Set<string>();
  const localCount = new Map<string, number>();

  const listenRemotely = (nats: NatsConnection, topic: string) => {
    if (remote.has(topic)) return;
    const subscription = nats.subscribe(subjectOf(topic), {
      callback: (error, message) => {
        if (error) return log.warn({ err: error.message, topic }, 'event bus subscription failed');
        let event: RealtimeEvent;
        try {
          event = message.json<RealtimeEvent>();
        } catch {
          return log.warn({ topic }, 'event bus message is not JSON; dropped');
        }
        void local.publish(topic, event);
      },
    });
    remote.set(topic, subscription);
  };

  const ready = connect(clientOptions(options.url, options.name)).then(async (nats) => {
    if (closed) return void (await nats.close());
    connection = nats;
    for (const topic of pendingTopics) listenRemotely(nats, topic);
    pendingTopics.clear();
    void watchStatus(nats, log);
  });
  ready.catch((error: unknown) => log.warn({ err: (error as Error).message }, 'event bus could not connect to NATS'));

  const subscribe = (topic: string, listener: EventListener) => {
    const stop = local.subscribe(topic, listener);
    localCount.set(topic, (localCount.get(topic) ?? 0) + 1);
    if (shared(topic)) {
      if (connection) listenRemotely(connection, topic);
      else pendingTopics.add(topic);
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      stop();
      const left = (localCount.get(topic) ?? 1) - 1;
      if (left > 0) return void localCount.set(topic, left);
      localCount.delete(topic);
      pendingTopics.delete(topic);
      remote.get(topic)?.unsubscribe();
      remote.delete(topic);
    };
  };

  return {
    ready: ready.catch(() => undefined),
    async publish(topic, event) {
      await local.publish(topic, event);
      if (closed || !shared(topic)) return;
      if (!connection) return log.warn({ topic }, 'live event not sent: NATS not connected yet');
      // Buffered by the client while it reconnects.
      connection.publish(subjectOf(topic), JSON.stringify(event));
    },
    subscribe,
    // Another process may have a subscriber for a shared topic.
    wants: (topic) => shared(topic) || local.wants(topic),
    async close() {
      closed = true;
      await connection?.drain().catch(() => undefined);
      remote.clear();
      await local.close();
    },
  };
}

/** Logs the connection's ups and downs, once each. */
async function watchStatus(nats: NatsConnection, log: BusLog): Promise<void> {
  for await (const status of nats.status()) {
    if (status.type === 'disconnect') log.warn({ server: status.server }, 'event bus lost NATS; reconnecting');
    else if (status.type === 'reconnect') log.info({ server: status.server }, 'event bus reconnected to NATS');
  }
}

/** The NATS client's options for the server list `url`. */
function clientOptions(url: string, name = 'rora'): ConnectionOptions {
  const servers = url.split(',').map((server) => server.trim());
  const tls = servers.some((server) => /^tls:\/\//i.test(server));
  return {
    servers,
    // The client drops a server's scheme: tls:// alone would use TLS only if the server offered it,
    // so anyone on the path could keep the link in clear text (ADR 0076). Asked for, TLS is required
    // of every server, gossiped ones included, and a server without it is refused. A list that mixes
    // tls:// and nats:// (production refuses one) fails closed: its nats:// servers are asked for TLS
    // too, one that offers none is refused ("server does not support 'tls'") and the client moves on.
    tls: tls ? {} : undefined,
    // In clear text, only the servers listed, which production checked are private (ADR 0076): the
    // servers a cluster announces may be public addresses, which the client would reach in clear text.
    ignoreClusterUpdates: !tls,
    name,
    noEcho: true,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
  };
}

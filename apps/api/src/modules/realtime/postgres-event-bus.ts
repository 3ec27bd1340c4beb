// The EventBus across processes, over PostgreSQL LISTEN/NOTIFY: a swap settled by a standalone
// worker reaches the customer's WebSocket on an API process. Every event is delivered to this
// process's subscribers at once (as the in-process bus does); events of shared topics (a customer's,
// by default) are also queued and, once per turn of the event loop, sent in as few NOTIFYs as fit
// (PostgreSQL caps a payload at 8000 bytes). An event too large for one goes to `event_payloads`
// and the NOTIFY carries its id. A process skips its own notifications (it delivered them already).
// The listening session reconnects by itself when PostgreSQL comes back; events sent while it was
// away are lost, as a dropped WebSocket's are (clients read the state again when they reconnect).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { topics, type EventBus, type RealtimeEvent } from './event-bus.ts';

export const EVENTS_CHANNEL = 'rora_events';
/** Under PostgreSQL's 8000-byte limit, with room for the envelope. */
const MAX_PAYLOAD_BYTES = 7_800;
const RECONNECT_MS = 1_000;

interface BusLog {
  warn(fields: object, message: string): void;
}

/** One message of a notification: an event inline, or the id of its row in event_payloads. */
type Wire = { t: string; e: RealtimeEvent } | { t: string; r: string };
interface Notification {
  o: string;
  m: Wire[];
}

export interface PostgresEventBusOptions {
  pool: pg.Pool;
  /** Delivers to this process's subscribers: the in-process bus. */
  local: EventBus;
  /** Topics whose events other processes may need (default: customers' topics). */
  shared?: (topic: string) => boolean;
  log: BusLog;
}

const customerTopic = (topic: string) => topic.startsWith(topics.user(''));

/** Splits queued messages into NOTIFY payloads under the limit (one oversized message is sent by id). */
function packPayloads(origin: string, messages: Wire[]): string[] {
  const payloads: string[] = [];
  let batch: Wire[] = [];
  const flush = () => {
    if (batch.length > 0) payloads.push(JSON.stringify({ o: origin, m: batch } satisfies Notification));
    batch = [];
  };
  for (const message of messages) {
    if (JSON.stringify({ o: origin, m: [...batch, message] }).length > MAX_PAYLOAD_BYTES) flush();
    batch.push(message);
  }
  flush();
  return payloads;
}

async function storeLarge(pool: pg.Pool, topic: string, event: RealtimeEvent): Promise<Wire> {
  const { rows } = await pool.query<{ id: string }>(
    'INSERT INTO event_payloads (topic, body) VALUES ($1, $2) RETURNING id::text AS id',
    [topic, JSON.stringify(event)],
  );
  return { t: topic, r: rows[0]!.id };
}

async function loadLarge(pool: pg.Pool, id: string): Promise<RealtimeEvent | null> {
  const { rows } = await pool.query<{ body: string }>('SELECT body FROM event_payloads WHERE id = $1::bigint', [id]);
  return rows[0] ? (JSON.parse(rows[0].body) as RealtimeEvent) : null;
}

/** The session that LISTENs, made again whenever it breaks (PostgreSQL restarted, backend ended). */
function listen(options: { pool: pg.Pool; log: BusLog; onNotification(payload: string): void }) {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };
  async function connect(): Promise<void> {
    const next = new pg.Client(options.pool.options);
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = null;
      retry();
    });
    next.on('notification', (message) => message.payload && options.onNotification(message.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (closed) return void (await next.end().catch(() => undefined));
      client = next;
    } catch (error) {
      options.log.warn({ err: (error as Error).message.split('\n')[0] }, 'event bus could not listen; retrying');
      await next.end().catch(() => undefined);
      retry();
    }
  }
  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}

export function createPostgresEventBus(options: PostgresEventBusOptions): EventBus & { ready: Promise<void> } {
  const { pool, local, log } = options;
  const shared = options.shared ?? customerTopic;
  const origin = randomBytes(8).toString('hex');
  let queue: Wire[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;

  async function send(messages: Wire[]): Promise<void> {
    const wires = await Promise.all(
      messages.map((message) =>
        'e' in message && JSON.stringify(message).length > MAX_PAYLOAD_BYTES
          ? storeLarge(pool, message.t, message.e)
          : message,
      ),
    );
    for (const payload of packPayloads(origin, wires)) {
      await pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
    }
  }

  function schedule(): void {
    if (queue.length !== 1) return;
    flushing = flushing.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            const messages = queue;
            queue = [];
            send(messages)
              .catch((error: unknown) =>
                log.warn(
                  { err: (error as Error).message.split('\n')[0], lost: messages.length },
                  'live events not sent',
                ),
              )
              .finally(resolve);
          }),
        ),
    );
  }

  // Notifications are delivered in the order they arrive; one holding a stored event waits for it.
  let delivering: Promise<void> = Promise.resolve();
  const receive = (payload: string) => {
    let notification: Notification;
    try {
      notification = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (notification.o === origin || !Array.isArray(notification.m)) return;
    delivering = delivering.then(async () => {
      for (const message of notification.m) {
        const event = 'e' in message ? message.e : await loadLarge(pool, message.r).catch(() => null);
        if (event) await local.publish(message.t, event);
      }
    });
  };
  const listener = listen({ pool, log, onNotification: receive });

  return {
    ready: listener.ready,
    async publish(topic, event) {
      await local.publish(topic, event);
      if (closed || !shared(topic)) return;
      queue.push({ t: topic, e: event });
      schedule();
    },
    subscribe: (topic, listener) => local.subscribe(topic, listener),
    // Another process may have a subscriber for a shared topic.
    wants: (topic) => shared(topic) || local.wants(topic),
    async close() {
      closed = true;
      await flushing;
      await listener.close();
      await delivering;
      await local.close();
    },
  };
}

// API replicas on one database and event bus, for the tests of a takeover of the books (ADR 0073): a
// replica built beside a test app (sharing its clock), POST /order on any of them, a customer's
// socket that follows a market topic on one, and a writer that dies before its trades go out.
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import WebSocket from 'ws';
import { connectDatabase, type Database } from '@rora/db';
import { buildApp, type App } from '../../../app.ts';
import { loadTestConfig, type TestApp } from '../../../testing/test-app.ts';
import {
  createMarketsTestApp,
  endWriterSession,
  listenAndAdvertise,
  until,
  writerPid,
} from '../../orders/testing/orders-fixtures.ts';

export interface Replica {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * The secrets every replica of a deployment shares (deploy/, `npm run cluster`): a fee quoted by
 * one replica is then honoured by another, as in production.
 */
const SHARED_SECRETS = {
  IDENTITY_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
  ONRAMP_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
  FEE_QUOTE_SECRET: randomBytes(32).toString('hex'),
};

/** The first API process on a fresh database and `env`'s bus: its books' writer, listening, no market maker. */
export async function startWriter(env: Record<string, string>): Promise<TestApp> {
  const first = await createMarketsTestApp({ env: { ...SHARED_SECRETS, ...env } });
  await first.app.services.markets.start({ marketMaker: false, intervalMs: 1_000 });
  await listenAndAdvertise(first.app);
  return first;
}

/** Another API process on `first`'s database and clock, started (its books' writer if it can be) and listening. */
export async function startReplica(first: TestApp, env: Record<string, string>): Promise<Replica> {
  const database = connectDatabase(first.database.url, { max: 6 });
  const config = loadTestConfig({ MARKET_MAKER: 'off', ...SHARED_SECRETS, ...env });
  const app = await buildApp({ config, database, clock: first.clock });
  await app.services.markets.start({ marketMaker: false, intervalMs: 1_000 });
  await listenAndAdvertise(app);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const placeOn = (app: App, headers: Record<string, string>, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: body,
  });

export type TradeSent = { id: string; sequence: number; price: string };
export type Message = { type: string; data: { sequence?: number; trades?: TradeSent[] } };

/** A customer's socket on `app`, subscribed to the market's topic, with every message it receives. */
export async function follow(app: App, token: string, topic: string): Promise<{ messages: Message[]; close(): void }> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, ['bearer', token]);
  const messages: Message[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Message));
  await new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await until(async () => messages.some((message) => message.type === 'snapshot'), 'the snapshot');
  return { messages, close: () => socket.close() };
}

export const tradesSent = (messages: Message[]) =>
  messages.filter((message) => message.type === 'trades').flatMap((message) => message.data.trades ?? []);

/** Waits until the socket has received a trade at `price` in a trades message. */
export const tradeAt = (messages: Message[], price: string) =>
  until(async () => tradesSent(messages).some((trade) => trade.price === price), `the trade at ${price}`);

/**
 * The writer's market topics send nothing from now on, as if it died before each flush: it is about
 * to be killed (`killWriter`), and a dead writer sends nothing later either.
 */
export function silenceMarkets(app: App): void {
  const events = app.services.events;
  const publish = events.publish;
  events.publish = (topic, event) => (topic.startsWith('market:') ? Promise.resolve() : publish(topic, event));
}

/** A kill -9 of the books' writer `t`: its server stops answering and its lock session ends. */
export async function killWriter(t: TestApp): Promise<void> {
  await new Promise((resolve) => {
    t.app.server.close(resolve);
    t.app.server.closeAllConnections();
  });
  await endWriterSession(t, (await writerPid(t))!);
}

/** The ids of the market's stored public trades, sorted. */
export async function storedTradeIds(t: TestApp, pair: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `SELECT id::text FROM order_fills WHERE pair = $1 AND book = 'lit' ORDER BY seq`,
    [pair],
  );
  return rows.map((row) => row.id).toSorted();
}

/**
 * The next statement on `database`'s pool that `matches` (its text and parameters) runs on a session
 * the database has just ended (pg_terminate_backend, by `killer`): it fails as it would while the
 * database restarts. Later ones run as usual. Returns how many it has ended so far.
 */
export function endSessionOfNext(
  database: Database,
  killer: pg.Pool,
  matches: (text: string, values: unknown[]) => boolean,
): () => number {
  const { pool } = database;
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  let ended = 0;
  const endedSession = async (config: unknown, values?: unknown[]) => {
    ended += 1;
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await killer.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await until(async () => {
        const left = await killer.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid]);
        return left.rowCount === 0;
      }, 'the ended session to go');
      return await client.query(config as pg.QueryConfig, values);
    } finally {
      client.release(true);
    }
  };
  pool.query = ((config: unknown, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    if (ended > 0 || !matches(text, values ?? [])) return query(config, values);
    return endedSession(config, values);
  }) as typeof pool.query;
  return () => ended;
}

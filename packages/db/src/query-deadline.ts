// The query deadline of the shared pool (ADR 0071): a statement that gets no answer within its time
// fails, and its connection is closed at once. A PostgreSQL that stops answering (a paused or dead
// host, a network partition) neither refuses nor ends connections; a statement sent to it waited for
// TCP to give up, minutes, holding its request and its pooled connection all that time.
//
// node-postgres's own `query_timeout` gives the caller an error but keeps the statement as the
// connection's active one: the next statement on it (a transaction's ROLLBACK) queues behind it and
// waits just as long, and the server may still answer it later. So the connection is closed the
// moment its deadline passes; what comes after on it fails at once as a lost connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * A statement's longest wait for its answer on request paths. Above the slowest statement a request
 * runs (milliseconds; a fence waits at most 5 s for the chain row, a key's recovery 2 s for its row),
 * equal to the wait for a free connection (CONNECTION_WAIT_MS), so a request on a database that does
 * not answer ends after about 10 s either way, before the 15 s a replica waits on a forwarded order.
 */
export const QUERY_DEADLINE_MS = 10_000;

/** node-postgres's message when `query_timeout` passes (client.js). */
export const DEADLINE_MESSAGE = 'Query read timeout';

const unbounded = new AsyncLocalStorage<true>();

/**
 * Runs `work` with no deadline on its statements: migrations and the reserves snapshot, whose index
 * builds and full passes over the ledger legitimately take longer. Statements are bounded or not by
 * where they are sent from, so work started in here (a timer, a loop) would inherit it: keep it to
 * work that ends.
 */
export function withoutQueryDeadline<T>(work: () => Promise<T>): Promise<T> {
  return unbounded.run(true, work);
}

/**
 * The error of work that waited its deadline without being answered, though no statement of its own
 * had passed one yet (a call queued behind a batch that hangs): the same "try again" as a statement's.
 */
export function queryDeadlineError(): Error {
  return new Error(DEADLINE_MESSAGE);
}

/** True when `error` (or an error it wraps) is a statement that passed its deadline. */
export function isQueryDeadline(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { message?: unknown }).message === DEADLINE_MESSAGE) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type Callback = (error: Error | null, result?: unknown) => void;
type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** The deadline error a client's statement met, if one did: its transaction reports it (client.ts). */
const metDeadline = new WeakMap<object, Error>();

export function deadlineMetBy(client: object): Error | undefined {
  return metDeadline.get(client);
}

/**
 * Gives every statement sent on `client` the deadline `deadlineMs`, unless sent from inside
 * `withoutQueryDeadline` or it names its own (the health check's is shorter). Cursors and other
 * custom query objects are left as they are (none runs on a request path).
 */
export function boundQueries(client: pg.PoolClient, deadlineMs: number, first?: string): void {
  const send = client.query.bind(client) as QueryFunction;
  const met = (error: unknown) => {
    if (!isQueryDeadline(error)) return;
    if (!metDeadline.has(client)) metDeadline.set(client, error as Error);
    // With a statement active, end() destroys the socket: whatever is queued behind fails now as a
    // lost connection, the pool drops the client on release, and no late answer is read.
    client.end().catch(() => undefined);
  };
  // `first` (a session setting) is sent now, while the new client runs nothing, with the deadline,
  // and the statements asked for meanwhile follow once it has answered: queued behind it on the
  // client instead, they would use the queue node-postgres deprecates (a warning, an error in pg 9).
  let before: Promise<unknown> | null =
    first === undefined
      ? null
      : (send({ text: first, query_timeout: deadlineMs }) as Promise<unknown>).then(
          () => (before = null),
          (error: unknown) => {
            met(error);
            before = null;
          },
        );
  const bounded: QueryFunction = (config, values, callback) => {
    if (before) {
      const after = before.then(() => bounded(config, values, callback));
      return typeof callback === 'function' || typeof values === 'function' ? undefined : after;
    }
    const text = typeof config === 'string';
    const plain = typeof config === 'object' && config !== null && !('submit' in config);
    if (unbounded.getStore() || !(text || plain)) return send(config, values, callback);
    const withDeadline = text ? { text: config, query_timeout: deadlineMs } : { query_timeout: deadlineMs, ...config };
    if (typeof values === 'function') [values, callback] = [undefined, values];
    if (typeof callback === 'function') {
      const told = callback as Callback;
      return send(withDeadline, values, (error: Error | null, result?: unknown) => {
        if (error) met(error);
        told(error, result);
      });
    }
    const answer = send(withDeadline, values) as Promise<unknown>;
    answer.catch(met);
    return answer;
  };
  (client as unknown as { query: QueryFunction }).query = bounded;
}

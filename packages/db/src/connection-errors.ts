// Which errors mean "the database is out of reach" rather than "this statement was refused": the
// API answers those 503 with Retry-After (plugins/errors.ts) and long-lived loops log and go on.
// Drizzle wraps the driver's error (its `cause`), so the whole chain is read.
import { DEADLINE_MESSAGE } from './query-deadline.ts';

/** Node's socket errors for a server that is gone, refuses, or cut the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);

/**
 * SQLSTATEs of a session the server ended or would not open: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or stopping),
 * 57P05 idle-session timeout, 25P03 idle-in-transaction timeout (both end the session), and 53300
 * too many connections (every slot taken, or the database's or role's limit reached). And 25006: a
 * write in a read-only transaction, which the app's code never attempts (its few READ ONLY
 * transactions only read), so it means the session is on a server that takes no writes: a standby,
 * or a primary demoted by a failover. The transaction's client is then dropped, not reused.
 */
const SESSION_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '53300', '25006']);

/**
 * 55000 is a general "object not in prerequisite state"; at connect time its message says that the
 * database takes no new sessions for now (ALLOW_CONNECTIONS off, as during maintenance).
 */
const NOT_ACCEPTING_SESSIONS = 'is not currently accepting connections';

function isConnectionState(code: string, message: unknown): boolean {
  if (code.startsWith('08') || SESSION_STATES.has(code)) return true;
  return code === '55000' && typeof message === 'string' && message.includes(NOT_ACCEPTING_SESSIONS);
}

/**
 * node-postgres's messages for a wait on the database that ran out: a statement past its deadline
 * (query-deadline.ts, which closes its connection with it), a free connection not lent in time (the
 * pool's wait), a new one not opened in time.
 */
const TIMEOUT_MESSAGES = [
  DEADLINE_MESSAGE,
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/** node-postgres's own messages for a connection that broke or could not be opened in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  ...TIMEOUT_MESSAGES,
];

/** True when `error` (or an error it wraps) says the database connection was lost or refused. */
export function isConnectionError(error: unknown): boolean {
  return inCauseChain(error, (current) => {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || isConnectionState(code, message))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text))) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    return Array.isArray(errors) && errors.some((inner) => isConnectionError(inner));
  });
}

/**
 * True when `error` (or an error it wraps) is a wait on the database that ran out (ADR 0071): it did
 * not answer, so the next statement would most likely wait as long. A lost connection is not one:
 * the next statement fails at once or, on another connection, is answered.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  return inCauseChain(error, (current) => {
    const { message } = current as { message?: unknown };
    return typeof message === 'string' && TIMEOUT_MESSAGES.some((text) => message.startsWith(text));
  });
}

/**
 * True when `error` (or an error it wraps) is a statement PostgreSQL cancelled (57014): an operator's
 * pg_cancel_backend, a statement timeout, a standby's recovery conflict. The session is fine (so this
 * is not a lost connection, and its client stays in the pool), but the statement's transaction did
 * not commit: the request is worth sending again, as after a lost connection.
 */
export function isCancelledStatement(error: unknown): boolean {
  return inCauseChain(error, (current) => (current as { code?: unknown }).code === '57014');
}

/** Whether `test` holds for `error` or an error it wraps (its `cause`, up to five deep). */
function inCauseChain(error: unknown, test: (current: unknown) => boolean): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (test(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

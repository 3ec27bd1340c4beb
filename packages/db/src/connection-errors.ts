// Which errors mean "the database is out of reach" rather than "this statement was refused": the
// API answers those 503 with Retry-After (plugins/errors.ts) and long-lived loops log and go on.
// Drizzle wraps the driver's error (its `cause`), so the whole chain is read.

/** Node's socket errors for a server that is gone, refuses, or cut the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);

/**
 * SQLSTATEs of a session the server ended or would not open: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or stopping).
 */
function isConnectionState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

/** node-postgres's own messages for a connection that broke or could not be opened in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/** True when `error` (or an error it wraps) says the database connection was lost or refused. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || isConnectionState(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text))) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

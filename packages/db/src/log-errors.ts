// What an error may show in a log. Drizzle's query errors carry the query's parameters (password
// hashes, codes) in `params`, in the message and in the stack, and wrap PostgreSQL's error, whose
// message may quote a value too (STACK.md); the API's and the worker's loggers serialize every `err`
// with errorLogSerializer, and the API's error handler keeps only redact()'s first line.
/** The stack's frames without its first lines, which repeat the whole message (parameters included). */
export function stackFrames(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const firstFrame = stack.indexOf('\n    at ');
  return firstFrame === -1 ? undefined : stack.slice(firstFrame + 1);
}

/**
 * The logger's `err` serializer: every `log.error({ err })` goes through it. pino's own copies an
 * error's enumerable fields, and Drizzle's errors carry `params` (password hashes, codes), repeat them
 * in the message and the stack, and wrap PostgreSQL's error, whose message may quote a value too. Only
 * the type, the redacted first line, the SQLSTATE (as sqlState: `code` is a redacted log path) and the stack's frames are written.
 */
export function errorLogSerializer(value: unknown): {
  type: string;
  message: string;
  stack: string;
  sqlState?: string;
} {
  if (typeof value !== 'object' || value === null)
    return { type: typeof value, message: redact(String(value)), stack: '' };
  // An Error, or an error-like object (some libraries reject with plain objects).
  const error = value as { name?: unknown; message?: unknown; stack?: unknown; code?: unknown; cause?: unknown };
  const cause = error.cause as { code?: unknown } | undefined;
  const code = error.code ?? cause?.code;
  // An Error subclass by its class (DrizzleQueryError's `name` says only "Error"), a plain object by its name.
  const name = value instanceof Error ? value.constructor.name : typeof error.name === 'string' ? error.name : '';
  return {
    type: name || 'Object',
    message: redact(typeof error.message === 'string' ? error.message : (JSON.stringify(value) ?? '')),
    stack: (typeof error.stack === 'string' && stackFrames(error.stack)) || '',
    ...(typeof code === 'string' ? { sqlState: code } : {}),
  };
}

/** Drizzle puts the SQL and its parameters in the message (STACK.md): keep only the first line without params. */
export function redact(message: string): string {
  return message.split('\nparams:')[0]!.split('\n')[0]!.slice(0, 300);
}

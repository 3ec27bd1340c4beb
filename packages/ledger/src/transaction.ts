// Runs work in one transaction and retries it when PostgreSQL aborts it for a serialization
// failure or a deadlock: both mean "nothing was committed, run it again", and both happen under
// real concurrency (REPEATABLE READ conflicts; lock cycles across several calls of one caller).
// `work` must therefore be safe to run more than once: it re-reads what it needs, and the ledger's
// ids make its writes idempotent.
import type { Db, Tx } from '@rora/db';

const RETRYABLE = new Set(['40001', '40P01']);

export interface TransactionOptions {
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
  /** Attempts in all, the first included. */
  maxAttempts?: number;
}

export function isRetryableTransactionError(error: unknown): boolean {
  return RETRYABLE.has(sqlState(error) ?? '');
}

/**
 * The SQLSTATE of a pg error, also when Drizzle wraps it (on `cause`). Node's system errors carry
 * their errno name as `code` (EPIPE, EBADF): five capitals too, but no SQLSTATE class starts with E.
 */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('E')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function withTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? 5;
  const config = options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work, config);
    } catch (error) {
      if (attempt >= maxAttempts || !isRetryableTransactionError(error)) throw error;
      // Jittered backoff, so the transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));
    }
  }
}

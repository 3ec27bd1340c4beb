import type { Database } from '@rora/db';

export interface HealthService {
  database(): Promise<{ state: 'up' | 'down'; latencyMs: number }>;
}

/**
 * The longest the database may take to answer the health check before it is reported down. A
 * PostgreSQL that stops answering (paused, its host or network hung) neither refuses nor ends
 * connections: the check waited as long as the pause and then said "up", so a load balancer kept
 * sending requests to a replica that could serve none.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export function createHealthService(database: Database, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): HealthService {
  return {
    async database() {
      const started = performance.now();
      const latencyMs = () => Math.round(performance.now() - started);
      let timer: NodeJS.Timeout | undefined;
      // query_timeout (node-postgres reads it, its types do not name it) also drops the connection
      // of a check sent to a server that stopped answering.
      const check = { text: 'SELECT 1', query_timeout: timeoutMs };
      const answered = database.pool.query(check).then(
        () => true,
        () => false,
      );
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const up = await Promise.race([answered, late]).finally(() => clearTimeout(timer));
      return { state: up ? 'up' : 'down', latencyMs: latencyMs() };
    },
  };
}

import type { Database } from '@rora/db';

export interface HealthService {
  database(): Promise<{ state: 'up' | 'down'; latencyMs: number }>;
}

export function createHealthService(database: Database): HealthService {
  return {
    async database() {
      const started = performance.now();
      try {
        await database.pool.query('SELECT 1');
        return { state: 'up', latencyMs: Math.round(performance.now() - started) };
      } catch {
        return { state: 'down', latencyMs: Math.round(performance.now() - started) };
      }
    },
  };
}

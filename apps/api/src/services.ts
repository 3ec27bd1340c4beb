// Wires every domain service once, from the app's dependencies. Modules receive what they need
// from here; nothing else constructs a service.
import type { AppDependencies } from './app.ts';
import { createHealthService, type HealthService } from './modules/health/health.service.ts';
import { createSessionService, type SessionService } from './modules/sessions/sessions.service.ts';

export interface Services {
  health: HealthService;
  sessions: SessionService;
}

export function createServices(deps: AppDependencies): Services {
  const { config, database, clock } = deps;
  const sessions = createSessionService({ db: database.db, clock, ttlMs: config.SESSION_TTL_HOURS * 3_600_000 });
  return { health: createHealthService(database), sessions };
}

// Registers every module's routes under /api/v1. Modules talk to each other through services.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { healthRoutes } from './health/health.routes.ts';

export interface ModuleOptions {
  config: Config;
  services: Services;
}

export async function registerModules(app: FastifyInstance, options: ModuleOptions): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(healthRoutes, options);
    },
    { prefix: '/api/v1' },
  );
}

// The composition root: builds the Fastify app from its dependencies. main.ts runs it for real;
// tests build it on a fresh database with a manual clock and call it through `inject`.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@rora/db';
import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createServices, type Services } from './services.ts';
import { registerModules } from './modules/index.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  /** Replace services (for example an adapter) in tests. */
  overrides?: Partial<Services>;
}

export type App = FastifyInstance & { services: Services };

/** Log fields that must never be written: secrets travel in these. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.code',
  '*.pin',
  '*.emailOTP',
  '*.phoneOTP',
];

function requestId(header: unknown): string {
  return typeof header === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(header) ? header : randomUUID();
}

export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: { paths: redactedLogPaths, censor: '[redacted]' } },
    genReqId: (request) => requestId(request.headers['x-request-id']),
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const services = { ...createServices(deps), ...deps.overrides } as Services;
  app.decorate('services', services);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });
  await app.register(errorsPlugin);
  await app.register(authPlugin, { sessions: services.sessions });
  await registerModules(app, { config, services });
  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });
  await app.ready();
  return app as unknown as App;
}

// The composition root: builds the Fastify app from its dependencies. main.ts runs it for real;
// tests build it on a fresh database with a manual clock and call it through `inject`.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { errorLogSerializer, type Database } from '@rora/db';
import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import { bufferedStdout } from './lib/log-destination.ts';
import { redactLogObject } from './lib/log-redaction.ts';
import authPlugin from './plugins/auth.ts';
import {
  CONNECTION_LIMITS,
  uncappedAddresses,
  guardConnections,
  httpServerOptions,
  type ConnectionLimits,
} from './plugins/connection-limits.ts';
import errorsPlugin from './plugins/errors.ts';
import inputGuardsPlugin, { clientErrors, frameworkErrors } from './plugins/input-guards.ts';
import { queryTakesNothing, routeValidator, takesNoBody } from './plugins/validation.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import openapiPlugin from './plugins/openapi.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import websocketPlugin from './plugins/websocket.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createCore, type Core, type CoreDependencies, type Services } from './core.ts';
import { registerModules } from './modules/index.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  /** Test seams of the core (see core.ts). */
  adapters?: CoreDependencies['adapters'];
  /** Where log lines go (default: stdout). Tests pass a stream to read them. */
  logStream?: DestinationStream;
  /** More plugins, registered under /api/v1 after the modules: tests add probe routes here. */
  plugins?: FastifyPluginAsync[];
  /** Sees every route as it is added (tests list the routes with it: see testing/route-catalogue.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** Deadlines and the connection cap (default CONNECTION_LIMITS); tests shorten them. */
  connectionLimits?: Partial<ConnectionLimits>;
}

export type App = FastifyInstance & { services: Services; jobs: Core['jobs'] };

export const API_VERSION = '1.0.0';

function requestId(header: unknown): string {
  return typeof header === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(header) ? header : randomUUID();
}

export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config } = deps;
  const limits = {
    ...CONNECTION_LIMITS,
    maxConnections: config.MAX_CONNECTIONS,
    maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
    uncapped: uncappedAddresses(config.TRUST_PROXY),
    ...deps.connectionLimits,
  };
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Secrets out of every line (lib/log-redaction.ts); a request's bindings pass it below.
      formatters: { log: redactLogObject },
      serializers: { err: errorLogSerializer },
      // Nothing to write when silent: no buffer, no flush timer.
      ...(deps.logStream
        ? { stream: deps.logStream }
        : config.LOG_LEVEL === 'silent'
          ? {}
          : { stream: bufferedStdout() }),
    },
    genReqId: (request) => requestId(request.headers['x-request-id']),
    // A child logger per request (bound to its id) costs a pass over its bindings; when nothing is
    // logged at all, the request uses the app's logger instead.
    childLoggerFactory: (logger, bindings, options) =>
      logger.level === 'silent' ? logger : logger.child(redactLogObject(bindings), options),
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    // Given to the HTTP server as it is made as well: Node arms the check only then.
    requestTimeout: limits.requestTimeoutMs,
    http: httpServerOptions(limits),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  guardConnections(app.server, limits);
  // Test-only: registered first so it sees every route, the modules' included.
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  // JSON only (uploads use multipart): any other body type is 415, not a string handed to a schema.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(routeValidator);
  app.addHook('onRoute', queryTakesNothing);
  app.addHook('onRoute', takesNoBody);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const core = createCore({ ...deps, log: app.log });
  const { services } = core;
  app.decorate('services', services);
  app.decorate('jobs', core.jobs);

  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuardsPlugin);
  // These watch routes as they are added (onRoute), so they come before the modules; auth brakes
  // failed sign-ins with the rate limit's store.
  await app.register(rateLimitPlugin, { redisUrl: config.RATE_LIMIT_REDIS_URL });
  await app.register(authPlugin, { sessions: services.sessions });
  await app.register(openapiPlugin, { version: API_VERSION });
  await app.register(websocketPlugin);
  await app.register(idempotencyPlugin, {
    db: deps.database.db,
    clock: deps.clock,
    queryDeadlineMs: config.QUERY_DEADLINE_MS,
  });
  await registerModules(app, { config, services });
  for (const plugin of deps.plugins ?? []) await app.register(plugin, { prefix: '/api/v1' });
  app.addHook('onClose', async () => {
    await services.markets.stop();
    await services.events.close();
  });
  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });
  await app.ready();
  return app as unknown as App;
}

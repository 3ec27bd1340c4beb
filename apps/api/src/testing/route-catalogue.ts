// Every route of the running app, for cross-cutting tests (access matrix, hostile input) that must
// cover routes added later without a hand-kept list. Pass `catalogue.onRoute` to createTestApp,
// then read `catalogue.routes(t.app)` once the app is built.
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface CatalogueRoute {
  method: string;
  /** The full address with Fastify parameters, e.g. `/api/v1/user/:id`. */
  url: string;
  /** The names of its path parameters, in order. */
  params: string[];
  /** Uses `preHandler: app.authenticate`. */
  authenticated: boolean;
  /** Opted in to Idempotency-Key (`config.idempotent`). */
  idempotent: boolean;
  /** Its @fastify/rate-limit options (`config.rateLimit`), if it has a limit. */
  rateLimit: { hook?: string; keyGenerator?: (request: unknown) => unknown } | undefined;
  /** The route's schema as declared (zod schemas for body, params, querystring). */
  schema: { body?: unknown; params?: unknown; querystring?: unknown; hide?: boolean } | undefined;
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function createRouteCatalogue() {
  const seen: RouteOptions[] = [];
  return {
    onRoute(route: RouteOptions) {
      seen.push(route);
    },
    /** The routes (HEAD twins of GET routes left out), with what the app decorated them with. */
    routes(app: Pick<FastifyInstance, 'authenticate'>): CatalogueRoute[] {
      return seen.flatMap((route) =>
        asArray(route.method)
          .filter((method) => method !== 'HEAD')
          .map((method) => ({
            method,
            url: route.url,
            params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
            authenticated: asArray(route.preHandler).includes(app.authenticate as never),
            idempotent: Boolean(route.config?.idempotent),
            rateLimit: (route.config as { rateLimit?: CatalogueRoute['rateLimit'] } | undefined)?.rateLimit,
            schema: route.schema as CatalogueRoute['schema'],
          })),
      );
    },
  };
}

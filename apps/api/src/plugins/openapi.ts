// The OpenAPI 3 document, generated from the routes' zod schemas, and the interactive docs at
// /api/docs. Routes that use `app.authenticate` are marked with the bearer scheme automatically,
// and every documented route lists the one error body for 4xx and 5xx answers.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@rora/contracts';

export const OPENAPI_DOCS_PREFIX = '/api/docs';
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonObjectSchema = { type: 'object'; properties?: Record<string, unknown>; required?: string[] };

function usesAuthentication(route: RouteOptions | undefined, authenticate: unknown): boolean {
  const preHandler = route?.preHandler;
  return Array.isArray(preHandler) ? preHandler.includes(authenticate as never) : preHandler === authenticate;
}

function withIdempotencyKey(headers: unknown): JsonObjectSchema {
  const base = (headers as JsonObjectSchema | undefined) ?? { type: 'object', properties: {} };
  return {
    ...base,
    properties: {
      ...base.properties,
      'Idempotency-Key': {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        description: 'Retries with the same key replay the first answer',
      },
    },
    required: [...(base.required ?? []), 'Idempotency-Key'],
  };
}

async function openapiPlugin(app: FastifyInstance, options: { version: string }) {
  const errorBody = {
    description: 'The error body (DESIGN §4)',
    ...z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }),
  };
  // A retry of a request still running under its key (ADR 0024): when to come back.
  const inProgress = {
    ...errorBody,
    description: 'idempotency_request_in_progress: the request with this Idempotency-Key is still running',
    headers: {
      'Retry-After': {
        type: 'integer',
        minimum: 1,
        description:
          'Seconds to wait before retrying with the same key: until the lease of the server process running it lapses (at most 30), or 1',
      },
    },
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Rora API',
        version: options.version,
        description:
          'Retail crypto exchange and wallet. Every error answers `{ error: { code, message }, data: [{ code, message, field? }] }`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input: TransformInput) => {
      // A route declared without a schema (a plugin's) is listed with what is known of it; it used to
      // make the whole document a 500.
      const output = jsonSchemaTransform(input) as {
        schema: (Record<string, unknown> & { hide?: boolean }) | undefined;
        url: string;
      };
      const declared: Record<string, unknown> & { hide?: boolean } = output.schema ?? {};
      if (declared.hide) return { ...output, schema: declared };
      const route = (input as TransformInput & { route?: RouteOptions }).route;
      const schema: Record<string, unknown> = { ...declared };
      if (usesAuthentication(route, app.authenticate)) schema.security = [{ bearerAuth: [] }];
      const keyed = route?.config?.idempotent ? { '409': inProgress } : {};
      if (route?.config?.idempotent) schema.headers = withIdempotencyKey(schema.headers);
      schema.response = { ...keyed, ...(schema.response as object | undefined), '4XX': errorBody, '5XX': errorBody };
      return { ...output, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: OPENAPI_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['auth'] });

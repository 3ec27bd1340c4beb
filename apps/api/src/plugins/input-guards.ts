// Input refused before any route sees it, with the one error body: addresses the router cannot
// parse, ids longer than any real id, and text carrying NUL characters (PostgreSQL cannot store
// them, so without this check they would surface as a 500 from deep inside a query).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/** Fastify's `frameworkErrors` option: router failures answered like every other error. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('request_uri_too_long')
      : new AppError('request_validation_failed', { message: 'The address of this request is not valid' });
  void reply.code(known.status).send(known.toBody());
}

const MAX_DEPTH = 64;

/** The path of the first string containing NUL, or undefined. */
export function findNulText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.key` : 'key';
    const found = findNulText(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

async function inputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = findNulText(request.params) ?? findNulText(request.query) ?? findNulText(request.body);
    if (field) throw new AppError('text_must_not_contain_nul', { field });
  });
}

export default fp(inputGuards, { name: 'input-guards' });

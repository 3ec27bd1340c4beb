// One error handler for the whole API: every 4xx/5xx leaves in the body of DESIGN §4, a 4xx names
// the rule it broke, and a 5xx never leaks a stack, SQL or parameters.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorItem } from '@rora/contracts';
import { isCancelledStatement, isConnectionError, isQueryDeadline } from '@rora/db';
import { AppError, isAppError } from '../lib/errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

function validationItems(issues: ValidationIssue[]): ErrorItem[] {
  return issues.map((issue) => {
    const path =
      issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'Invalid value';
    return { code: 'request_validation_failed', message, ...(path ? { field: path } : {}) };
  });
}

/** Seconds a client waits before trying again after a 503: long enough for PostgreSQL to restart. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Seconds a client waits before retrying a request whose key is still being processed (409
 * idempotency_request_in_progress), when nothing better is known: a twin running on this process,
 * or in the same batch of orders, answers within moments. The idempotency plugin says more when the
 * key's holder is another process that missed a lease renewal (the time its lease has left, ADR 0024).
 */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/**
 * What a request whose statement passed its deadline is told. Not whether anything was done: a
 * COMMIT that got no answer may have committed, which the same Idempotency-Key finds out (ADR 0024).
 */
export const DEADLINE_MESSAGE = 'The database did not answer in time; try again shortly';

/** Node's error for a request body cut off by the client closing the connection. */
export function clientAborted(error: FastifyError, request: FastifyRequest): boolean {
  return error.code === 'ECONNRESET' && error.message === 'aborted' && request.raw.destroyed;
}

/** Maps framework errors (parsing, validation, limits) and a lost database to catalogued codes. */
export function toAppError(error: FastifyError): AppError | undefined {
  if (isAppError(error)) return error;
  // A statement got no answer within its deadline (ADR 0071): the database is hung or out of reach.
  if (isQueryDeadline(error)) return new AppError('service_unavailable', { message: DEADLINE_MESSAGE });
  // The database is out of reach (stopped, restarting, our session ended): not this request's fault.
  if (isConnectionError(error)) return new AppError('service_unavailable');
  // PostgreSQL cancelled a statement (an operator, a timeout): its transaction did not commit.
  if (isCancelledStatement(error)) return new AppError('service_unavailable');
  // A chain's node is down, slow or garbled (ADR 0044): not this request's fault either.
  if ((error as { name?: unknown }).name === 'NodeError') return new AppError('service_unavailable');
  if (error.validation) {
    return new AppError('request_validation_failed', { items: validationItems(error.validation as ValidationIssue[]) });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('media_type_not_supported');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('request_body_too_large');
    // JSON bodies are parsed by input-guards.ts (parseJsonBody), which answers its own codes.
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('request_body_must_be_json');
    // @fastify/multipart (uploads): its limits, a part named after an Object.prototype key, a field
    // declared JSON that is not, a request closed mid-body, a body that is not multipart at all.
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('request_body_too_large');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('request_body_must_be_valid_multipart');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('media_type_not_supported');
  }
  if (error.statusCode === 429) return new AppError('too_many_requests');
  if (error.statusCode === 405) return new AppError('method_not_allowed');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('request_validation_failed', { message: 'The request is not valid' });
  }
  return undefined;
}

function retryAfterOf(error: AppError): Record<string, string> {
  if (error.status === 503) return { 'retry-after': String(RETRY_AFTER_SECONDS) };
  if (error.code === 'idempotency_request_in_progress') {
    return { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) };
  }
  return {};
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The client went away while sending its body: nothing failed here, and no one reads the answer
    // (Node reports it as ECONNRESET, which was taken for the database gone: 503 logged as an error).
    if (clientAborted(error, request)) {
      request.log.info('client closed the connection before its request arrived');
      return reply.code(400).send(new AppError('request_must_be_valid_http').toBody());
    }
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ code: known.code, err: error }, 'request failed');
      // Every 503 says when to come back (RFC 9110 §10.2.3), and so does every "still in progress",
      // unless its error chose the time.
      const retry = retryAfterOf(known);
      return reply
        .code(known.status)
        .headers({ ...retry, ...known.headers })
        .send(known.toBody());
    }
    // Unexpected: log only the name, message without parameters, and the stack; answer generically.
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(new AppError('internal_error').toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('route_not_found', {
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
    return reply.code(404).send(error.toBody());
  });
}

export default fp(errorsPlugin, { name: 'errors' });

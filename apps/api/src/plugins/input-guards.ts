// Input refused before any route sees it, with the one error body: requests Node's HTTP parser
// refuses, addresses the router cannot parse, ids longer than any real id, bodies the parsers would
// misread (another charset than UTF-8, a compressed body: both were parsed as plain UTF-8), and text
// carrying NUL characters (PostgreSQL cannot store them, so without this check they would surface
// as a 500 from deep inside a query), lone surrogates or bytes that are not UTF-8 (both would be
// stored as U+FFFD, not as sent).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MIMEType } from 'node:util';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { AppError } from '../lib/errors.ts';
import { findDuplicateKey } from '../lib/json-duplicate-key.ts';

/** Fastify's `frameworkErrors` option: router failures answered like every other error. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('request_uri_too_long')
      : new AppError('request_validation_failed', { message: 'The address of this request is not valid' });
  void reply.code(known.status).send(known.toBody());
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's parser refuses before Fastify sees it
 * (headers over the 16 kB limit, a broken request line, one that took too long to arrive) gets the
 * one error body too, not Fastify's own; the connection is closed once the answer is written.
 */
export function clientErrors(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('request_headers_too_large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request_took_too_long')
        : new AppError('request_must_be_valid_http');
  const body = JSON.stringify(known.toBody());
  const head = [
    `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'x-content-type-options: nosniff',
    'connection: close',
  ];
  // Closed once the answer is handed to the kernel: end() alone half-closes, and the HTTP server
  // allows half-open sockets, so a client that never closed its side kept the socket for ever.
  if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  else socket.destroy();
}

const MAX_DEPTH = 64;

/**
 * The largest JSON body: every call's body is a few hundred bytes (uploads are multipart and have
 * their own limit). At the app's 1 MB, one request of deeply nested arrays or 60,000 keys cost the
 * server 300 ms of CPU to parse, check for repeated keys and validate, before any sign-in check.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

/** Why a text cannot be stored as sent, if it cannot. */
export type UnstorableText = 'text_must_not_contain_nul' | 'text_must_be_valid_unicode';

/**
 * NUL, which PostgreSQL's text cannot hold, and a lone surrogate (half of a UTF-16 pair, which JSON's
 * \u escapes can spell): UTF-8 can only carry it as U+FFFD, so a name would come back changed and
 * two passwords differing by it would hash the same.
 */
function unstorable(text: string): UnstorableText | undefined {
  if (text.includes('\u0000')) return 'text_must_not_contain_nul';
  return /\p{Cs}/u.test(text) ? 'text_must_be_valid_unicode' : undefined;
}

/** The first string or key that cannot be stored as sent: its path and why, or undefined. */
export function findUnstorableText(
  value: unknown,
  path = '',
  depth = 0,
): { field: string; code: UnstorableText } | undefined {
  if (typeof value === 'string') {
    const code = unstorable(value);
    return code && { field: path || 'value', code };
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const code = unstorable(key);
    if (code) return { field: path ? `${path}.key` : 'key', code };
    const found = findUnstorableText(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Why a body with these headers cannot be read as it is meant (undefined: it can). Only UTF-8 text
 * (the charset named in any case, or none) and no content coding but `identity` are understood;
 * gzip and the rest are refused rather than decompressed, so a body's size is what arrives.
 */
export function unreadableBody(headers: FastifyRequest['headers']): AppError | undefined {
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return new AppError('content_encoding_must_be_identity');
  }
  const contentType = headers['content-type'];
  if (contentType === undefined) return undefined;
  let charset: string | null;
  try {
    charset = new MIMEType(contentType).params.get('charset');
  } catch {
    return new AppError('media_type_not_supported');
  }
  return charset === null || charset.toLowerCase() === 'utf-8' ? undefined : new AppError('charset_must_be_utf_8');
}

/** What secure-json-parse throws for a __proto__ or constructor.prototype key. */
const FORBIDDEN_PROTOTYPE_KEY = 'Object contains forbidden prototype property';

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** A repeated key's refusal names it and where it is (both cut short when long). */
function duplicateKeyError(text: string): AppError | undefined {
  const duplicate = findDuplicateKey(text);
  if (!duplicate) return undefined;
  return new AppError('request_body_keys_must_be_unique', {
    message: `The key ${JSON.stringify(cut(duplicate.key, 64))} appears more than once in the same object`,
    field: cut(duplicate.path, 200),
  });
}

/** UTF-8 that throws on bytes it cannot decode, where Buffer#toString puts U+FFFD in their place. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Fastify's own JSON parser, but with the reason kept: it answers every failure as one invalid-JSON
 * error, so a key that could reach Object.prototype was refused as if the JSON were broken. A key
 * repeated within an object is refused too (lib/json-duplicate-key.ts): JSON.parse alone keeps the
 * last value where another reader of the same body may keep the first. The bytes are decoded here,
 * strictly: Fastify's decoding turned bytes that are not UTF-8 into U+FFFD, which a name or a
 * password field took and stored as if it had been sent.
 */
export function parseJsonBody(
  _request: FastifyRequest,
  bytes: Buffer | string,
  done: (error: Error | null, value?: unknown) => void,
) {
  if (bytes.length === 0)
    return done(new AppError('request_body_must_be_json', { message: 'The request body is empty' }));
  let body: string;
  try {
    body = typeof bytes === 'string' ? bytes : strictUtf8.decode(bytes);
  } catch {
    return done(new AppError('request_body_must_be_valid_utf_8'));
  }
  let value: unknown;
  try {
    value = secureJson.parse(body, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const code =
      (error as Error).message === FORBIDDEN_PROTOTYPE_KEY
        ? 'request_body_key_not_allowed'
        : 'request_body_must_be_json';
    return done(new AppError(code));
  }
  const duplicate = duplicateKeyError(body);
  return duplicate ? done(duplicate) : done(null, value);
}

async function inputGuards(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, parseJsonBody);
  // Before the body is read: the parsers never see what they would misread.
  app.addHook('onRequest', async (request) => {
    const refusal = unreadableBody(request.headers);
    if (refusal) throw refusal;
  });
  app.addHook('preValidation', async (request) => {
    const found =
      findUnstorableText(request.params) ?? findUnstorableText(request.query) ?? findUnstorableText(request.body);
    if (found) throw new AppError(found.code, { field: found.field });
  });
}

export default fp(inputGuards, { name: 'input-guards' });

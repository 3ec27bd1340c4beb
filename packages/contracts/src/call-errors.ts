// The codes a call can answer: its own (`errors` of its table entry) and the platform's, declared
// once here rather than on every call. Every request can meet the transport's limits and the input
// guards (a charset, an encoding, a NUL); every API address refuses a query parameter it does not
// take or one given twice (the providers' webhooks excepted: their servers choose the address); a GET
// refuses a body, and a call that reads one refuses a body it cannot parse. A call that takes no
// body other than a GET lists request_body_not_allowed itself.
import type { ErrorCode } from './errors/index.ts';
import type { AccountCall } from './user.ts';

/** Codes any request can be answered, whatever its route. */
export const EVERY_CALL_ERRORS = [
  'request_uri_too_long',
  'request_headers_too_large',
  'request_must_be_valid_http',
  'request_took_too_long',
  'media_type_not_supported',
  'charset_must_be_utf_8',
  'content_encoding_must_be_identity',
  'text_must_not_contain_nul',
  'text_must_be_valid_unicode',
  'internal_error',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];

/** Codes of an API call's address: a parameter it does not take, or one given twice. */
export const ADDRESS_ERRORS = [
  'request_validation_failed',
  'query_parameters_must_be_unique',
] as const satisfies readonly ErrorCode[];

/** Codes of a call that reads a JSON body (any but a GET): one the parser cannot take. */
export const BODY_ERRORS = [
  'request_body_must_be_json',
  'request_body_must_be_valid_utf_8',
  'request_body_key_not_allowed',
  'request_body_keys_must_be_unique',
  'request_body_too_large',
] as const satisfies readonly ErrorCode[];

/**
 * Codes of an address with a parameter in its path: a segment that is no text (a broken percent
 * escape, `%E0%A4%A`) matches no route, and is answered as an address that does not exist.
 */
export const PATH_PARAMETER_ERRORS = ['route_not_found'] as const satisfies readonly ErrorCode[];

/** Every code `call` can answer: the platform's (above) merged with its own. */
export function callErrors(call: Pick<AccountCall, 'method' | 'path' | 'errors'>): readonly ErrorCode[] {
  const parameters = call.path.includes('{') ? PATH_PARAMETER_ERRORS : [];
  const address = call.path.startsWith('/webhooks/') ? [] : [...ADDRESS_ERRORS, ...parameters];
  const body = call.method === 'GET' ? (['request_body_not_allowed'] as const) : BODY_ERRORS;
  return [...new Set<ErrorCode>([...EVERY_CALL_ERRORS, ...address, ...body, ...call.errors])];
}

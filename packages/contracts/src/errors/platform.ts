import type { ErrorDefinition } from './types.ts';

// Codes any route can answer. Each code states the rule that was broken.
export const platformErrors = {
  request_validation_failed: { status: 400, message: 'The request is not valid' },
  query_number_must_be_decimal_digits: {
    status: 400,
    message: 'A number in the address must be written with the digits 0 to 9 only',
  },
  query_parameters_must_be_unique: {
    status: 400,
    message: 'A parameter must appear only once in the address',
  },
  request_body_must_be_json: { status: 400, message: 'The request body must be valid JSON' },
  request_body_must_be_valid_utf_8: { status: 400, message: 'The request body must be valid UTF-8 text' },
  request_body_not_allowed: { status: 400, message: 'This request takes no body' },
  request_body_key_not_allowed: {
    status: 400,
    message: 'The request body must not use the keys __proto__ or constructor.prototype',
  },
  request_body_keys_must_be_unique: {
    status: 400,
    message: 'A key must appear only once in each object of the request body',
  },
  request_body_must_be_valid_multipart: {
    status: 400,
    message: 'The upload was cut short or is not a valid form. Please try again',
  },
  request_uri_too_long: { status: 414, message: 'The address of this request is too long' },
  request_headers_too_large: { status: 431, message: 'The headers of this request are too large' },
  request_must_be_valid_http: { status: 400, message: 'The request is not valid HTTP' },
  request_took_too_long: { status: 408, message: 'The request took too long to arrive' },
  text_must_not_contain_nul: { status: 400, message: 'Text must not contain NUL characters' },
  text_must_be_valid_unicode: { status: 400, message: 'Text must be valid Unicode (no lone surrogate halves)' },
  request_body_too_large: { status: 413, message: 'The request body is too large' },
  media_type_not_supported: { status: 415, message: 'This content type is not supported' },
  charset_must_be_utf_8: { status: 415, message: 'The request body must be UTF-8 text' },
  content_encoding_must_be_identity: {
    status: 415,
    message: 'Compressed request bodies are not accepted; send the body uncompressed',
  },
  authentication_required: { status: 401, message: 'Please sign in to continue' },
  session_expired: { status: 401, message: 'Your session has ended. Please sign in again' },
  resource_not_found: { status: 404, message: 'Not found' },
  route_not_found: { status: 404, message: 'This address does not exist' },
  method_not_allowed: { status: 405, message: 'This method is not allowed here' },
  websocket_upgrade_required: { status: 426, message: 'Open this address as a WebSocket' },
  too_many_requests: { status: 429, message: 'Too many requests. Please wait and try again' },
  idempotency_key_required: {
    status: 400,
    message: 'This request needs an Idempotency-Key header of 1 to 255 visible characters',
  },
  idempotency_key_reused_with_different_body: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request',
  },
  idempotency_request_in_progress: { status: 409, message: 'The same request is already being processed' },
  country_not_allowed: {
    status: 451,
    message: 'Our service is currently unavailable in your country. Please check back as we expand our licences',
  },
  message_delivery_failed: { status: 503, message: 'We could not send the message. Please try again' },
  internal_error: { status: 500, message: 'An error occurred. Please try again' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable' },
} as const satisfies Record<string, ErrorDefinition>;

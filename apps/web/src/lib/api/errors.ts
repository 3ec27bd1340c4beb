// What the API's error body (DESIGN §4) becomes in the app: an ApiError, and the one message a toast
// shows for it (spec §8: the first data item's message, else a generic sentence).
export interface ApiErrorItem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
  readonly [extra: string]: unknown;
}

export const NETWORK_ERROR_CODE = 'network_error';
export const FALLBACK_ERROR_KEY = 'errors.fallback';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly items: readonly ApiErrorItem[];
  /** The answer's Retry-After in seconds (when to try again), when it sent one. */
  readonly retryAfterSeconds?: number;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    items: readonly ApiErrorItem[];
    retryAfterSeconds?: number;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.items = options.items;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Retry-After as the API writes it (whole seconds); undefined when absent or another form (a date). */
export function retryAfterSeconds(header: string | null): number | undefined {
  return header !== null && /^\s*\d{1,6}\s*$/.test(header) ? Number(header) : undefined;
}

function isItem(value: unknown): value is ApiErrorItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.code === 'string' && typeof item.message === 'string';
}

/** Builds the ApiError for a non-2xx answer, whatever its body turned out to be. */
export function toApiError(status: number, body: unknown, retryAfter: string | null = null): ApiError {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const items = Array.isArray(record.data) ? record.data.filter(isItem) : [];
  const head =
    typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : {};
  const code = typeof head.code === 'string' ? head.code : (items[0]?.code ?? `http_${status}`);
  const message = typeof head.message === 'string' ? head.message : (items[0]?.message ?? `HTTP ${status}`);
  return new ApiError({ status, code, message, items, retryAfterSeconds: retryAfterSeconds(retryAfter) });
}

export function networkError(): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Network request failed', items: [] });
}

/** Looks a key up in the translations (with values to fill in); undefined when there is none. */
export type Translate = (key: string, values?: Record<string, unknown>) => string | undefined;

/** A "still running" due to end within this many seconds is waited for by the client, not the customer. */
export const IN_PROGRESS_WAIT_MAX_SECONDS = 2;
/** Common's words for a "still running" the customer must wait out: "…try again in {{count}} seconds". */
export const IN_PROGRESS_RETRY_IN_KEY = 'errors.inProgressRetryIn';

/** A 409 "still running" (idempotency_request_in_progress) that said when to try again. */
export function stillRunning(error: unknown): error is ApiError & { retryAfterSeconds: number } {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.code === 'idempotency_request_in_progress' &&
    error.retryAfterSeconds !== undefined
  );
}

/** The seconds to tell the customer before they try again: a "still running" too long for the client to wait. */
export function inProgressWaitSeconds(error: unknown): number | null {
  return stillRunning(error) && error.retryAfterSeconds > IN_PROGRESS_WAIT_MAX_SECONDS ? error.retryAfterSeconds : null;
}

/**
 * The toast text for a failed call: the translation of the first item's code (so French customers
 * read French), else 'An error occurred. Please try again' in the reader's language: the server's
 * message is English and is not shown (spec §8; every code a customer can meet is translated).
 */
export function errorToastMessage(error: unknown, translate: Translate): string {
  const fallback = translate(FALLBACK_ERROR_KEY) ?? 'An error occurred. Please try again';
  if (!(error instanceof ApiError)) return fallback;
  const waitSeconds = inProgressWaitSeconds(error);
  if (waitSeconds !== null) return translate(IN_PROGRESS_RETRY_IN_KEY, { count: waitSeconds }) ?? fallback;
  const first = error.items[0];
  if (!first) return fallback;
  return translate(`errors.${first.code}`) ?? fallback;
}

/** The error item about one form field, for showing the server's verdict beside the input. */
export function fieldError(error: unknown, field: string): ApiErrorItem | undefined {
  return error instanceof ApiError ? error.items.find((item) => item.field === field) : undefined;
}

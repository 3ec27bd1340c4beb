// The one way the app calls the API: JSON in and out, the bearer token when signed in, the success
// envelope `{ data }` unwrapped, failures as ApiError. A 401 on a call that carried a token means the
// session ended: the registered handler remembers the path and sends the customer to / (spec §4).
// Every call names the language the app is shown in (Accept-Language), so what the server sends
// from it (a sign-up or reset code, the account's language at registration) is in that language.
// A keyed request told its twin is still running and ends within moments (409 with a short
// Retry-After) is sent again, identical, after that delay (idempotency.ts): never a second effect.
import type { ApiCall, CallInput, CallOutput } from '@rora/contracts';
import { languageTag } from '../i18n/languages.ts';
import { getSession } from '../session/session-store.ts';
import { networkError, toApiError } from './errors.ts';
import { inProgressRetryDelayMs } from './idempotency.ts';

export const API_BASE = '/api/v1';

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Receives the token the server refused, so 401s of calls that were already in flight are ignored. */
let unauthorizedHandler: (token: string) => void = () => undefined;

export function setUnauthorizedHandler(handler: (token: string) => void): void {
  unauthorizedHandler = handler;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function buildHeaders(options: RequestOptions, token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': languageTag(),
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Waits `ms`; rejects as fetch would when the signal aborts meanwhile. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** Calls `/api/v1{path}` and returns the `data` of the answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const keyed = options.headers?.['Idempotency-Key'] !== undefined;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await requestOnce<T>(path, options);
    } catch (error) {
      const delayMs = keyed ? inProgressRetryDelayMs(error, attempt) : null;
      if (delayMs === null) throw error;
      await pause(delayMs, options.signal);
    }
  }
}

async function requestOnce<T>(path: string, options: RequestOptions): Promise<T> {
  const { token } = getSession();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options, token),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError();
  }
  const body = await readBody(response);
  if (response.ok) return (body as { data: T } | undefined)?.data as T;
  if (response.status === 401 && token) unauthorizedHandler(token);
  throw toApiError(response.status, body, response.headers.get('Retry-After'));
}

/** `/wallet/{id}` with `{ id }` filled in, each value encoded. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (with its `?`) of the defined values; '' when there are none. */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Calls one call of the contract (`@rora/contracts`' typed tables): the path and query are built
 * from the input, and the answer's `data` is typed by the call's response schema.
 */
export async function callApi<Call extends ApiCall>(call: Call, input: CallInput<Call>): Promise<CallOutput<Call>> {
  const { params, query, body, signal, headers } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Readonly<Record<string, string>>;
  };
  return apiRequest<CallOutput<Call>>(`${fillPath(call.path, params)}${queryString(query)}`, {
    method: call.method,
    body,
    signal,
    headers,
  });
}

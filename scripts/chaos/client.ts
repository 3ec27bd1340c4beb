// The chaos run's HTTP client: one call, answered or not. A call that gets no answer (refused
// connection, reset, timeout) is `status: 0`; the caller decides whether to retry it, always with the
// same Idempotency-Key, as a real client would.
import { request } from 'undici';

const CALL_TIMEOUT_MS = 15_000;

export interface Call {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Under /api/v1. */
  readonly path: string;
  readonly token: string;
  readonly body?: unknown;
  readonly idempotencyKey?: string;
}

export interface Answer {
  /** 0: no answer. */
  readonly status: number;
  readonly code?: string;
  readonly data?: Record<string, unknown>;
  readonly retryAfter?: string;
  readonly text: string;
}

export async function send(baseUrl: string, call: Call): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${call.token}` };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
  try {
    const response = await request(`${baseUrl}/api/v1${call.path}`, {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      headersTimeout: CALL_TIMEOUT_MS,
      bodyTimeout: CALL_TIMEOUT_MS,
    });
    const text = await response.body.text();
    const retryAfter = response.headers['retry-after'];
    let parsed: { data?: Record<string, unknown>; error?: { code?: string } } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON (a proxy page, a cut body): the status says enough.
    }
    return {
      status: response.statusCode,
      text,
      ...(parsed.error?.code ? { code: parsed.error.code } : {}),
      ...(parsed.data ? { data: parsed.data } : {}),
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
    };
  } catch (error) {
    return { status: 0, text: (error as Error).message };
  }
}

/** GET /api/v1/health: 200 once the server answers and its database is up. */
export async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await request(`${baseUrl}/api/v1/health`, { headersTimeout: 2_000, bodyTimeout: 2_000 });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

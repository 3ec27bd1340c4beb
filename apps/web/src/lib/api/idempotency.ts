// Idempotency-Keys of the requests that move money (DESIGN §4). The server stores the answer of every
// request that reached it under its key, refusals included, and gives that answer back to any later
// request with the same key. So a key is reused only to retry an attempt whose answer never came (the
// network failed, the server was away: 5xx) or was "still running" (409
// idempotency_request_in_progress): that retry must not take effect twice. Once an answer came, the
// next request, even one with the very same body, is a new request with a new key: an identical
// second order is a second order, and a refused stake tried again after the customer fixed the cause
// runs again instead of getting the refusal back for 24 hours.
// A "still running" that the server says ends within moments (Retry-After of a second or two, the
// first request answering now) is waited for and tried again by the client itself, with the same
// request and key, a few times; a longer one (its holder may have died: ADR 0024) is the customer's
// to try again, told when.
import { useRef } from 'react';
import { ApiError, IN_PROGRESS_WAIT_MAX_SECONDS, stillRunning } from './errors.ts';

/** A random UUID; crypto.randomUUID exists only on secure origins (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether the server answered for good: a success (no error) or a refusal it stored. Not a network
 * failure, a 5xx (it may have taken effect: the retry learns what happened), a 409 "still running",
 * nor a refusal made before the key was read (408 slow body, 429 too many requests).
 */
export function answeredForGood(error?: unknown): boolean {
  if (error === undefined || error === null) return true;
  if (!(error instanceof ApiError)) return false;
  if (error.status < 400 || error.status >= 500 || error.status === 408 || error.status === 429) return false;
  return error.code !== 'idempotency_request_in_progress';
}

/** How many times a request is sent in all while its answers are short "still running"s. */
export const IN_PROGRESS_TRIES = 4;

/**
 * How long to wait before sending the same request (same key) again after attempt number `attempt`
 * failed with `error`; null when it is not to be sent again by the client: not a short "still
 * running" of a keyed request, or the tries are spent.
 */
export function inProgressRetryDelayMs(error: unknown, attempt: number): number | null {
  if (!stillRunning(error) || error.retryAfterSeconds > IN_PROGRESS_WAIT_MAX_SECONDS) return null;
  return attempt < IN_PROGRESS_TRIES ? error.retryAfterSeconds * 1000 : null;
}

export interface IdempotencyKeys {
  /** The key of this request: the last attempt's when it is the same request awaiting its answer, else new. */
  keyFor(body: unknown): string;
  /** How the attempt ended (its error, or nothing): after an answer for good, the next request gets a new key. */
  settled(error?: unknown): void;
}

export function useIdempotencyKeys(): IdempotencyKeys {
  const last = useRef<{ key: string; body: string } | null>(null);
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { key: newIdempotencyKey(), body: text };
      return last.current.key;
    },
    settled(error) {
      if (answeredForGood(error)) last.current = null;
    },
  };
}

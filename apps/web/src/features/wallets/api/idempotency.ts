// One Idempotency-Key per distinct request: made before the first try, reused when the very same
// request is tried again (a timeout, a double click), and replaced when the request changes (a PIN
// typed again), since the server refuses a key reused with another body.
import { useRef } from 'react';

/** A random UUID; crypto.randomUUID exists only on secure origins (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ key: string; body: string } | null>(null);
  return (body) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { key: newIdempotencyKey(), body: text };
    return last.current.key;
  };
}

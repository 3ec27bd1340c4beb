// Reconnect delays for the WebSocket: doubling from 1 s to at most 30 s, with up to 20 % jitter so
// a server restart is not met by every browser at the same instant.
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  const jitter = exponential * 0.2 * random();
  return Math.round(exponential - jitter);
}

// The sessions list: this device first, then the most recently used; and how long ago a session was
// last used, as the parts Intl.RelativeTimeFormat needs ('5 minutes ago', 'yesterday').
export interface SessionLike {
  readonly id: string;
  readonly lastSeenAt: string;
  readonly current: boolean;
}

export function orderSessions<T extends SessionLike>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1;
    return Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt);
  });
}

export type LastSeen =
  | { readonly kind: 'now' }
  | { readonly kind: 'relative'; readonly value: number; readonly unit: 'minute' | 'hour' | 'day' }
  | { readonly kind: 'date' };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Under a minute (or a clock a little ahead): now; under a week: relative; older: the date. */
export function lastSeen(at: Date, now: Date): LastSeen {
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE_MS) return { kind: 'now' };
  if (elapsed < HOUR_MS) return { kind: 'relative', value: Math.floor(elapsed / MINUTE_MS), unit: 'minute' };
  if (elapsed < DAY_MS) return { kind: 'relative', value: Math.floor(elapsed / HOUR_MS), unit: 'hour' };
  if (elapsed < 7 * DAY_MS) return { kind: 'relative', value: Math.floor(elapsed / DAY_MS), unit: 'day' };
  return { kind: 'date' };
}

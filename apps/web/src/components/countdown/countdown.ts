// The resend countdown as pure arithmetic on timestamps, so a throttled background tab still shows
// the right number when it wakes up.
export function secondsLeft(startedAtMs: number, nowMs: number, durationSeconds: number): number {
  const elapsed = Math.floor((nowMs - startedAtMs) / 1000);
  return Math.min(durationSeconds, Math.max(0, durationSeconds - elapsed));
}

/** `1:00`, `0:09`. */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

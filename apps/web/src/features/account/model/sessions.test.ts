import { describe, expect, it } from 'vitest';
import { lastSeen, orderSessions } from './sessions.ts';

describe('orderSessions', () => {
  it('puts this device first, then the most recently used', () => {
    const sessions = [
      { id: 'old', lastSeenAt: '2025-01-01T10:00:00.000Z', current: false },
      { id: 'this', lastSeenAt: '2025-01-01T09:00:00.000Z', current: true },
      { id: 'recent', lastSeenAt: '2025-01-02T10:00:00.000Z', current: false },
    ];
    expect(orderSessions(sessions).map((session) => session.id)).toEqual(['this', 'recent', 'old']);
    expect(sessions[0]?.id).toBe('old');
  });
});

describe('lastSeen', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');
  const before = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    [0, { kind: 'now' }],
    [59_999, { kind: 'now' }],
    [-5_000, { kind: 'now' }],
    [60_000, { kind: 'relative', value: 1, unit: 'minute' }],
    [59 * 60_000, { kind: 'relative', value: 59, unit: 'minute' }],
    [3_600_000, { kind: 'relative', value: 1, unit: 'hour' }],
    [23.9 * 3_600_000, { kind: 'relative', value: 23, unit: 'hour' }],
    [86_400_000, { kind: 'relative', value: 1, unit: 'day' }],
    [6.9 * 86_400_000, { kind: 'relative', value: 6, unit: 'day' }],
    [7 * 86_400_000, { kind: 'date' }],
  ])('%d ms ago reads as %j', (elapsed, expected) => {
    expect(lastSeen(before(elapsed), now)).toEqual(expected);
  });
});

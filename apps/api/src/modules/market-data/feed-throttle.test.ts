// The feeds' throttle runs on multiples of its period of the clock: the throttled updates of every
// market, whenever each was asked for, fall due together, and a subscriber gets them in one write.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './market-feed.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the feed throttle', () => {
  it('runs two markets asked for at different times on the same boundary, once each', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(1_000_030);
    const runs: string[] = [];
    const first = throttle(() => void runs.push(`BTC ${Date.now()}`), 100);
    const second = throttle(() => void runs.push(`ETH ${Date.now()}`), 100);
    first();
    await vi.advanceTimersByTimeAsync(40);
    second();
    first();
    await vi.advanceTimersByTimeAsync(29);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['BTC 1000100', 'ETH 1000100']);
    second();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual(['BTC 1000100', 'ETH 1000100', 'ETH 1000200']);
  });
});

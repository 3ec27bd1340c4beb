// A repeating task runs one pass at a time, reports a failed pass and goes on, and stops at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRepeating } from './repeating.ts';

afterEach(() => vi.useRealTimers());

describe('a repeating task', () => {
  it('joins a pass asked for while one runs instead of starting another', async () => {
    let release = () => undefined as void;
    const task = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const repeating = createRepeating(task, () => undefined);
    const first = repeating.run();
    expect(repeating.run()).toBe(first);
    release();
    await first;
    const second = repeating.run();
    release();
    await second;
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('reports a failed pass and runs again at the next tick, until stopped', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const task = vi.fn(() => Promise.reject(new Error('database away')));
    const repeating = createRepeating(task, (error) => errors.push(error));
    repeating.follow(1_000);
    repeating.follow(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['database away', 'database away']);
    await repeating.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(2);
  });
});

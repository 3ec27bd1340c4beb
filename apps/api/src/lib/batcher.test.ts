import { describe, expect, it } from 'vitest';
import { isQueryDeadline } from '@rora/db';
import { createBatcher } from './batcher.ts';

/** A flush that records each batch it is given and answers when told to. */
function recordingFlush() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const flush = (inputs: number[]) => {
    batches.push(inputs);
    return new Promise<number[]>((resolve) => pending.push(() => resolve(inputs.map((input) => input * 10))));
  };
  /** Answers every flush in flight, again and again, until `answers` settle. */
  const pump = async <T>(answers: Promise<T>): Promise<T> => {
    let settled = false;
    void answers.finally(() => (settled = true)).catch(() => undefined);
    while (!settled) {
      while (pending.length > 0) pending.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return answers;
  };
  return { batches, flush, pump };
}

describe('createBatcher', () => {
  it('sends a lone call at once and answers it', async () => {
    const batch = createBatcher(async (inputs: number[]) => inputs.map((input) => input + 1));
    expect(await batch(41)).toBe(42);
  });

  it('coalesces the calls made while a flush is in flight, answering each with its own output', async () => {
    const { batches, flush, pump } = recordingFlush();
    const batch = createBatcher(flush, { maxInFlight: 1 });
    const first = batch(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [batch(2), batch(3), batch(4)];
    expect(await pump(Promise.all([first, ...rest]))).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never sends more than maxBatch inputs in one flush, nor more than maxInFlight flushes at once', async () => {
    const { batches, flush, pump } = recordingFlush();
    const batch = createBatcher(flush, { maxInFlight: 1, maxBatch: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((input) => batch(input)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    expect(await pump(answers)).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gives every call of a failed flush its error, and goes on with the next', async () => {
    let fail = true;
    const batch = createBatcher(async (inputs: number[]) => {
      if (fail) throw new Error('database unreachable');
      return inputs;
    });
    const failed = await Promise.allSettled([batch(1), batch(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batch(3)).toBe(3);
  });

  it('refuses a flush that answers a different number of outputs', async () => {
    const batch = createBatcher(async () => [1]);
    await expect(Promise.all([batch(1), batch(2)])).rejects.toThrow(/answered 1 of 2/);
  });

  it('answers every call within deadlineMs of its making, even queued behind flushes that hang', async () => {
    // PostgreSQL paused: the flushes in flight wait for their statements' deadline, and the calls
    // queued behind them waited for those and then for their own, twice the deadline (ADR 0071).
    const batches: number[][] = [];
    const batch = createBatcher(
      (inputs: number[]) => {
        batches.push(inputs);
        return new Promise<number[]>(() => undefined);
      },
      { maxInFlight: 1, deadlineMs: 50 },
    );
    const started = Date.now();
    const first = batch(1);
    await new Promise((resolve) => setImmediate(resolve));
    const queued = [batch(2), batch(3)];
    const answers = await Promise.allSettled([first, ...queued]);
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const answer of answers) {
      expect(answer.status).toBe('rejected');
      expect(isQueryDeadline((answer as PromiseRejectedResult).reason)).toBe(true);
    }
    // A call that was never sent stays unsent: nothing of it can have committed.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([[1]]);
  });
});

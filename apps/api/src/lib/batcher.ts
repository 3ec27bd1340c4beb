// Group commit for small statements on the request path: calls that arrive while earlier ones are
// being written wait and go out together in one statement, so under load a thousand requests cost a
// handful of round trips and commits instead of a thousand. An idle batcher sends a lone call at once
// (no timer, no added latency). `flush` answers the inputs in order; if it throws, every call of that
// flush gets the error.
import { queryDeadlineError } from '@rora/db';

export interface BatcherOptions {
  /** Flushes in flight at once (default 2): one collects while another commits. */
  maxInFlight?: number;
  /** Calls per flush at most (default 500). */
  maxBatch?: number;
  /**
   * A call's longest wait for its answer, counted from the call (ADR 0071); unset: none. Past it, the
   * call fails as a statement past its deadline does: taken out unsent if it still waits for a flush
   * (behind flushes the database does not answer, it would wait for theirs and then for its own),
   * else left to its flush, whose outcome it no longer hears (the caller treats it as unknown).
   */
  deadlineMs?: number;
}

interface Call<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export function createBatcher<I, O>(
  flush: (inputs: I[]) => Promise<O[]>,
  options: BatcherOptions = {},
): (input: I) => Promise<O> {
  const maxInFlight = options.maxInFlight ?? 2;
  const maxBatch = options.maxBatch ?? 500;
  let waiting: Array<Call<I, O>> = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || inFlight >= maxInFlight || waiting.length === 0) return;
    scheduled = true;
    // Calls made in the same turn of the event loop join this flush.
    setImmediate(run);
  }

  function run(): void {
    scheduled = false;
    if (waiting.length === 0) return;
    const calls = waiting.slice(0, maxBatch);
    waiting = waiting.slice(calls.length);
    inFlight += 1;
    flush(calls.map((call) => call.input))
      .then((outputs) => {
        if (outputs.length !== calls.length)
          throw new Error(`batch flush answered ${outputs.length} of ${calls.length}`);
        calls.forEach((call, index) => call.resolve(outputs[index]!));
      })
      .catch((error: unknown) => {
        for (const call of calls) call.reject(error);
      })
      .finally(() => {
        inFlight -= 1;
        schedule();
      });
    schedule();
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      const deadlineMs = options.deadlineMs;
      if (deadlineMs === undefined) {
        waiting.push({ input, resolve, reject });
        schedule();
        return;
      }
      let settled = false;
      const call: Call<I, O> = {
        input,
        resolve: (output) => settle(() => resolve(output)),
        reject: (error) => settle(() => reject(error)),
      };
      const timer = setTimeout(() => {
        waiting = waiting.filter((other) => other !== call);
        call.reject(queryDeadlineError());
      }, deadlineMs);
      function settle(answer: () => void): void {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        answer();
      }
      waiting.push(call);
      schedule();
    });
}

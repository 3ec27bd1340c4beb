// Group commit for small statements on the request path: calls that arrive while earlier ones are
// being written wait and go out together in one statement, so under load a thousand requests cost a
// handful of round trips and commits instead of a thousand. An idle batcher sends a lone call at once
// (no timer, no added latency). `flush` answers the inputs in order; if it throws, every call of that
// flush gets the error.
export interface BatcherOptions {
  /** Flushes in flight at once (default 2): one collects while another commits. */
  maxInFlight?: number;
  /** Calls per flush at most (default 500). */
  maxBatch?: number;
}

export function createBatcher<I, O>(
  flush: (inputs: I[]) => Promise<O[]>,
  options: BatcherOptions = {},
): (input: I) => Promise<O> {
  const maxInFlight = options.maxInFlight ?? 2;
  const maxBatch = options.maxBatch ?? 500;
  let waiting: Array<{ input: I; resolve: (output: O) => void; reject: (error: unknown) => void }> = [];
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
      waiting.push({ input, resolve, reject });
      schedule();
    });
}

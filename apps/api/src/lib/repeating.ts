// A task run again and again on a timer, one pass at a time: a pass asked for while one runs (by the
// timer or a caller) joins that one instead of starting another. The timer does not keep the process
// alive, and a pass that fails is reported and tried again at the next tick.
export interface Repeating {
  /** Runs a pass now, or joins the one under way. */
  run(): Promise<void>;
  /** Runs a pass every `intervalMs` from now on (once: a second call does nothing). */
  follow(intervalMs: number): void;
  /** Stops the timer at once; resolves once the pass under way, if any, has ended. */
  stop(): Promise<void>;
}

export function createRepeating(task: () => Promise<void>, onError: (error: unknown) => void): Repeating {
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () => (running ??= task().finally(() => (running = undefined)));
  return {
    run,
    follow(intervalMs) {
      if (timer) return;
      timer = setInterval(() => run().catch(onError), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      return running?.catch(() => undefined) ?? Promise.resolve();
    },
  };
}

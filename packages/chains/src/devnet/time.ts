// Time for the devnet, injected so tests move it instead of waiting. The shape matches the API's clock.

export interface Clock {
  now(): Date;
}

/** Runs a task every `intervalMs`; returns the function that stops it. */
export interface Scheduler {
  every(intervalMs: number, task: () => void): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

/** Real timers that do not keep the process alive on their own. */
export const timerScheduler: Scheduler = {
  every(intervalMs, task) {
    const handle = setInterval(task, intervalMs);
    handle.unref();
    return () => clearInterval(handle);
  },
};

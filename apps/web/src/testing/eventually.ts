// How long a web test waits for what it expects to come true: Testing Library's findBy and waitFor
// (configured in async-waits.ts) and vi.waitFor (through `eventually`) give up after 1 s by default,
// which a debounce, a fake API's answer and a render pass on a loaded machine (load 14 on 2 cores)
// overran: exchange.test.tsx failed once so in a parallel run and passed alone. A wait ends as soon as
// its check holds, so the room costs a passing test nothing.
import { vi } from 'vitest';

export const ASYNC_WAIT_MS = 10_000;

/** vi.waitFor with room for a loaded machine; its interval (and so fake timers' steps) is vitest's own. */
export const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: ASYNC_WAIT_MS });

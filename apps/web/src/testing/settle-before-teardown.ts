// Runs before every web test file (vitest.config.ts: setupFiles). preact runs a render's effects
// after the next frame, with a 35 ms timer as the fallback, and that timer calls
// cancelAnimationFrame. A render in a file's last moments (a query that settled as the last test
// ended) could leave the timer pending when the jsdom environment is torn down and its globals
// deleted: the timer then threw "cancelAnimationFrame is not defined" outside any test, which
// failed the whole run on a slow machine (register.test.tsx, 2026-11-29).
// After the file's own hooks, this waits one timer longer than preact's: Node fires timers in the
// order they fall due, so every timer set before this one with a shorter delay has fired first.
import { afterAll } from 'vitest';

const PREACT_FRAME_FALLBACK_MS = 35;

afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, PREACT_FRAME_FALLBACK_MS + 15)));

// The embedded PostgreSQL started again when it dies under a running process (kill -9 of its
// postmaster, the OOM killer, a crash), as systemd's Restart= would: its crash recovery replays the
// WAL, so every committed transaction is there again, and the pool reconnects by itself (ADR 0075).
// Before, the API answered 503 until a person ran `npm start` again. The wait before each start
// doubles while starts fail or the server keeps dying, so one that cannot start (its port taken, the
// disk full, backends of the dead server still holding its shared memory) does not spin the machine;
// a server that ran a minute starts over at the first wait. A stop halts it first: a server stopped
// on purpose is never started again, nor one that dies while the process stops (ADR 0077).
//
// Code 0 is a postmaster that was asked to shut down by a signal from outside (pg_ctl stop, SIGINT,
// SIGTERM, even SIGQUIT's immediate shutdown): most often one sent to every process of the app at
// once (`pkill -f <folder>`, a service manager stopping the whole cgroup), which reaches this
// process in the same moment. Its death is told only if this process is not stopping a moment
// later (SAME_MOMENT_MS); otherwise the stop tells it (stoppedBeforeUs). A server stopped by hand
// while the process runs on is started again all the same: without it the API answers 503 forever.
import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';

export interface RestartBackoff {
  /** The wait before the first start; each death or failed start doubles it, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** A server that ran this long before dying was not crash-looping: its wait starts over. */
  steadyMs: number;
}

export const RESTART_BACKOFF: RestartBackoff = { firstMs: 1_000, maxMs: 30_000, steadyMs: 60_000 };

export interface RestartOptions {
  /** The server process running now (the postmaster, the package's child), watched for its exit. */
  server: () => ChildProcess | undefined;
  /** Starts the server again on the same data folder and port; resolves with its pid. */
  start: () => Promise<number | undefined>;
  /** One line per death, per start and per failed start. */
  say: (line: string) => void;
  backoff?: RestartBackoff;
}

/**
 * How long after a shutdown asked from outside (code 0) this process may still learn that it is
 * stopping too: signals sent to all of the app's processes at once arrive together, but a busy event
 * loop may handle ours after the server's exit.
 */
export const SAME_MOMENT_MS = 1_000;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

const exitOf = (code: number | null, signal: NodeJS.Signals | null) =>
  code !== null ? `code ${code}` : (signal ?? 'unknown');

/**
 * What a stop says of a server that was gone before the stop reached it (one died under it), or
 * nothing when it still runs: its exit, waited for briefly (a process that just ended is reaped a
 * moment later).
 */
export async function stoppedBeforeUs(server: ChildProcess | undefined): Promise<string | undefined> {
  if (!server) return undefined;
  if (server.exitCode === null && server.signalCode === null) {
    await Promise.race([once(server, 'exit'), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }
  const how = exitOf(server.exitCode, server.signalCode);
  if (how === 'unknown') return undefined;
  return how === 'code 0'
    ? `PostgreSQL (pid ${server.pid}) had already shut down (code 0) as this process stopped: a signal from ` +
        'outside stopped it, as one sent to every process of the app does; its data is kept'
    : `PostgreSQL (pid ${server.pid}) had already exited (${how}) as this process stopped; its next start ` +
        'recovers its data from the WAL';
}

/** Watches the server now running and starts it again whenever it exits, until `halt`. */
export function restartWhenDead(options: RestartOptions): { halt: () => Promise<void> } {
  const { say, backoff = RESTART_BACKOFF } = options;
  let waitMs = backoff.firstMs;
  let halted = false;
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;

  const later = (why: string) => {
    // PostgreSQL's own lines, when a start failed, come after the summary.
    const [summary, ...lines] = why.split('\n');
    say([`${summary}: starting it again in ${seconds(waitMs)}`, ...lines].join('\n'));
    timer = setTimeout(() => {
      timer = undefined;
      starting = startAgain().finally(() => (starting = undefined));
    }, waitMs);
    waitMs = Math.min(waitMs * 2, backoff.maxMs);
  };
  const startAgain = async () => {
    try {
      const pid = await options.start();
      say(`PostgreSQL started again (pid ${pid ?? 'unknown'}); it recovered its data from the WAL`);
      // A stop that came during the start stops this server once the start is over (halt waits).
      if (!halted) watch();
    } catch (error) {
      if (!halted) later(error instanceof Error ? error.message : String(error));
    }
  };
  const watch = () => {
    const server = options.server();
    if (!server) return;
    const startedAt = Date.now();
    const died = (code: number | null, signal: NodeJS.Signals | null) => {
      if (halted) return;
      const ranMs = Date.now() - startedAt;
      if (ranMs >= backoff.steadyMs) waitMs = backoff.firstMs;
      const exited = `PostgreSQL (pid ${server.pid}) exited (${exitOf(code, signal)}) after ${seconds(ranMs)}`;
      if (code !== 0) return later(`${exited}, not stopped by this process`);
      // A stop of this process a moment later makes it part of that stop: halt clears this timer.
      timer = setTimeout(() => {
        timer = undefined;
        later(`${exited}: shut down by a signal from outside, while this process runs on`);
      }, SAME_MOMENT_MS);
    };
    // It may have died between its start and this line: then no 'exit' comes any more.
    if (server.exitCode !== null || server.signalCode !== null) died(server.exitCode, server.signalCode);
    else server.once('exit', died);
  };

  watch();
  return {
    halt: async () => {
      halted = true;
      clearTimeout(timer);
      await starting;
    },
  };
}

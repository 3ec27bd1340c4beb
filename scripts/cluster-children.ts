// The processes of `npm run cluster` (cluster.ts): their output relayed line by line under their name,
// each started again when it dies (killed by a signal, as the cluster invites, or crashed: a non-zero
// code), as systemd's Restart=on-failure would, but not when it exits 0 (stopped on purpose, as its
// SIGTERM handler does), and all of them stopped on Ctrl-C, however they are. A child that already died is
// not waited for, and its pending restart is cancelled; one that does not stop on SIGTERM within the
// grace period (stopped with SIGSTOP, an event loop stuck) is killed with SIGKILL, so Ctrl-C never
// hangs and never leaves a process behind holding a shard's lock or a port.
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface NamedChild {
  name: string;
  /** The process running under this name now: a supervised one's latest run. */
  child: ChildProcess;
  /** Cancels a pending restart and any later one (supervise): stopChildren calls it first. */
  halt?: () => void;
}

/** How long a child has to stop after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 10_000;

/**
 * Calls `onLine` with each whole line `stream` writes, however its chunks fall: a pipe hands over
 * what is there (up to 64 KiB), which may end in the middle of a line.
 */
export function eachLine(stream: Readable, onLine: (line: string) => void): void {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.length > 0) onLine(line);
  });
}

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

function exited(child: ChildProcess): Promise<void> {
  return running(child) ? new Promise((resolve) => child.once('exit', () => resolve())) : Promise.resolve();
}

/**
 * Stops every child still running, and restarts none after: SIGTERM, then SIGKILL for any still there after `graceMs` (a
 * stopped process does not see SIGTERM until it is continued; SIGKILL reaches it anyway). Resolves
 * once none is left. `say` tells of each one killed.
 */
export async function stopChildren(
  children: readonly NamedChild[],
  options: { graceMs?: number; say?: (line: string) => void } = {},
): Promise<void> {
  for (const { halt } of children) halt?.();
  const left = children.filter(({ child }) => running(child));
  for (const { child } of left) child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.graceMs ?? STOP_GRACE_MS)));
  await Promise.race([Promise.all(left.map(({ child }) => exited(child))), grace]);
  clearTimeout(timer);
  const stuck = left.filter(({ child }) => running(child));
  for (const { name, child } of stuck) {
    options.say?.(`[${name}] did not stop on SIGTERM: killed`);
    child.kill('SIGKILL');
  }
  await Promise.all(stuck.map(({ child }) => exited(child)));
}

/**
 * When a child that died is started again: as systemd's Restart=on-failure with a RestartSec that
 * doubles, so a process killed by hand (kill -9) or crashed comes back (a writer as its shard's
 * standby), one that cannot start does not spin the machine, and one that exited 0 stays stopped.
 * Unlike systemd, a death by SIGTERM counts as a failure too: the API and the worker answer SIGTERM
 * by stopping and exiting 0, so one killed by it had not got that far.
 */
export interface Restarts {
  /** The wait before the first restart; each death doubles it, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** A child that ran this long before dying was not crash-looping: its wait starts over at `firstMs`. */
  steadyMs: number;
  /** `loopDeaths` deaths within `loopMs` is a crash loop (a broken config, say): the child is left dead. */
  loopDeaths: number;
  loopMs: number;
}

export const RESTARTS: Restarts = { firstMs: 1_000, maxMs: 30_000, steadyMs: 60_000, loopDeaths: 5, loopMs: 120_000 };

const duration = (ms: number) => (ms >= 1_000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`);

/**
 * Runs `spawnChild` (its stdout and stderr piped) and starts it again whenever it exits, after the
 * backoff of `restarts`, until stopChildren halts it or it crash-loops. The entry's `child` is always
 * the latest process, so stopChildren stops the one there is. `onLine` gets every line of every run;
 * `say` one line per death and per restart. `now` is the clock the backoff reads (a test's own).
 */
export function supervise(
  name: string,
  spawnChild: () => ChildProcess,
  options: { onLine: (line: string) => void; say: (line: string) => void; restarts?: Restarts; now?: () => number },
): NamedChild {
  const { onLine, say, restarts = RESTARTS, now = Date.now } = options;
  let wait = restarts.firstMs;
  let deaths: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let halted = false;
  const restart = () => {
    entry.child = run();
    say(`[${name}] restarted (pid ${entry.child.pid})`);
  };
  const died = (startedAt: number, code: number | null, signal: NodeJS.Signals | null) => {
    const at = now();
    const why = code !== null ? `code ${code}` : (signal ?? 'not started');
    const how = `[${name}] exited (${why}) after ${duration(at - startedAt)}`;
    if (halted) return say(how);
    // Code 0 is a process that stopped on purpose (its own SIGTERM handler: `kill <pid>`) or had
    // nothing more to do: started again, it could not be stopped short of stopping the cluster.
    if (code === 0) return say(`${how}: stopped cleanly, not restarting it (the rest of the cluster runs on)`);
    if (at - startedAt >= restarts.steadyMs) wait = restarts.firstMs;
    deaths = [...deaths.filter((death) => at - death < restarts.loopMs), at];
    if (deaths.length >= restarts.loopDeaths) {
      return say(
        `${how}: died ${deaths.length} times within ${duration(restarts.loopMs)}, not restarting it again ` +
          '(the rest of the cluster runs on)',
      );
    }
    say(`${how}: restarting in ${duration(wait)}`);
    timer = setTimeout(restart, wait);
    wait = Math.min(wait * 2, restarts.maxMs);
  };
  const run = () => {
    const child = spawnChild();
    const startedAt = now();
    eachLine(child.stdout!, onLine);
    eachLine(child.stderr!, onLine);
    let over = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (over) return;
      over = true;
      died(startedAt, code, signal);
    };
    child.once('exit', end);
    // A process that could not be started at all (no memory, too many processes) says so with
    // 'error', maybe with no 'exit' after: a death like any other, not a crash of the whole runner.
    // Only then: 'error' also comes when a signal could not be sent to a child that still runs.
    child.on('error', (error) => {
      if (child.pid !== undefined) return;
      say(`[${name}] could not start: ${error.message}`);
      end(null, null);
    });
    return child;
  };
  const halt = () => {
    halted = true;
    clearTimeout(timer);
  };
  const entry: NamedChild = { name, child: run(), halt };
  return entry;
}

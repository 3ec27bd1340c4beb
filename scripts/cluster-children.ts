// The processes of `npm run cluster` (cluster.ts): their output relayed line by line under their name,
// and all of them stopped on Ctrl-C, however they are. A child that already died (killed by hand, as
// the cluster invites) is not waited for; one that does not stop on SIGTERM within the grace period
// (stopped with SIGSTOP, an event loop stuck) is killed with SIGKILL, so Ctrl-C never hangs and never
// leaves a process behind holding a shard's lock or a port.
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface NamedChild {
  name: string;
  child: ChildProcess;
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
 * Stops every child still running: SIGTERM, then SIGKILL for any still there after `graceMs` (a
 * stopped process does not see SIGTERM until it is continued; SIGKILL reaches it anyway). Resolves
 * once none is left. `say` tells of each one killed.
 */
export async function stopChildren(
  children: readonly NamedChild[],
  options: { graceMs?: number; say?: (line: string) => void } = {},
): Promise<void> {
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

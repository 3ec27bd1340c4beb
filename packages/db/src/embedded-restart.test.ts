// The restarts of the embedded PostgreSQL (embedded-restart.ts) with a stand-in for its process, so
// the order of a death and a stop is the test's to choose: a server shut down from outside (code 0)
// while the process runs on is said to be so and started again; one whose process begins to stop a
// moment later is part of that stop, told by the stop and started no more.
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { restartWhenDead, SAME_MOMENT_MS, stoppedBeforeUs } from './embedded-restart.ts';

/** A stand-in for the postmaster's process: `end` makes it exit as a real one does. */
function fakeServer(pid: number) {
  const server = Object.assign(new EventEmitter(), {
    pid,
    exitCode: null as number | null,
    signalCode: null as NodeJS.Signals | null,
  });
  const end = (code: number | null, signal: NodeJS.Signals | null = null) => {
    Object.assign(server, { exitCode: code, signalCode: signal });
    server.emit('exit', code, signal);
  };
  return { server: server as unknown as ChildProcess, end };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = { firstMs: 10, maxMs: 40, steadyMs: 60_000 };

function watched() {
  let current = fakeServer(101);
  const said: string[] = [];
  const starts: number[] = [];
  const restarts = restartWhenDead({
    server: () => current.server,
    start: async () => {
      current = fakeServer(current.server.pid! + 1);
      starts.push(current.server.pid!);
      return current.server.pid;
    },
    say: (line) => said.push(line),
    backoff,
  });
  return { restarts, said, starts, current: () => current };
}

describe('the embedded PostgreSQL shut down from outside (code 0)', () => {
  it('is said to be so and started again when the process runs on', async () => {
    const { said, starts, current, restarts } = watched();
    current().end(0);
    await sleep(SAME_MOMENT_MS / 2);
    expect(said).toEqual([]);
    await sleep(SAME_MOMENT_MS / 2 + 200);
    expect(said[0]).toMatch(
      /^PostgreSQL \(pid 101\) exited \(code 0\) after .*: shut down by a signal from outside, while this process runs on: starting it again in 0 s$/,
    );
    expect(said[1]).toMatch(/^PostgreSQL started again \(pid 102\)/);
    expect(starts).toEqual([102]);
    await restarts.halt();
  });

  it('is part of a stop that comes a moment later: not said as a death, and not started again', async () => {
    const { said, starts, current, restarts } = watched();
    const gone = current().server;
    current().end(0);
    await sleep(SAME_MOMENT_MS / 5);
    await restarts.halt();
    await sleep(SAME_MOMENT_MS + 200);
    expect([said, starts]).toEqual([[], []]);
    expect(await stoppedBeforeUs(gone)).toMatch(
      /^PostgreSQL \(pid 101\) had already shut down \(code 0\) as this process stopped: a signal from outside/,
    );
  });

  it('a crash is still said at once and started again after its wait', async () => {
    const { said, starts, current, restarts } = watched();
    current().end(null, 'SIGKILL');
    expect(said[0]).toMatch(/^PostgreSQL \(pid 101\) exited \(SIGKILL\) .*not stopped by this process: starting/);
    await sleep(100);
    expect(starts).toEqual([102]);
    await restarts.halt();
    expect(await stoppedBeforeUs(current().server)).toBeUndefined();
  });
});

// `npm run cluster`'s children (cluster-children.ts): Ctrl-C stops them however they are, one that
// already died, one stopped with SIGSTOP (it sees no SIGTERM) and one that ignores SIGTERM, without
// hanging; a line longer than a pipe's buffer comes out as one line; and one that dies is started
// again after a backoff that grows and starts over, until it crash-loops, and never once stopped nor
// after it exited 0.
// The backoff reads a clock the test moves, so no assertion depends on how fast the machine is.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { eachLine, stopChildren, supervise, type Restarts } from './cluster-children.ts';

/** A Node child running `code`, its stdout piped; resolves once it has said it is ready. */
async function child(code: string): Promise<ChildProcess> {
  const process_ = spawn(process.execPath, ['-e', `${code}; console.log('ready')`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => eachLine(process_.stdout!, (line) => line === 'ready' && resolve()));
  return process_;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the cluster script stopping its processes', () => {
  it('stops a dead, a stopped and a deaf child within the grace period, killing the last two', async () => {
    const dead = await child('setInterval(() => {}, 1000)');
    dead.kill('SIGKILL');
    await once(dead, 'exit');
    const stopped = await child('setInterval(() => {}, 1000)');
    stopped.kill('SIGSTOP');
    const deaf = await child("process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)");
    const polite = await child('setInterval(() => {}, 1000)');
    const said: string[] = [];
    const startedAt = Date.now();
    await stopChildren(
      [
        { name: 'dead', child: dead },
        { name: 'stopped', child: stopped },
        { name: 'deaf', child: deaf },
        { name: 'polite', child: polite },
      ],
      { graceMs: 1_000, say: (line) => said.push(line) },
    );
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    for (const one of [stopped, deaf, polite]) expect(alive(one.pid!)).toBe(false);
    expect(polite.signalCode).toBe('SIGTERM');
    expect(said.sort()).toEqual([
      '[deaf] did not stop on SIGTERM: killed',
      '[stopped] did not stop on SIGTERM: killed',
    ]);
  });

  it('relays a line longer than a pipe hands over at once as one line', async () => {
    const long = 'x'.repeat(300_000);
    const code = `process.stdout.write('x'.repeat(${long.length}) + '\\nshort\\n')`;
    const writer = spawn(process.execPath, ['-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    eachLine(writer.stdout!, (line) => lines.push(line));
    await once(writer.stdout!, 'close');
    expect(lines.map((line) => line.length)).toEqual([long.length, 'short'.length]);
  });
});

/** Lines as they come, each awaited in turn: `next` resolves with the first unread one matching. */
class Lines {
  private readonly lines: string[] = [];
  private read = 0;
  private wake = () => {};
  readonly push = (line: string) => {
    this.lines.push(line);
    this.wake();
  };

  async next(pattern: RegExp): Promise<string> {
    for (;;) {
      while (this.read < this.lines.length) {
        const line = this.lines[this.read++]!;
        if (pattern.test(line)) return line;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/**
 * A supervised child running `code` under a clock the test moves (`clock.now`), with backoffs in
 * milliseconds: what it said, what its runs printed, and every process it started.
 */
function supervised(code: string, restarts: Partial<Restarts> = {}, onSay: (line: string) => void = () => {}) {
  const clock = { now: 0 };
  const said = new Lines();
  const output = new Lines();
  const runs: ChildProcess[] = [];
  const spawnChild = () => {
    const run = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    runs.push(run);
    return run;
  };
  const entry = supervise('api-2', spawnChild, {
    onLine: output.push,
    say: (line) => (onSay(line), said.push(line)),
    restarts: { firstMs: 10, maxMs: 40, steadyMs: 60_000, loopDeaths: 100, loopMs: 120_000, ...restarts },
    now: () => clock.now,
  });
  return { entry, clock, said, output, runs };
}

const FOREVER = "console.log('ready', process.pid); setInterval(() => {}, 1000)";

describe('the cluster script restarting a process that died', () => {
  it('starts a child killed with SIGKILL again, its output still relayed', async () => {
    const { entry, said, output, runs } = supervised(FOREVER);
    const first = entry.child;
    await output.next(new RegExp(`^ready ${first.pid}$`));
    first.kill('SIGKILL');
    expect(await said.next(/exited/)).toBe('[api-2] exited (SIGKILL) after 0 ms: restarting in 10 ms');
    expect(await said.next(/restarted/)).toBe(`[api-2] restarted (pid ${entry.child.pid})`);
    await output.next(new RegExp(`^ready ${entry.child.pid}$`));
    expect(runs).toEqual([first, entry.child]);
    await stopChildren([entry]);
    for (const run of runs) expect(alive(run.pid!)).toBe(false);
  });

  it('doubles the wait up to its ceiling, and starts over after a steady run', async () => {
    const { entry, clock, said } = supervised(FOREVER);
    const waits: string[] = [];
    for (const ranMs of [0, 0, 0, 0, 60_000, 0]) {
      clock.now += ranMs;
      entry.child.kill('SIGKILL');
      waits.push((await said.next(/exited/)).replace(/.*restarting in /, ''));
      await said.next(/restarted/);
    }
    expect(waits).toEqual(['10 ms', '20 ms', '40 ms', '40 ms', '10 ms', '20 ms']);
    await stopChildren([entry]);
    expect(alive(entry.child.pid!)).toBe(false);
  });

  it('leaves a child that exits 0 stopped, as systemd’s Restart=on-failure does', async () => {
    // The API and the worker answer SIGTERM (`kill <pid>`) by stopping and exiting 0.
    const { entry, said, output, runs } = supervised(`process.on('SIGTERM', () => process.exit(0)); ${FOREVER}`);
    try {
      await output.next(new RegExp(`^ready ${entry.child.pid}$`));
      entry.child.kill('SIGTERM');
      expect(await said.next(/exited/)).toBe(
        '[api-2] exited (code 0) after 0 ms: stopped cleanly, not restarting it (the rest of the cluster runs on)',
      );
      // A restart would have come after 10 ms.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(runs).toHaveLength(1);
    } finally {
      await stopChildren([entry]);
    }
  });

  it('gives up on a child that dies too often within the window, and only then', async () => {
    // Deaths 1 and 2, then 3 s on the clock, which forgets them: deaths 3, 4 and 5 are the loop.
    let deaths = 0;
    const advance = (line: string) => {
      if (line.includes('exited') && ++deaths === 2) clock.now += 3_000;
    };
    const { clock, said, runs } = supervised('process.exit(3)', { loopDeaths: 3, loopMs: 3_000 }, advance);
    expect(await said.next(/not restarting/)).toBe(
      '[api-2] exited (code 3) after 0 ms: died 3 times within 3 s, not restarting it again ' +
        '(the rest of the cluster runs on)',
    );
    expect(runs).toHaveLength(5);
  });

  it('cancels a pending restart when the cluster stops, leaving nothing running', async () => {
    const { entry, said, runs } = supervised(FOREVER, { firstMs: 50 });
    entry.child.kill('SIGKILL');
    await said.next(/restarting in 50 ms/);
    await stopChildren([entry]);
    // The restart was due before this wait ends: had it not been cancelled, it would have run by then.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toHaveLength(1);
  });

  it('stops a child just restarted when the cluster stops, and restarts it no more', async () => {
    const { entry, said, runs } = supervised(FOREVER);
    entry.child.kill('SIGKILL');
    await said.next(/restarted/);
    await stopChildren([entry]);
    expect(await said.next(/exited/)).toMatch(/^\[api-2\] exited \(SIGTERM\) after 0 ms$/);
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(alive(run.pid!)).toBe(false);
  });

  it('takes a process that could not be started for one that died, and starts it again', async () => {
    const said = new Lines();
    const output = new Lines();
    const runs: ChildProcess[] = [];
    const spawnChild = () => {
      const command = runs.length === 0 ? '/nonexistent/rora-node' : process.execPath;
      const run = spawn(command, ['-e', FOREVER], { stdio: ['ignore', 'pipe', 'pipe'] });
      runs.push(run);
      return run;
    };
    const restarts = { firstMs: 10, maxMs: 40, steadyMs: 60_000, loopDeaths: 100, loopMs: 120_000 };
    const entry = supervise('worker', spawnChild, { onLine: output.push, say: said.push, restarts });
    expect(await said.next(/could not start/)).toMatch(
      /^\[worker\] could not start: spawn \/nonexistent\/rora-node ENOENT$/,
    );
    expect(await said.next(/exited/)).toMatch(/^\[worker\] exited \(not started\) after \d+ ms: restarting in 10 ms$/);
    await said.next(/restarted/);
    await output.next(new RegExp(`^ready ${entry.child.pid}$`));
    await stopChildren([entry]);
    expect(runs).toHaveLength(2);
    expect(alive(entry.child.pid!)).toBe(false);
  });
});

// `npm run cluster`'s children (cluster-children.ts): Ctrl-C stops them however they are, one that
// already died, one stopped with SIGSTOP (it sees no SIGTERM) and one that ignores SIGTERM, without
// hanging; and a line longer than a pipe's buffer comes out as one line.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { eachLine, stopChildren } from './cluster-children.ts';

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

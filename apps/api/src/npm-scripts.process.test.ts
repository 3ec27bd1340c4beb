// The long-running npm scripts (start, worker, signer, cluster) run their program as npm's own child,
// in one Node process, so a stop sent to npm alone (systemd's or Docker's SIGTERM to the main pid)
// reaches the program, which stops as it should. Under the tsx command line, the program was a
// grandchild: tsx relays a signal and, when the child has not said within 30 ms that it heard it
// (a busy event loop), kills it with SIGKILL. `npm start` killed that way left its jobs unfinished;
// and npm's shell (`sh -c`, dash) does not pass a signal on: it ended, and the server ran on, orphaned.
// Hence `exec node --import tsx …`: the shell becomes Node, and tsx is a loader inside it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('the long-running npm scripts', () => {
  it.each(['start', 'worker', 'signer', 'cluster'])('%s runs its program in the process npm starts', (name) => {
    const command = scripts[name]!;
    // The last command, after a build or alone: npm's shell (sh -c) replaced by Node, which loads tsx.
    expect(command.split('&&').at(-1)!.trim()).toMatch(/^exec node --import tsx /);
  });

  describe('npm run worker, sent SIGTERM to npm alone', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => database?.destroy());

    it('stops the worker, which lets its jobs finish, and npm exits', async () => {
      const npm = spawn('npm', ['run', '--silent', 'worker'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'test', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
        // A group of its own, so that a failing test can end every process npm started.
        detached: true,
      });
      onTestFinished(() => {
        try {
          process.kill(-npm.pid!, 'SIGKILL');
        } catch {
          // Every process of the group has ended.
        }
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      const saw = (pattern: RegExp) =>
        new Promise<RegExpExecArray>((resolve, reject) => {
          const look = () => {
            const match = pattern.exec(output);
            if (match) resolve(match);
          };
          npm.stdout.on('data', (chunk: Buffer) => ((output += chunk.toString()), look()));
          npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          void exited.then(() => reject(new Error(`npm exited before ${pattern}: ${output}`)));
        });
      await saw(/"msg":"worker started"/);
      // The worker is npm's child itself, the only process running it: a signal to npm goes straight to it.
      const workers = descendantsRunning(npm.pid!, 'worker-main.ts');
      expect(workers.map((worker) => worker.parent)).toEqual([npm.pid]);

      npm.kill('SIGTERM');
      await saw(/"signal":"SIGTERM"[^\n]*"msg":"stopping"/);
      await exited;
      expect(alive(workers[0]!.pid)).toBe(false);
    }, 120_000);
  });
});

/** The processes below `ancestor` whose command line names `file`, with their parents (Linux's /proc). */
function descendantsRunning(ancestor: number, file: string): Array<{ pid: number; parent: number }> {
  const all = new Map<number, { parent: number; command: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (name) state ppid …"; the name may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      all.set(Number(entry), { parent, command: readFileSync(`/proc/${entry}/cmdline`, 'utf8') });
    } catch {
      // The process ended while it was read.
    }
  }
  const below = (pid: number): boolean => {
    const parent = all.get(pid)?.parent;
    return parent === ancestor || (parent !== undefined && parent > 1 && below(parent));
  };
  return [...all]
    .filter(([pid, { command }]) => command.includes(file) && below(pid))
    .map(([pid, { parent }]) => ({ pid, parent }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

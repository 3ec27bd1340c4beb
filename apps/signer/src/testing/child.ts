// The signer as a child process, as `npm run signer` runs it (node with tsx), for the process tests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SIGNER_MAIN = path.resolve(here, '../main.ts');
export const CRASH_AFTER_SIGN = path.resolve(here, 'crash-after-sign.ts');
const root = path.resolve(here, '../../../..');

export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function spawnSigner(entry: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, ...output })),
  );
  return { output, finished };
}

/** Runs a command of the signer to its end, with `input` on its standard input. */
export function runSignerCommand(args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<Finished> {
  const child = spawnSigner(SIGNER_MAIN, args, env);
  const { finished } = collect(child);
  child.stdin!.end(input);
  return finished;
}

export interface SignerChild {
  readonly url: string;
  readonly child: ChildProcess;
  readonly finished: Promise<Finished>;
}

/** Starts `entry` and resolves once it prints `READY <url>` (or rejects with what it printed). */
export function startSignerChild(env: NodeJS.ProcessEnv, entry = SIGNER_MAIN): Promise<SignerChild> {
  const child = spawnSigner(entry, [], env);
  child.stdin!.end();
  const { output, finished } = collect(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the signer did not start: ${output.stdout}${output.stderr}`));
    }, 30_000);
    child.stdout!.on('data', () => {
      const match = /READY (\S+)\n/.exec(output.stdout);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: match[1]!, child, finished });
    });
    void finished.then((result) => {
      clearTimeout(timer);
      reject(new Error(`the signer exited (${result.code ?? result.signal}): ${result.stderr}`));
    });
  });
}

// Starts embedded-server-process.ts as a child process on a data folder, for the tests that kill the
// server or stop its PostgreSQL: resolves once it is listening, with where it serves and its database.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const START_TIMEOUT_MS = 45_000;

export interface EmbeddedServerChild {
  child: ChildProcess;
  baseUrl: string;
  databaseUrl: string;
  /** Everything it printed (its start errors among them). */
  output(): string;
}

export function startEmbeddedServerChild(dataDir: string): Promise<EmbeddedServerChild> {
  const entry = path.join(here, 'embedded-server-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, RORA_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${output}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = /READY (\S+) (\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve({ child, baseUrl: match[1]!, databaseUrl: match[2]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}): ${output}`));
    });
  });
}

/** Stops the child: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

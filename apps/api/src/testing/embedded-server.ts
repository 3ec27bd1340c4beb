// Starts embedded-server-process.ts as a child process on a data folder, for the tests that kill the
// server or stop its PostgreSQL: resolves once it is listening, with where it serves and its database.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServerChild, type ServerChild } from '../modules/orders/testing/server-child.ts';

const entryFile = fileURLToPath(new URL('./embedded-server-process.ts', import.meta.url));

export interface EmbeddedServerChild extends ServerChild {
  databaseUrl: string;
}

export async function startEmbeddedServerChild(dataDir: string): Promise<EmbeddedServerChild> {
  const server = await startServerChild({ entryFile, env: { RORA_DATA_DIR: dataDir } });
  return { ...server, databaseUrl: server.details[0]! };
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

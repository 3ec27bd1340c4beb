// A throwaway PostgreSQL for a benchmark: a fresh database on DATABASE_URL's server, or an
// embedded server in a temporary folder; `stop` drops or removes it.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@rora/db';

export async function startBenchDatabase(prefix: string): Promise<{ url: string; stop(): Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      stop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dataDir = path.join(os.tmpdir(), `${prefix}-${process.pid}`);
  const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  return {
    url: embedded.adminUrl,
    stop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

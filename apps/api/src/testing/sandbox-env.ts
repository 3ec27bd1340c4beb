// A sandbox to start as `npm start` does, for the tests of the start itself: a fresh database and an
// empty data folder, both removed after the file's tests, and the settings of a quiet sandbox on them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';

export interface SandboxEnv {
  /** The sandbox's data folder (RORA_DATA_DIR), empty before the first start. */
  readonly dataDir: string;
  /** Its settings: any free port, no worker, no market maker, no logs, no web app. */
  readonly env: Readonly<Record<string, string>>;
}

/** Registers the hooks that make and remove the sandbox; `ready` receives it before the first test. */
export function setUpSandboxEnv(ready: (sandbox: SandboxEnv) => void): void {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'rora-sandbox-'));
    const env = {
      DATABASE_URL: database.url,
      RORA_DATA_DIR: dataDir,
      PORT: '0',
      RUN_WORKER: 'false',
      MARKET_MAKER: 'off',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    };
    ready({ dataDir, env });
  });
  afterAll(async () => {
    await database?.destroy();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });
}

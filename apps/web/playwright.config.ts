// Browser journeys on the built app against the real server (scripts/e2e-server.ts): one server
// for everything, a second one that places visitors in a blocked country. The browser is resolved in
// global setup (e2e/support/browser.ts): CHROME_PATH or the Chromium of @sparticuz/chromium.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { launchOptionsFromEnv } from './e2e/support/browser.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 4610);
const blockedPort = Number(process.env.E2E_BLOCKED_PORT ?? port + 1);
const hookPort = Number(process.env.E2E_HOOK_PORT ?? port + 2);
process.env.E2E_BLOCKED_URL = `http://127.0.0.1:${blockedPort}`;
process.env.E2E_HOOK_URL = `http://127.0.0.1:${hookPort}`;

const server = (env: Record<string, string>, serverPort: number) => ({
  // Not `tsx scripts/e2e-server.ts`: the tsx command kills its script with SIGKILL when it does not
  // acknowledge a relayed signal within 60 ms, and the server's clean-up never ran (e2e-server.ts).
  command: `"${process.execPath}" --import tsx scripts/e2e-server.ts`,
  cwd: root,
  env: { ...env, E2E_PORT: String(serverPort) },
  url: `http://127.0.0.1:${serverPort}/api/v1/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  // SIGTERM lets the server stop PostgreSQL and delete its throwaway data folder.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(root, 'apps/web/test-results'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: launchOptionsFromEnv(),
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    colorScheme: 'dark',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: [server({ E2E_HOOK_PORT: String(hookPort) }, port), server({ E2E_BLOCKED: '1' }, blockedPort)],
});

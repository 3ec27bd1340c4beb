import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { preactAliases, preactCompat } from './apps/web/build/preact-aliases.ts';

const nodeModule = (file: string) => fileURLToPath(new URL(`./node_modules/${file}`, import.meta.url));
// CommonJS that requires React reaches Node's require, where no alias applies (the build's bundler
// rewrites those requires; the test runner does not). Testing Library has an ES module build that
// imports React by name; the use-sync-external-store shim (react-i18next) hands out React's own hook
// when React has one, which preact/compat does.
const commonJsReactUsers = [
  {
    find: /^@testing-library\/react$/,
    replacement: nodeModule('@testing-library/react/dist/@testing-library/react.esm.js'),
  },
  // Node's export condition picks these packages' CommonJS builds; browsers get their ES modules.
  { find: /^react-router$/, replacement: nodeModule('react-router/dist/development/index.mjs') },
  { find: /^lucide-react$/, replacement: nodeModule('lucide-react/dist/esm/lucide-react.mjs') },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: preactCompat },
];

// Libraries that import React by name: run through Vite (not loaded by Node as they are), so the
// aliases reach their imports too and one preact instance renders everything.
const reactLibraries = [
  /@testing-library\/react/,
  /@tanstack\/react-query/,
  /react-router/,
  /react-i18next/,
  /react-hook-form/,
  /lucide-react/,
  /qrcode\.react/,
];

/**
 * Files that need the database server to themselves. They run after the others, one at a time (ADR 0069).
 * - What hot-updates measures (rows updated in place) depends on no transaction anywhere on the server
 *   staying open meanwhile, since one holds back the pruning of dead row versions in every database.
 * - The races hold 50-60 connections at once (a test pool has 60). Two of them side by side passed
 *   PostgreSQL's 100 connections: the server refused some ("too many clients") and a race came out
 *   short (the sign-in backoff got 43 of its 55 refusals), or hung at its gate.
 */
const alone = [
  'packages/ledger/src/hot-updates.test.ts',
  'packages/ledger/src/concurrency.test.ts',
  'apps/api/src/modules/orders/concurrency.test.ts',
  'apps/api/src/modules/wallets/sends.race.test.ts',
  'apps/api/src/modules/auth/sign-in-backoff.test.ts',
];

const nodeTest = {
  environment: 'node' as const,
  // Files of one worker share their modules (ADR 0056): the server's graph is loaded once per
  // worker, not once per file. Each file gets its own database; none leaves state behind.
  isolate: false,
  globalSetup: ['packages/db/src/testing/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two files at a time, whatever the core count: most node files wait on PostgreSQL or on child
    // processes, so a second worker overlaps those waits even on 2 cores (CI: 628 s against 851 s
    // with Vitest's default of one there). More would risk PostgreSQL's 100 connections, which the
    // cluster and chaos files come near on their own (ADR 0069).
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...nodeTest,
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/worker/src/**/*.test.ts',
            'apps/signer/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...alone],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The production runtime: React is preact/compat, as in apps/web/vite.config.ts (ADR 0051).
        resolve: { alias: [...commonJsReactUsers, ...preactAliases] },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A screen's test is CPU work only (rendering in jsdom): 1-4 s quiet, and past Vitest's 5 s
          // default at load 20, where 13 of 960 timed out (exchange, swap, finance-staking). The node
          // tests' limit gives it the room; a race does not hide behind it (there is no waiting).
          testTimeout: 30_000,
          setupFiles: ['apps/web/src/testing/settle-before-teardown.ts', 'apps/web/src/testing/async-waits.ts'],
          server: { deps: { inline: reactLibraries } },
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...nodeTest, name: 'node alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});

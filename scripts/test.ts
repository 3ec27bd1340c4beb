// The one gate (`npm test`, also what .ci/run calls): typecheck, lint with zero warnings, format
// check, unit and API tests on real PostgreSQL, then the browser journeys on the built app.
// Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps: Array<[string, string[]]> = [
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['format', ['npm', 'run', '--silent', 'format:check']],
  ['unit and API tests', ['npx', 'vitest', 'run']],
  ['build the web app', ['npm', 'run', '--silent', 'build:web']],
  ['web bundle budgets', ['npm', 'run', '--silent', 'bench:web', '--', '--check']],
  ['browser journeys', ['npx', 'playwright', 'test', '-c', 'apps/web/playwright.config.ts']],
];

const only = process.argv.slice(2);
for (const [name, [command, ...args]] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command!, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  // The last step's own summary stays the last thing printed.
  if (name !== steps.at(-1)![0]) console.log(`✓ ${name} (${seconds}s)`);
}

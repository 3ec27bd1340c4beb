// The one gate (`npm test`, also what .ci/run calls): typecheck, lint with zero warnings, format
// check, unit and API tests on real PostgreSQL, then the browser journeys on the built app.
// Stops at the first failing step. The three static checks run side by side (each is one thread
// and none writes), their output held and printed whole, so a failure still reads as one block.
import { spawn } from 'node:child_process';

type Step = readonly [name: string, command: readonly string[]];

const stages: ReadonlyArray<readonly Step[]> = [
  [
    ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
    ['lint', ['npm', 'run', '--silent', 'lint']],
    ['format', ['npm', 'run', '--silent', 'format:check']],
  ],
  [['unit and API tests', ['npx', 'vitest', 'run']]],
  [['build the web app', ['npm', 'run', '--silent', 'build:web']]],
  [['web bundle budgets', ['npm', 'run', '--silent', 'bench:web', '--', '--check']]],
  [['browser journeys', ['npx', 'playwright', 'test', '-c', 'apps/web/playwright.config.ts']]],
];
const lastStep = stages.at(-1)!.at(-1)![0];

interface Outcome {
  readonly name: string;
  readonly status: number;
  readonly seconds: string;
  readonly output: string;
}

/** Runs one step; alone it writes straight to the terminal, beside others its output is held. */
function run([name, [command, ...args]]: Step, alone: boolean): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(command!, args, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once('error', (error) => (output += `${error.message}\n`));
    child.once('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ name, status: code ?? 1, seconds, output });
    });
  });
}

const only = process.argv.slice(2);
const chosen = (name: string) => only.length === 0 || only.some((word) => name.includes(word));

for (const stage of stages) {
  const steps = stage.filter(([name]) => chosen(name));
  if (steps.length === 0) continue;
  const alone = steps.length === 1;
  if (alone) console.log(`\n=== ${steps[0]![0]} ===`);
  else console.log(`\n=== ${steps.map(([name]) => name).join(', ')} (side by side) ===`);
  const outcomes = await Promise.all(steps.map((step) => run(step, alone)));
  for (const outcome of outcomes) {
    if (!alone && outcome.output.trim() !== '') console.log(`\n--- ${outcome.name} ---\n${outcome.output.trimEnd()}`);
  }
  const failed = outcomes.filter((outcome) => outcome.status !== 0);
  for (const outcome of failed) console.error(`\n✗ ${outcome.name} failed after ${outcome.seconds}s`);
  if (failed.length > 0) process.exit(failed[0]!.status);
  // The last step's own summary stays the last thing printed.
  for (const outcome of outcomes) if (outcome.name !== lastStep) console.log(`✓ ${outcome.name} (${outcome.seconds}s)`);
}

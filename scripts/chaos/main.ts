// `npm run chaos -- --rounds N --seed S [--operations N] [--concurrency N]`: seeded random operations
// by 50 customers on BTC, ETH and USDT against the real server (a child process started as
// `npm start` starts it, on its own embedded PostgreSQL in a temp dir), with a fault per round:
// SIGKILL of the server, PostgreSQL immediate stop, or its backends terminated. After each recovery
// it checks the invariants documented in checks.ts. Prints the seed first and with every failure,
// then a summary; exit 0: no violation, 1: violations, 2: usage. Replay a run with its seed.
// DATABASE_URL is not used: the PostgreSQL stop needs a server the run owns, so the run always has
// its own embedded one, removed at the end (also on failure, Ctrl-C or SIGTERM).
import { parseArgs } from 'node:util';
import { runChaos } from './run.ts';
import { drawSeed } from '../../apps/api/src/testing/prng.ts';
import { printSummary } from './summary.ts';

const USAGE = 'usage: npm run chaos -- [--rounds N] [--seed S] [--operations N] [--concurrency N]';

function positive(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

async function main(): Promise<number> {
  let options;
  try {
    const { values } = parseArgs({
      options: {
        rounds: { type: 'string' },
        seed: { type: 'string' },
        operations: { type: 'string' },
        concurrency: { type: 'string' },
      },
      strict: true,
    });
    options = {
      rounds: positive(values.rounds, 'rounds', 6),
      seed: positive(values.seed, 'seed', drawSeed()),
      operationsPerRound: positive(values.operations, 'operations', 40),
      concurrency: positive(values.concurrency, 'concurrency', 8),
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const summary = await runChaos(options);
  printSummary(summary, (line) => console.log(line));
  return summary.violations.length === 0 ? 0 : 1;
}

process.exitCode = await main();

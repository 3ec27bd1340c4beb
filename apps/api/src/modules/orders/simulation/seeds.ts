// Runs the order commit simulation over a range of seeds (simulation.ts), for the test and for
// `npm run sim:orders`: the first failing seeds, each with the command that replays it.
import { simulate, type SimResult } from './simulation.ts';

export interface SeedsReport {
  from: number;
  seeds: number;
  steps: number;
  /** What the orders of all seeds were told. */
  answers: SimResult['answers'];
  failures: SimResult[];
  ms: number;
}

/** Seeds `from` .. `from + seeds - 1`; stops collecting after `keep` failures. */
export function runSeeds(options: {
  from: number;
  seeds: number;
  keep?: number;
  pooler?: boolean;
  unfenced?: boolean;
}): SeedsReport {
  const started = Date.now();
  const failures: SimResult[] = [];
  let steps = 0;
  const answers = { placed: 0, refused: 0, unavailable: 0 };
  for (let seed = options.from; seed < options.from + options.seeds; seed += 1) {
    const result = simulate(seed >>> 0, { pooler: options.pooler, unfenced: options.unfenced });
    steps += result.steps;
    for (const kind of ['placed', 'refused', 'unavailable'] as const) answers[kind] += result.answers[kind];
    if (!result.ok) failures.push(result);
    if (failures.length >= (options.keep ?? 3)) break;
  }
  return { from: options.from, seeds: options.seeds, steps, answers, failures, ms: Date.now() - started };
}

/** A failure as printed: its seed, what broke, the replay command and the end of its trace. */
export function describeFailure(failure: SimResult): string {
  return [
    `seed ${failure.seed}: ${failure.error} (after ${failure.steps} steps)`,
    `replay: npm run sim:orders -- --seed ${failure.seed}${failure.pooler ? ' --pooler' : ''}${failure.unfenced ? ' --unfenced' : ''}`,
    ...failure.trace.map((line) => `  ${line}`),
  ].join('\n');
}

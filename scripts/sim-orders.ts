// `npm run sim:orders -- --seeds N [--from S]`: the order commit protocol's seeded simulation over
// N seeds (100,000 by default) from S (a random one by default); `--seed S` runs one seed and
// prints its whole trace. Exits 1 on a failure, printing its seed and the command that replays it.
// `--pooler` runs outside the operational limits (the server cannot tell its calls' backends, as
// behind a transaction pooler), to show what they guard against: that run is expected to fail.
// `--unfenced` undoes the new writer's fence (it reads its books without first taking the chain row):
// fast restarts then fail. See ADR 0023 for what the model covers.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { describeFailure, runSeeds } from '../apps/api/src/modules/orders/simulation/seeds.ts';
import { simulate } from '../apps/api/src/modules/orders/simulation/simulation.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    from: { type: 'string' },
    seed: { type: 'string' },
    pooler: { type: 'boolean', default: false },
    unfenced: { type: 'boolean', default: false },
  },
});

if (values.seed !== undefined) {
  const result = simulate(Number(values.seed), { traceAll: true, pooler: values.pooler, unfenced: values.unfenced });
  console.log(result.trace.join('\n'));
  console.log(result.ok ? `seed ${result.seed}: ok after ${result.steps} steps` : describeFailure(result));
  process.exit(result.ok ? 0 : 1);
}

const seeds = Number(values.seeds ?? 100_000);
const from = values.from === undefined ? randomInt(2 ** 31) : Number(values.from);
const report = runSeeds({ from, seeds, pooler: values.pooler, unfenced: values.unfenced });
for (const failure of report.failures) console.log(`${describeFailure(failure)}\n`);
const rate = Math.round((seeds / report.ms) * 1000);
console.log(`${seeds} seeds from ${from}: ${report.failures.length === 0 ? 'all passed' : 'FAILED'}`);
const { placed, refused, unavailable } = report.answers;
console.log(`orders answered: ${placed} placed, ${refused} refused, ${unavailable} unavailable (may have committed)`);
console.log(`${report.steps} steps in ${(report.ms / 1000).toFixed(1)} s (${rate} seeds/s)`);
process.exit(report.failures.length === 0 ? 0 : 1);

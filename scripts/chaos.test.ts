// The chaos run's few rounds inside `npm test` (scripts/chaos/): one of each fault (SIGKILL of the
// server, PostgreSQL immediate stop, terminated backends) while 50 customers trade, send, swap and
// move funds to cold holdings; after each recovery every invariant of scripts/chaos/checks.ts must
// hold. TEST_SEED replays a run; the seed is printed either way. Bounded to about 2-3 minutes on two
// cores; `npm run chaos -- --rounds N` runs longer.
import { describe, expect, it } from 'vitest';
import { printSummary } from './chaos/summary.ts';
import { drawSeed } from '../apps/api/src/testing/prng.ts';
import { runChaos } from './chaos/run.ts';

const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : drawSeed();

describe('chaos', () => {
  it('keeps every acknowledged write, the ledger and the holds through each kind of fault', async () => {
    const summary = await runChaos({ rounds: 3, seed, operationsPerRound: 24, concurrency: 6 });
    printSummary(summary, (line) => console.log(line));
    expect(summary.faults.map((fault) => fault.kind).sort()).toEqual([
      'postgres_immediate_stop',
      'sigkill',
      'terminate_backends',
    ]);
    expect(
      summary.outcomes.filter((outcome) => outcome.answer?.status === 200 || outcome.answer?.status === 201).length,
    ).toBeGreaterThan(24);
    expect(summary.violations, `replay: TEST_SEED=${seed} npx vitest run scripts/chaos.test.ts`).toEqual([]);
  }, 300_000);
});

// The end of a chaos run in a few lines: operations and their answers, faults by kind with their
// recovery times (max and median), and every violation with the command that replays the run.
import { FAULT_KINDS } from './faults.ts';
import type { ChaosSummary } from './run.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

export function printSummary(summary: ChaosSummary, print: (line: string) => void): void {
  const { outcomes, faults, violations } = summary;
  const answered = (low: number, high: number) =>
    outcomes.filter((o) => o.answer && o.answer.status >= low && o.answer.status < high && !o.gaveUp).length;
  print(`\nchaos summary (seed ${summary.seed}, ${summary.seconds.toFixed(0)} s)`);
  const kinds = new Map<string, number>();
  for (const outcome of outcomes) kinds.set(outcome.operation.kind, (kinds.get(outcome.operation.kind) ?? 0) + 1);
  print(`  operations   ${outcomes.length}: ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
  print(
    `  answers      2xx ${answered(200, 300)}, 4xx ${answered(400, 500)}, gave up ${outcomes.filter((o) => o.gaveUp).length}, ` +
      `skipped ${outcomes.filter((o) => o.skipped).length}, retried ${outcomes.filter((o) => o.attempts > 1).length}`,
  );
  const tally = (labels: string[]) => {
    const counts = new Map<string, number>();
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    return [...counts].map(([label, count]) => `${label} ${count}`).join(', ') || 'none';
  };
  print(
    `  refused      ${tally(outcomes.flatMap((o) => (o.answer && o.answer.status >= 400 && !o.gaveUp ? [o.answer.code ?? String(o.answer.status)] : [])))}`,
  );
  print(`  skipped      ${tally(outcomes.flatMap((o) => (o.skipped ? [o.skipped] : [])))}`);
  print(`  retried on   ${[...summary.interim].map(([label, count]) => `${label} ${count}`).join(', ') || 'nothing'}`);
  for (const kind of FAULT_KINDS) {
    const these = faults.filter((fault) => fault.kind === kind);
    if (these.length === 0) continue;
    const times = these.flatMap((fault) => (fault.recoveryMs === undefined ? [] : [fault.recoveryMs]));
    const figures = times.length ? `max ${Math.max(...times)} ms, median ${median(times)} ms` : 'no time';
    print(`  ${kind.padEnd(24)} ${these.length} injected, ${times.length} recovered by itself (${figures})`);
  }
  print(`  violations   ${violations.length}`);
  for (const violation of violations)
    print(`    round ${violation.round + 1} ${violation.invariant}: ${violation.detail}`);
  if (violations.length > 0) print(`  replay: npm run chaos -- --rounds ${faults.length} --seed ${summary.seed}`);
}

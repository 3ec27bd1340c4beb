// Every edge of a deposit's state machine, as a table: forward only, credited once, final states
// ignore later reports.
import { describe, expect, it } from 'vitest';
import { nextDepositStatus } from './deposit-status.ts';

type Status = Parameters<typeof nextDepositStatus>[0]['status'];
type Report = Parameters<typeof nextDepositStatus>[1];

const report = (status: Report['status'], confirmations = 0): Report => ({
  status,
  confirmations,
  ...(confirmations > 0 ? { blockHeight: 100 } : {}),
});

describe('nextDepositStatus', () => {
  const edges: { from: [Status, number]; report: Report; to: Status; changed: boolean }[] = [
    { from: ['pending', 0], report: report('pending'), to: 'pending', changed: false },
    { from: ['pending', 0], report: report('confirming', 1), to: 'confirming', changed: true },
    { from: ['confirming', 1], report: report('confirming', 1), to: 'confirming', changed: false },
    { from: ['confirming', 1], report: report('confirming', 2), to: 'confirming', changed: true },
    { from: ['pending', 0], report: report('confirmed', 1), to: 'credited', changed: true },
    { from: ['confirming', 3], report: report('confirmed', 4), to: 'credited', changed: true },
    { from: ['confirming', 1], report: report('pending'), to: 'confirming', changed: false },
    { from: ['pending', 0], report: report('failed'), to: 'failed', changed: true },
    { from: ['confirming', 1], report: report('replaced', 1), to: 'failed', changed: true },
    { from: ['credited', 4], report: report('confirmed', 5), to: 'credited', changed: false },
    { from: ['credited', 4], report: report('failed'), to: 'credited', changed: false },
    { from: ['failed', 0], report: report('confirmed', 2), to: 'failed', changed: false },
  ];

  it.each(edges)('$from + $report.status -> $to (changed: $changed)', ({ from, report: chain, to, changed }) => {
    const result = nextDepositStatus({ status: from[0], confirmations: from[1] }, chain);
    expect(result.status).toBe(to);
    expect(result.changed).toBe(changed);
  });

  it('records the reason of a failure and the block of a confirmation', () => {
    expect(
      nextDepositStatus({ status: 'pending', confirmations: 0 }, { ...report('failed'), failureReason: 'dropped' })
        .patch,
    ).toEqual({
      status: 'failed',
      failureReason: 'dropped',
    });
    expect(nextDepositStatus({ status: 'pending', confirmations: 0 }, report('confirmed', 2)).patch).toEqual({
      status: 'credited',
      confirmations: 2,
      blockHeight: 100,
    });
  });

  it('moves a confirming deposit to the block a scanner names, even at the same count', () => {
    const current = { status: 'confirming' as const, confirmations: 1, blockHash: 'a'.repeat(64) };
    const moved = nextDepositStatus(current, { ...report('confirming', 1), blockHash: 'b'.repeat(64) });
    expect(moved).toMatchObject({ changed: true, patch: { blockHash: 'b'.repeat(64), confirmations: 1 } });
    expect(nextDepositStatus(current, { ...report('confirming', 1), blockHash: 'a'.repeat(64) }).changed).toBe(false);
  });
});

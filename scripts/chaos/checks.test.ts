// The chaos run's "exactly once" rule on its own, so the check is known to fail when it should: an
// acknowledged row missing, and more unnamed rows than writes that gave up.
import { describe, expect, it } from 'vitest';
import { compareFlow, type Row } from './checks.ts';
import type { Outcome } from './operations.ts';

const ALICE = '00000000-0000-4000-8000-00000000000a';

function outcome(index: number, options: { effectId?: string; gaveUp?: boolean }): Outcome {
  return {
    operation: { index, kind: 'limit', customer: 0, draws: [] },
    flow: 'order',
    userId: ALICE,
    answer: options.effectId ? { status: 201, text: '' } : { status: 0, text: 'socket hang up' },
    attempts: 1,
    gaveUp: options.gaveUp ?? false,
    ...(options.effectId ? { effectId: options.effectId } : {}),
  };
}
const row = (id: string): Row => ({ id, user_id: ALICE, status: 'open' });

describe('compareFlow', () => {
  it('passes when the rows are exactly the acknowledged ids', () => {
    expect(
      compareFlow('order', [outcome(1, { effectId: 'a' }), outcome(2, { effectId: 'b' })], [row('a'), row('b')]),
    ).toEqual([]);
  });

  it('reports an acknowledged write that is not stored', () => {
    const violations = compareFlow('order', [outcome(1, { effectId: 'a' })], []);
    expect(violations.map((v) => v.invariant)).toEqual(['acknowledged_write_lost']);
  });

  it('reports a row no answer named when no write of the flow gave up (a retry that acted twice)', () => {
    const violations = compareFlow('order', [outcome(1, { effectId: 'a' })], [row('a'), row('dup')]);
    expect(violations.map((v) => v.invariant)).toEqual(['effect_without_acknowledgement']);
  });

  it('allows at most one unnamed row per write that gave up', () => {
    const outcomes = [outcome(1, { effectId: 'a' }), outcome(2, { gaveUp: true })];
    expect(compareFlow('order', outcomes, [row('a'), row('x')])).toEqual([]);
    expect(compareFlow('order', outcomes, [row('a'), row('x'), row('y')]).map((v) => v.invariant)).toEqual([
      'effect_without_acknowledgement',
    ]);
  });
});

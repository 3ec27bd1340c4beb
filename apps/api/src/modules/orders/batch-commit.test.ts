// Whether a failed commit's outcome is unknown: a statement's refusal undid the batch; a broken
// connection or an ended session leaves it open, and the sequencer must look at the batch's mark.
import { LedgerError } from '@rora/ledger';
import { describe, expect, it } from 'vitest';
import { isOutcomeUnknown } from './batch-commit.ts';

const databaseError = (code: string, severity = 'ERROR') =>
  Object.assign(new Error(`database error ${code}`), { code, severity });

describe('isOutcomeUnknown', () => {
  it('is false for a refusal the database answered, wrapped or not, in any language', () => {
    expect(isOutcomeUnknown(databaseError('L0003'))).toBe(false);
    expect(isOutcomeUnknown(databaseError('23503'))).toBe(false);
    expect(isOutcomeUnknown(new Error('query failed', { cause: databaseError('40001') }))).toBe(false);
    expect(isOutcomeUnknown(databaseError('L0002', 'ERREUR'))).toBe(false);
    expect(isOutcomeUnknown(new LedgerError('insufficient_balance', 'refused', { index: 0 }))).toBe(false);
  });

  it('is true for a broken connection and for a session the server ended', () => {
    expect(isOutcomeUnknown(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isOutcomeUnknown(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isOutcomeUnknown(databaseError('57P01', 'FATAL'))).toBe(true);
    expect(isOutcomeUnknown(databaseError('08006', 'FATAL'))).toBe(true);
    expect(isOutcomeUnknown(databaseError('25P03', 'FATAL'))).toBe(true);
  });

  it('is true for a call that passed its deadline (ADR 0071), wrapped or not', () => {
    expect(isOutcomeUnknown(new Error('Query read timeout'))).toBe(true);
    expect(isOutcomeUnknown(new Error('query failed', { cause: new Error('Query read timeout') }))).toBe(true);
  });
});

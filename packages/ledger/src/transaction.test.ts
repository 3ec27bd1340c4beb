// sqlState: the SQLSTATE of a database error, and never a system error's errno name, so a broken
// connection (EPIPE) is not taken for a refusal the database answered.
import { describe, expect, it } from 'vitest';
import { sqlState } from './transaction.ts';

describe('sqlState', () => {
  it("reads a database error's code, also wrapped on cause", () => {
    const refused = Object.assign(new Error('could not serialize access'), { code: '40001' });
    expect(sqlState(refused)).toBe('40001');
    expect(sqlState(new Error('query failed', { cause: refused }))).toBe('40001');
    expect(sqlState(Object.assign(new Error('out of the chain'), { code: 'L0003' }))).toBe('L0003');
  });

  it("is undefined for a system error's errno name and for errors without a code", () => {
    expect(sqlState(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32 }))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('bad file descriptor'), { code: 'EBADF' }))).toBeUndefined();
    expect(sqlState(new Error('Connection terminated unexpectedly'))).toBeUndefined();
  });
});

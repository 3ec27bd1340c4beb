import { describe, expect, it } from 'vitest';
import { isCancelledStatement, isConnectionError, isDatabaseTimeout } from './connection-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a terminated backend (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    [
      'a crash shutdown (57P02)',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['every connection slot taken (53300)', withCode('sorry, too many clients already', '53300')],
    [
      'a database closed to new sessions (55000)',
      withCode('database "x" is not currently accepting connections', '55000'),
    ],
    [
      'a session on a server that takes no writes (25006)',
      withCode('cannot execute INSERT in a read-only transaction', '25006'),
    ],
    ['an idle session ended (57P05)', withCode('terminating connection due to idle-session timeout', '57P05')],
    [
      'an idle transaction ended (25P03)',
      withCode('terminating connection due to idle-in-transaction timeout', '25P03'),
    ],
    ['the driver losing its connection', new Error('Connection terminated unexpectedly')],
    ['a client that already broke', new Error('Client has encountered a connection error and is not queryable')],
    ['a wrapped driver error', new Error('Failed query: SELECT 1', { cause: new Error('Connection terminated') })],
    ['an AggregateError of refusals', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])],
  ])('recognises %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['another 55000 refusal', withCode('currval of sequence "s" is not yet defined in this session', '55000')],
    [
      'a query cancelled by statement timeout (57014)',
      withCode('canceling statement due to statement timeout', '57014'),
    ],
    ['a wrapped refusal', new Error('Failed query: INSERT', { cause: withCode('check constraint', '23514') })],
    ['a plain error', new Error('something else')],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('does not take %s for a lost connection', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe('isCancelledStatement', () => {
  it('recognises a cancelled statement, wrapped or not', () => {
    const cancelled = withCode('canceling statement due to user request', '57014');
    expect(isCancelledStatement(cancelled)).toBe(true);
    expect(isCancelledStatement(new Error('Failed query: SELECT 1', { cause: cancelled }))).toBe(true);
  });

  it('does not take another error for one', () => {
    expect(isCancelledStatement(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isCancelledStatement(new Error('Connection terminated'))).toBe(false);
    expect(isCancelledStatement(undefined)).toBe(false);
  });
});

describe('isDatabaseTimeout', () => {
  it.each([
    ['a statement past its deadline', new Error('Query read timeout')],
    ['the pool lending no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a new connection not opened in time', new Error('Connection terminated due to connection timeout')],
    ['a wrapped deadline', new Error('Failed query: SELECT 1', { cause: new Error('Query read timeout') })],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseTimeout(error)).toBe(true);
  });

  it('does not take a lost connection or another error for one', () => {
    expect(isDatabaseTimeout(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isDatabaseTimeout(withCode('terminating connection due to administrator command', '57P01'))).toBe(false);
    expect(isDatabaseTimeout(new Error('notification store refused'))).toBe(false);
    expect(isDatabaseTimeout(undefined)).toBe(false);
  });
});

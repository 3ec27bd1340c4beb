import { describe, expect, it } from 'vitest';
import { errorLogSerializer } from './log-errors.ts';

describe('errorLogSerializer', () => {
  it('keeps an error-like object some libraries reject with, without its other fields', () => {
    const serialized = errorLogSerializer({ message: 'connection lost', code: '57P01', params: ['a-secret'] });
    expect(serialized).toEqual({ type: 'Object', message: 'connection lost', stack: '', sqlState: '57P01' });
  });

  it('writes a value that is not an object as text', () => {
    expect(errorLogSerializer(undefined)).toEqual({ type: 'undefined', message: 'undefined', stack: '' });
  });

  it('writes an object without a message as JSON, cut to its first line', () => {
    expect(errorLogSerializer({ reason: 'timeout' }).message).toBe('{"reason":"timeout"}');
  });
});

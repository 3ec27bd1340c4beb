import { describe, expect, it } from 'vitest';
import { pinSetupError } from './pin-setup.ts';

describe('pinSetupError', () => {
  it.each([
    ['', '', 'pin'],
    ['123', '123', 'pin'],
    ['1234567', '1234567', 'pin'],
    ['48a1', '48a1', 'pin'],
    ['4821', '', 'repeat'],
    ['4821', '4812', 'repeat'],
    ['4821', '4821', null],
    ['902817', '902817', null],
  ])('reads %j repeated as %j: %s', (pin, repeat, expected) => {
    expect(pinSetupError(pin, repeat)).toBe(expected);
  });
});

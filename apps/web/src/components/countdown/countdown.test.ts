import { describe, expect, it } from 'vitest';
import { formatClock, secondsLeft } from './countdown.ts';

describe('secondsLeft', () => {
  it.each([
    [0, 60],
    [999, 60],
    [1_000, 59],
    [59_999, 1],
    [60_000, 0],
    [600_000, 0],
    [-5_000, 60],
  ])('after %d ms of a 60 s countdown shows %d', (elapsed, expected) => {
    expect(secondsLeft(1_000_000, 1_000_000 + elapsed, 60)).toBe(expected);
  });
});

describe('formatClock', () => {
  it.each([
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('shows %d seconds as %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

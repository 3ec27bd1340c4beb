import { describe, expect, it } from 'vitest';
import {
  normalizeEmail,
  validateCode,
  validateEmail,
  validateLoginPassword,
  validateNewPassword,
  validatePhoneNumber,
  validateRepeatPassword,
} from './validation.ts';

describe('email (spec §5)', () => {
  it.each([
    ['ada@example.com', undefined],
    ['  Ada.Lovelace+rora@Example.co.uk ', undefined],
    ['', 'validation.email'],
    ['ada', 'validation.email'],
    ['ada@example', 'validation.email'],
    ['ada@@example.com', 'validation.email'],
    ['a da@example.com', 'validation.email'],
    [`${'a'.repeat(250)}@example.com`, 'validation.email'],
  ])('%j -> %s', (value, expected) => {
    expect(validateEmail(value)).toBe(expected);
  });

  it('is sent trimmed and lowercased', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('passwords (spec §5)', () => {
  it.each([
    ['', 'validation.passwordLength'],
    ['1234567', 'validation.passwordLength'],
    ['12345678', undefined],
    ['a much longer passphrase', undefined],
    ['        ', 'validation.passwordVariety'],
    ['abababab', 'validation.passwordVariety'],
    ['abcdabcd', 'validation.passwordVariety'],
    ['abcdeabc', undefined],
  ])('a new password %j -> %s', (value, expected) => {
    expect(validateNewPassword(value)).toBe(expected);
  });

  it('only requires the login password to be present', () => {
    expect(validateLoginPassword('')).toBe('validation.passwordRequired');
    expect(validateLoginPassword('short')).toBeUndefined();
  });

  it.each([
    ['secret-123', '', 'validation.repeatRequired'],
    ['secret-123', 'secret-12', 'validation.passwordsMatch'],
    ['secret-123', 'Secret-123', 'validation.passwordsMatch'],
    ['secret-123', 'secret-123', undefined],
  ])('repeat of %j as %j -> %s', (password, repeat, expected) => {
    expect(validateRepeatPassword(password, repeat)).toBe(expected);
  });
});

describe('one-time codes (spec §5)', () => {
  it.each([
    ['123456', undefined],
    ['012345', undefined],
    ['12345', 'validation.code'],
    ['1234567', 'validation.code'],
    ['12a456', 'validation.code'],
    ['', 'validation.code'],
  ])('%j -> %s', (value, expected) => {
    expect(validateCode(value)).toBe(expected);
  });
});

describe('phone number (spec §5)', () => {
  it.each([
    ['', 'validation.phoneRequired'],
    ['   ', 'validation.phoneRequired'],
    ['12345', 'validation.phoneLength'],
    ['12 34 5', 'validation.phoneLength'],
    ['123456', undefined],
    ['(0)7700-900.123', undefined],
    ['7700 abc 123', 'validation.phoneDigits'],
  ])('%j -> %s', (value, expected) => {
    expect(validatePhoneNumber(value)).toBe(expected);
  });
});

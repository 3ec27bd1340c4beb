import { describe, expect, it } from 'vitest';
import { isPasswordChangeValid, toPasswordUpdateBody, validatePasswordChange } from './password-change.ts';

describe('validatePasswordChange', () => {
  const cases: Array<
    [string, { current: string; next: string; repeat: string }, ReturnType<typeof validatePasswordChange>]
  > = [
    [
      'accepts a new, longer, repeated password',
      { current: 'old-secret', next: 'new-secret-1', repeat: 'new-secret-1' },
      {},
    ],
    ['accepts exactly 8 characters', { current: 'old-secret', next: '12345678', repeat: '12345678' }, {}],
    [
      'asks for the current password',
      { current: '', next: 'new-secret-1', repeat: 'new-secret-1' },
      { current: 'validation.currentPasswordRequired' },
    ],
    [
      'rejects 7 characters with the spec message key',
      { current: 'old-secret', next: '1234567', repeat: '1234567' },
      { next: 'validation.passwordLength' },
    ],
    [
      'rejects more than 128 characters',
      { current: 'old-secret', next: 'x'.repeat(129), repeat: 'x'.repeat(129) },
      { next: 'validation.passwordTooLong' },
    ],
    [
      'rejects a new password equal to the current one',
      { current: 'same-secret', next: 'same-secret', repeat: 'same-secret' },
      { next: 'validation.passwordMustDiffer' },
    ],
    [
      'asks for the repeat',
      { current: 'old-secret', next: 'new-secret-1', repeat: '' },
      { repeat: 'validation.repeatRequired' },
    ],
    [
      "says 'Passwords do not match' when the repeat differs",
      { current: 'old-secret', next: 'new-secret-1', repeat: 'new-secret-2' },
      { repeat: 'validation.passwordsMatch' },
    ],
    [
      'reports every broken field at once',
      { current: '', next: 'short', repeat: 'other' },
      {
        current: 'validation.currentPasswordRequired',
        next: 'validation.passwordLength',
        repeat: 'validation.passwordsMatch',
      },
    ],
  ];

  for (const [name, input, expected] of cases) {
    it(name, () => {
      expect(validatePasswordChange(input)).toEqual(expected);
      expect(isPasswordChangeValid(input)).toBe(Object.keys(expected).length === 0);
    });
  }

  it('does not call an empty current password equal to an empty new one', () => {
    expect(validatePasswordChange({ current: '', next: '', repeat: '' }).next).toBe('validation.passwordLength');
  });
});

describe('toPasswordUpdateBody', () => {
  it('maps the form to the API body, repeat included', () => {
    expect(toPasswordUpdateBody({ current: 'a', next: 'b', repeat: 'c' })).toEqual({
      currentPassword: 'a',
      newPassword: 'b',
      confirmPassword: 'c',
    });
  });
});

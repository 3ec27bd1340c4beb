// The password change form (spec §5): the current password, then the new one twice. The new one
// has at least 8 characters (at most 128), must differ from the current one and be repeated exactly.
// Each rule returns the i18n key of its message in the `account` namespace, so the form shows it as
// the customer types and the submit button stays disabled while any field is invalid.
import { PASSWORD_MIN_LENGTH } from '../../../lib/constants.ts';

export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordChangeInput {
  readonly current: string;
  readonly next: string;
  readonly repeat: string;
}

export type PasswordChangeField = keyof PasswordChangeInput;

export type PasswordChangeErrorKey =
  | 'validation.currentPasswordRequired'
  | 'validation.passwordLength'
  | 'validation.passwordTooLong'
  | 'validation.passwordMustDiffer'
  | 'validation.repeatRequired'
  | 'validation.passwordsMatch';

export type PasswordChangeErrors = Partial<Record<PasswordChangeField, PasswordChangeErrorKey>>;

function nextPasswordError(input: PasswordChangeInput): PasswordChangeErrorKey | undefined {
  if (input.next.length < PASSWORD_MIN_LENGTH) return 'validation.passwordLength';
  if (input.next.length > PASSWORD_MAX_LENGTH) return 'validation.passwordTooLong';
  if (input.current.length > 0 && input.next === input.current) return 'validation.passwordMustDiffer';
  return undefined;
}

export function validatePasswordChange(input: PasswordChangeInput): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (input.current.length === 0) errors.current = 'validation.currentPasswordRequired';
  const next = nextPasswordError(input);
  if (next) errors.next = next;
  if (input.repeat.length === 0) errors.repeat = 'validation.repeatRequired';
  else if (input.repeat !== input.next) errors.repeat = 'validation.passwordsMatch';
  return errors;
}

export function isPasswordChangeValid(input: PasswordChangeInput): boolean {
  return Object.keys(validatePasswordChange(input)).length === 0;
}

/** The body of PUT /user/password/update. */
export function toPasswordUpdateBody(input: PasswordChangeInput) {
  return { currentPassword: input.current, newPassword: input.next, confirmPassword: input.repeat };
}

// The validation rules of spec §5 as pure functions. Each returns the i18n key of its message (in
// the `auth` namespace) or undefined when the value is fine; forms show them as the customer types.
import { OTP_CODE_LENGTH, PASSWORD_MIN_LENGTH, PHONE_NUMBER_MIN_LENGTH } from '../../../lib/constants.ts';
import { normalizePhoneNumber } from './phone.ts';

export type ValidationKey = `validation.${string}`;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Trimmed and lowercased, as the API receives it. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function validateEmail(value: string): ValidationKey | undefined {
  const email = value.trim();
  return email.length > 0 && email.length <= 254 && EMAIL_PATTERN.test(email) ? undefined : 'validation.email';
}

/** Different characters a new password needs (the API's rule: eight spaces are not a password). */
const PASSWORD_MIN_DISTINCT = 5;

/** A new password (register, reset): at least 8 characters, 5 of them different. */
export function validateNewPassword(value: string): ValidationKey | undefined {
  if (value.length < PASSWORD_MIN_LENGTH) return 'validation.passwordLength';
  return new Set(value).size >= PASSWORD_MIN_DISTINCT ? undefined : 'validation.passwordVariety';
}

/** The login password: required only; its length rule applied when it was chosen. */
export function validateLoginPassword(value: string): ValidationKey | undefined {
  return value.length > 0 ? undefined : 'validation.passwordRequired';
}

export function validateRepeatPassword(password: string, repeat: string): ValidationKey | undefined {
  if (repeat.length === 0) return 'validation.repeatRequired';
  return password === repeat ? undefined : 'validation.passwordsMatch';
}

/** E-mail and SMS codes: required, digits only, exactly 6. */
export function validateCode(value: string, length: number = OTP_CODE_LENGTH): ValidationKey | undefined {
  return new RegExp(`^\\d{${length}}$`).test(value) ? undefined : 'validation.code';
}

export function validatePhoneNumber(value: string): ValidationKey | undefined {
  if (value.trim().length === 0) return 'validation.phoneRequired';
  const digits = normalizePhoneNumber(value);
  if (!/^\d+$/.test(digits)) return 'validation.phoneDigits';
  return digits.length >= PHONE_NUMBER_MIN_LENGTH ? undefined : 'validation.phoneLength';
}

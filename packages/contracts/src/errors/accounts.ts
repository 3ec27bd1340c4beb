import type { ErrorDefinition } from './types.ts';

// Codes of the accounts context: registration, sign-in, one-time codes, password reset, 2FA, PIN and
// profile settings. Each code names the rule that was broken. Messages quoted in SPEC §5 are verbatim.
export const accountsErrors = {
  email_must_be_valid: { status: 400, message: 'Please enter a valid email' },
  email_is_already_registered: { status: 409, message: 'An account with this email already exists. Please log in' },
  password_must_have_at_least_8_characters: { status: 400, message: 'Password Should Be at least 8 characters' },
  password_must_have_at_most_128_characters: { status: 400, message: 'Password should be at most 128 characters' },
  password_is_too_common: {
    status: 400,
    message: 'This password is one of the most common ones. Please choose another',
  },
  // Eight spaces, "aaaaaaaa" or "abababab" pass the length rule and nothing else.
  password_needs_5_different_characters: {
    status: 400,
    message: 'Use at least 5 different characters in your password',
  },
  passwords_do_not_match: { status: 400, message: 'Passwords do not match' },
  new_password_must_differ: { status: 400, message: 'The new password must be different from the current one' },
  current_password_is_incorrect: { status: 400, message: 'The current password is incorrect' },
  // 400, not 401: in this API a 401 always means "your session is not valid" (spec §4 sends the user to /).
  credentials_are_invalid: { status: 400, message: 'Incorrect email or password' },
  // Per account, whatever the address: after 5 wrong passwords each try waits 2^(n-5) s (Retry-After).
  sign_in_must_wait_after_failed_attempts: {
    status: 429,
    message: 'Too many wrong passwords for this account. Please wait before trying again',
  },
  consent_must_be_boolean: { status: 400, message: 'Please answer the consent choices' },

  code_must_be_6_digits: { status: 400, message: 'The code must be 6 digits' },
  code_is_invalid_or_expired: { status: 400, message: 'The code is invalid or has expired' },
  code_attempts_exhausted: { status: 429, message: 'Too many wrong codes. Please request a new code' },
  code_resend_too_soon: { status: 429, message: 'Please wait before requesting another code' },
  code_send_limit_reached: { status: 429, message: 'Too many codes were requested. Please try again later' },

  phone_is_required: { status: 400, message: 'Please enter your phone number' },
  phone_country_code_must_be_valid: { status: 400, message: 'Please choose a valid country code' },
  phone_number_must_have_at_least_6_digits: { status: 400, message: 'Phone number should be at least 6 digits' },
  phone_number_must_be_valid: { status: 400, message: 'Please enter a valid phone number' },
  recovery_method_must_be_email_or_mobile: { status: 400, message: 'Choose a code by email or by mobile' },
  reset_ticket_is_invalid_or_expired: {
    status: 400,
    message: 'This password reset has expired. Please request a new code',
  },

  two_factor_code_required: { status: 403, message: 'Enter the code from your authenticator app' },
  two_factor_code_is_invalid: { status: 400, message: 'The authenticator code is invalid' },
  two_factor_locked: { status: 429, message: 'Too many wrong authenticator codes. Please try again later' },
  two_factor_already_enabled: { status: 409, message: 'Authenticator 2FA is already enabled' },
  two_factor_setup_not_started: { status: 409, message: 'Generate a new key before confirming the code' },
  two_factor_must_be_enabled: { status: 409, message: 'Enable authenticator 2FA first' },

  pin_must_be_4_to_6_digits: { status: 400, message: 'The PIN must be 4 to 6 digits' },
  pin_is_too_simple: { status: 400, message: 'This PIN is too easy to guess. Avoid repeated or consecutive digits' },
  pin_already_set: { status: 409, message: 'A PIN is already set. Use change PIN instead' },
  pin_not_set: { status: 409, message: 'Please set a PIN first' },
  pin_is_invalid: { status: 400, message: 'The PIN is incorrect' },
  pin_locked: { status: 429, message: 'Too many wrong PIN entries. Please try again later' },
  current_pin_or_password_required: { status: 400, message: 'Enter your current PIN or your password' },

  status_must_be_boolean: { status: 400, message: 'The status must be on or off' },
  language_must_be_supported: { status: 400, message: 'This language is not supported' },
  theme_must_be_supported: { status: 400, message: 'This theme is not supported' },
} as const satisfies Record<string, ErrorDefinition>;

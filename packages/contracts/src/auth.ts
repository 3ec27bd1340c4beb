// Calls of spec §7 "Auth": registration (e-mail code, phone code, register), sign-in and sign-out,
// password recovery (the path is spelled `forgot-passord`), and authenticator 2FA setup.
//
// A rule a field breaks is reported with a catalogued error code as the zod message
// (`email_must_be_valid`, ...): the API answers that code with its catalogued message in `data[0]`,
// and a form shows `errorCatalogue[code].message` (or its translation `errors.<code>`).
import { z as zod } from 'zod';
import { OTP_CODE_LENGTH, PASSWORD_MIN_LENGTH } from './constants/index.ts';
import type { ErrorCode } from './errors/index.ts';
import { envelope, phoneSchema, totpCodeSchema, userSchema, type AccountCall } from './user.ts';

/** Trimmed and lowercased (spec §5). */
export const emailSchema = zod
  .string({ error: 'email_must_be_valid' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'email_must_be_valid' })
  .email({ error: 'email_must_be_valid' });

/** A new password: 8 to 128 characters (the common-password check runs on the server). */
export const newPasswordSchema = zod
  .string({ error: 'password_must_have_at_least_8_characters' })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_must_have_at_least_8_characters' })
  .max(128, { error: 'password_must_have_at_most_128_characters' });

/** An e-mail or SMS code: 6 digits. */
export const otpCodeSchema = zod
  .string({ error: 'code_must_be_6_digits' })
  .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), { error: 'code_must_be_6_digits' });

/** Answer of every call that sends a code; the same whether or not the address has an account. */
export const codeSentResponseSchema = envelope(
  zod.object({ sent: zod.literal(true), expiresInSeconds: zod.number().int(), resendAfterSeconds: zod.number().int() }),
);
export const codeVerifiedResponseSchema = envelope(zod.object({ verified: zod.literal(true) }));

export const sendEmailCodeBodySchema = zod.object({ email: emailSchema });
export const verifyEmailBodySchema = zod.object({ email: emailSchema, token: otpCodeSchema });
export const sendPhoneCodeBodySchema = zod.object({ phone: phoneSchema });
export const verifyPhoneBodySchema = zod.object({ phone: phoneSchema, token: otpCodeSchema });

/**
 * E-mail path: emailOTP only. Phone path: also `phone` and `phoneOTP`. A code may be sent here
 * directly or after its verify call (then within 30 minutes of it).
 */
export const registerBodySchema = zod.object({
  email: emailSchema,
  password: newPasswordSchema,
  recieveUpdates: zod.boolean({ error: 'consent_must_be_boolean' }),
  shareData: zod.boolean({ error: 'consent_must_be_boolean' }),
  emailOTP: otpCodeSchema,
  phone: phoneSchema.optional(),
  phoneOTP: otpCodeSchema.optional(),
});

/** POST /auth/password/check: a new password, checked against the rules before the codes are sent. */
export const passwordCheckBodySchema = zod.object({ password: newPasswordSchema });
export const passwordCheckResponseSchema = envelope(zod.object({ acceptable: zod.literal(true) }));

export const authResultSchema = zod.object({ user: userSchema, token: zod.string() });
export const authResponseSchema = envelope(authResultSchema);
export type AuthResult = zod.infer<typeof authResultSchema>;

/**
 * With authenticator 2FA on, a first try without `totp` answers 403 two_factor_code_required; the
 * client asks for the code and sends the same body again with `totp` (or a `recoveryCode`).
 */
export const loginBodySchema = zod.object({
  email: emailSchema,
  password: zod
    .string({ error: 'credentials_are_invalid' })
    .min(1, { error: 'credentials_are_invalid' })
    .max(1024, { error: 'credentials_are_invalid' }),
  totp: totpCodeSchema.optional(),
  /** One of the ten codes shown when 2FA was enabled: `xxxxx-xxxxx`. */
  recoveryCode: zod.string().max(40).optional(),
});

export const recoveryMethodSchema = zod.enum(['email', 'mobile'], { error: 'recovery_method_must_be_email_or_mobile' });
/** `phone` is required with method 'mobile' and must be the account's verified phone to receive the SMS. */
export const resetRequestBodySchema = zod.object({
  email: emailSchema,
  method: recoveryMethodSchema,
  phone: phoneSchema.optional(),
});
export const resetVerifyBodySchema = zod.object({ email: emailSchema, token: otpCodeSchema });
/** A reset ticket is valid 15 minutes and once. */
export const resetTicketResponseSchema = envelope(
  zod.object({ ticket: zod.string(), expiresInSeconds: zod.number().int() }),
);
export const resetPasswordBodySchema = zod
  .object({
    email: emailSchema,
    ticket: zod.string({ error: 'reset_ticket_is_invalid_or_expired' }).max(200),
    password: newPasswordSchema,
    confirmPassword: zod.string({ error: 'passwords_do_not_match' }).max(1024),
  })
  .refine((body) => body.password === body.confirmPassword, {
    error: 'passwords_do_not_match',
    path: ['confirmPassword'],
  });

export const twoFactorKeyResponseSchema = envelope(
  zod.object({
    /** Base32 secret, for typing into the app by hand. */
    secret: zod.string(),
    /** otpauth://totp/... for the QR code. */
    otpauthUrl: zod.string(),
  }),
);
export const twoFactorVerifyBodySchema = zod.object({ token: totpCodeSchema });
/** Recovery codes are shown this once; the server keeps only their hashes. */
export const twoFactorEnabledResponseSchema = envelope(
  zod.object({ twoFactorEnabled: zod.literal(true), recoveryCodes: zod.array(zod.string()) }),
);

const codeErrors: readonly ErrorCode[] = [
  'code_must_be_6_digits',
  'code_is_invalid_or_expired',
  'code_attempts_exhausted',
];
const sendErrors: readonly ErrorCode[] = [
  'code_resend_too_soon',
  'code_send_limit_reached',
  'code_attempts_exhausted',
  'too_many_requests',
];
const phoneErrors: readonly ErrorCode[] = [
  'phone_country_code_must_be_valid',
  'phone_number_must_have_at_least_6_digits',
  'phone_number_must_be_valid',
];
const passwordErrors: readonly ErrorCode[] = [
  'password_must_have_at_least_8_characters',
  'password_must_have_at_most_128_characters',
  'password_needs_5_different_characters',
  'password_is_too_common',
];
const signedIn: readonly ErrorCode[] = ['authentication_required', 'session_expired'];

export const authCalls = {
  sendEmailCode: {
    method: 'POST',
    path: '/auth/verify-email/send-code',
    auth: false,
    errors: ['email_must_be_valid', ...sendErrors],
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/verify-email',
    auth: false,
    errors: ['email_must_be_valid', ...codeErrors, 'too_many_requests'],
  },
  sendPhoneCode: { method: 'POST', path: '/auth/phone', auth: false, errors: [...phoneErrors, ...sendErrors] },
  verifyPhone: {
    method: 'POST',
    path: '/auth/phone/verify',
    auth: false,
    errors: [...phoneErrors, ...codeErrors, 'too_many_requests'],
  },
  checkPassword: {
    method: 'POST',
    path: '/auth/password/check',
    auth: false,
    errors: [...passwordErrors, 'too_many_requests'],
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    auth: false,
    errors: [
      'email_must_be_valid',
      'email_is_already_registered',
      'phone_is_required',
      ...passwordErrors,
      ...codeErrors,
      'too_many_requests',
      'consent_must_be_boolean',
      'phone_country_code_must_be_valid',
    ],
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    auth: false,
    errors: [
      'email_must_be_valid',
      'credentials_are_invalid',
      'sign_in_must_wait_after_failed_attempts',
      'two_factor_code_required',
      'two_factor_code_is_invalid',
      'two_factor_locked',
      'too_many_requests',
    ],
  },
  logout: { method: 'POST', path: '/auth/logout', auth: true, errors: [...signedIn, 'request_body_not_allowed'] },
  resetRequestCode: {
    method: 'POST',
    path: '/auth/forgot-passord/request-code',
    auth: false,
    errors: [
      'email_must_be_valid',
      'recovery_method_must_be_email_or_mobile',
      'phone_is_required',
      ...phoneErrors,
      ...sendErrors,
    ],
  },
  resetVerifyCode: {
    method: 'POST',
    path: '/auth/forgot-passord/verify-code',
    auth: false,
    errors: ['email_must_be_valid', ...codeErrors, 'too_many_requests'],
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/forgot-passord/',
    auth: false,
    errors: [
      'reset_ticket_is_invalid_or_expired',
      'passwords_do_not_match',
      'new_password_must_differ',
      ...passwordErrors,
      'too_many_requests',
      'email_must_be_valid',
    ],
  },
  generateTwoFactorKey: {
    method: 'POST',
    path: '/auth/2fa/generate-key',
    auth: true,
    errors: [...signedIn, 'two_factor_already_enabled', 'request_body_not_allowed'],
  },
  verifyTwoFactorToken: {
    method: 'POST',
    path: '/auth/2fa/verify-token',
    auth: true,
    errors: [
      ...signedIn,
      'two_factor_setup_not_started',
      'two_factor_already_enabled',
      'two_factor_code_is_invalid',
      'two_factor_locked',
      'too_many_requests',
    ],
  },
} as const satisfies Record<string, AccountCall>;

// Calls of spec §7 "User" that belong to the accounts context: the profile, preferences, notification
// switches, sign-in sessions, authenticator 2FA switches, PIN and password change. Every `{id}` path
// answers 404 resource_not_found unless the id is the signed-in customer's own.
//
// Rule failures use catalogued error codes as zod messages (see auth.ts): show
// `errorCatalogue[code].message`, or its translation `errors.<code>`.
import { z as zod } from 'zod';
import { LANGUAGES, THEMES } from './constants/index.ts';
import type { ErrorCode } from './errors/index.ts';

/** One call: method, path under /api/v1 (OpenAPI style), whether it needs the bearer token, and the codes it may answer. */
export interface AccountCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly auth: boolean;
  readonly errors: readonly ErrorCode[];
}

/** Success bodies are `{ data: ... }`; errors are the one error body of DESIGN §4. */
export const envelope = <T extends zod.ZodType>(data: T) => zod.object({ data });

export const phoneSchema = zod.object({
  /** A plus sign and the dial code: '+33'. */
  countryCode: zod
    .string({ error: 'phone_country_code_must_be_valid' })
    .trim()
    .regex(/^\+[1-9]\d{0,3}$/, { error: 'phone_country_code_must_be_valid' }),
  /** Spaces and non-word characters are removed; then 6 to 14 digits. */
  number: zod
    .string({ error: 'phone_number_must_be_valid' })
    .max(40, { error: 'phone_number_must_be_valid' })
    .overwrite((value) => value.replace(/[\W_]+/g, ''))
    .min(6, { error: 'phone_number_must_have_at_least_6_digits' })
    .max(14, { error: 'phone_number_must_be_valid' })
    .regex(/^\d+$/, { error: 'phone_number_must_be_valid' }),
});
export type Phone = zod.infer<typeof phoneSchema>;

const languageValues = LANGUAGES.map((language) => language.value) as [
  (typeof LANGUAGES)[number]['value'],
  ...(typeof LANGUAGES)[number]['value'][],
];
export const languageSchema = zod.enum(languageValues, { error: 'language_must_be_supported' });
export const themeSchema = zod.enum(THEMES, { error: 'theme_must_be_supported' });

export const userSchema = zod.object({
  _id: zod.uuid(),
  email: zod.string(),
  phone: phoneSchema.nullable(),
  emailVerified: zod.boolean(),
  phoneVerified: zod.boolean(),
  twoFactorEnabled: zod.boolean(),
  withdrawal2faEnabled: zod.boolean(),
  pinSet: zod.boolean(),
  /** Owned by the KYC context: not_started, in_progress, waiting_for_approval, complete, ... */
  kycStatus: zod.string(),
  /** The two registration consents (spec §3 spelling). */
  recieveUpdates: zod.boolean(),
  shareData: zod.boolean(),
  preferences: zod.object({
    aiNotifications: zod.boolean(),
    administrativeEmails: zod.boolean(),
    newsletterEmails: zod.boolean(),
    language: languageSchema,
    theme: themeSchema,
  }),
  createdAt: zod.iso.datetime(),
});
export type User = zod.infer<typeof userSchema>;
export const userResponseSchema = envelope(userSchema);

/** `{id}` of /user/...{id}: any string; one that is not the caller's own id answers 404. */
export const userIdParamsSchema = zod.object({ id: zod.string().max(100) });
export const sessionIdParamsSchema = zod.object({ sessionId: zod.string().max(100) });

export const statusBodySchema = zod.object({ status: zod.boolean({ error: 'status_must_be_boolean' }) });
export const preferencesBodySchema = zod.object({ language: languageSchema.optional(), theme: themeSchema.optional() });

export const successResponseSchema = envelope(zod.object({ success: zod.literal(true) }));

export const sessionSchema = zod.object({
  id: zod.uuid(),
  /** 'Chrome on macOS', from the user agent. */
  device: zod.string(),
  ip: zod.string().nullable(),
  createdAt: zod.iso.datetime(),
  lastSeenAt: zod.iso.datetime(),
  /** The session this request was made with. */
  current: zod.boolean(),
});
export const sessionListResponseSchema = envelope(zod.object({ items: zod.array(sessionSchema) }));

/** 4 to 6 digits. */
export const pinSchema = zod
  .string({ error: 'pin_must_be_4_to_6_digits' })
  .regex(/^\d{4,6}$/, { error: 'pin_must_be_4_to_6_digits' });
export const pinBodySchema = zod.object({ pin: pinSchema });
/** A TOTP code from the authenticator app. */
export const totpCodeSchema = zod
  .string({ error: 'two_factor_code_is_invalid' })
  .regex(/^\d{6}$/, { error: 'two_factor_code_is_invalid' });

/** POST /user/pin: the first PIN; while authenticator 2FA is on, with a current `token` too. */
export const setPinBodySchema = zod.object({ pin: pinSchema, token: totpCodeSchema.optional() });

/** A recovery code shown when 2FA was enabled (xxxxx-xxxxx; case and separators are ignored). */
export const recoveryCodeSchema = zod
  .string({ error: 'two_factor_code_is_invalid' })
  .max(64, { error: 'two_factor_code_is_invalid' });

/**
 * PUT /user/pin/update: prove it is you with the current PIN or the password and, with
 * authenticator 2FA on, a current `token` too (403 two_factor_code_required without it).
 */
export const pinUpdateBodySchema = zod.object({
  currentPin: pinSchema.optional(),
  password: zod.string().max(1024).optional(),
  token: totpCodeSchema.optional(),
  pin: pinSchema,
});
export const pinStatusResponseSchema = envelope(
  zod.object({ pinSet: zod.boolean(), lockedUntil: zod.iso.datetime().nullable() }),
);
export const pinVerifiedResponseSchema = envelope(zod.object({ verified: zod.literal(true) }));

/**
 * PUT /user/update-2FA-google-authenticator/{id}. `status: true` confirms a key from
 * POST /auth/2fa/generate-key with `token` (like /auth/2fa/verify-token); `status: false` disables
 * 2FA and needs a current `token` or a `recoveryCode` (the password alone is not enough).
 */
export const twoFactorSwitchBodySchema = zod.object({
  status: zod.boolean({ error: 'status_must_be_boolean' }),
  token: totpCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
});
export const twoFactorSwitchResponseSchema = envelope(
  zod.object({ user: userSchema, recoveryCodes: zod.array(zod.string()).optional() }),
);
/** PUT /user/update-2FA-withdraw/{id}: needs 2FA enabled and a current `token`, to turn it on or off. */
export const withdrawalTwoFactorBodySchema = zod.object({
  status: zod.boolean({ error: 'status_must_be_boolean' }),
  token: totpCodeSchema.optional(),
});

export const passwordUpdateBodySchema = zod.object({
  currentPassword: zod.string({ error: 'current_password_is_incorrect' }).max(1024),
  newPassword: zod
    .string({ error: 'password_must_have_at_least_8_characters' })
    .min(8, { error: 'password_must_have_at_least_8_characters' })
    .max(128, { error: 'password_must_have_at_most_128_characters' }),
  /** Optional repeat; when sent it must match. */
  confirmPassword: zod.string().max(1024).optional(),
});

const notFound: ErrorCode = 'resource_not_found';
const auth: readonly ErrorCode[] = ['authentication_required', 'session_expired'];

export const userCalls = {
  profile: { method: 'GET', path: '/user/{id}', auth: true, errors: [...auth, notFound] },
  updatePreferences: {
    method: 'PUT',
    path: '/user/preferences/{id}',
    auth: true,
    errors: [...auth, notFound, 'language_must_be_supported', 'theme_must_be_supported'],
  },
  aiNotifications: {
    method: 'PUT',
    path: '/user/update-ai-notification-status/{id}',
    auth: true,
    errors: [...auth, notFound, 'status_must_be_boolean'],
  },
  administrativeEmails: {
    method: 'PUT',
    path: '/user/update-administrative-email-status/{id}',
    auth: true,
    errors: [...auth, notFound, 'status_must_be_boolean'],
  },
  newsletter: {
    method: 'PUT',
    path: '/user/update-newsletter-status/{id}',
    auth: true,
    errors: [...auth, notFound, 'status_must_be_boolean'],
  },
  sessions: { method: 'GET', path: '/user/sessions', auth: true, errors: auth },
  revokeSession: {
    method: 'DELETE',
    path: '/user/sessions/{sessionId}',
    auth: true,
    errors: [...auth, notFound, 'request_body_not_allowed'],
  },
  twoFactorSwitch: {
    method: 'PUT',
    path: '/user/update-2FA-google-authenticator/{id}',
    auth: true,
    errors: [
      ...auth,
      notFound,
      'two_factor_setup_not_started',
      'two_factor_code_is_invalid',
      'two_factor_locked',
      'two_factor_code_required',
      'too_many_requests',
      'status_must_be_boolean',
    ],
  },
  withdrawalTwoFactor: {
    method: 'PUT',
    path: '/user/update-2FA-withdraw/{id}',
    auth: true,
    errors: [
      ...auth,
      notFound,
      'two_factor_must_be_enabled',
      'two_factor_code_required',
      'two_factor_code_is_invalid',
      'two_factor_locked',
      'too_many_requests',
      'status_must_be_boolean',
    ],
  },
  setPin: {
    method: 'POST',
    path: '/user/pin',
    auth: true,
    errors: [
      ...auth,
      'pin_must_be_4_to_6_digits',
      'pin_is_too_simple',
      'pin_already_set',
      'two_factor_code_required',
      'two_factor_code_is_invalid',
      'two_factor_locked',
      'too_many_requests',
    ],
  },
  verifyPin: {
    method: 'POST',
    path: '/user/pin/verify',
    auth: true,
    errors: [...auth, 'pin_not_set', 'pin_is_invalid', 'pin_locked', 'too_many_requests', 'pin_must_be_4_to_6_digits'],
  },
  pinStatus: { method: 'GET', path: '/user/pin/is-valid', auth: true, errors: auth },
  updatePin: {
    method: 'PUT',
    path: '/user/pin/update',
    auth: true,
    errors: [
      ...auth,
      'pin_not_set',
      'current_pin_or_password_required',
      'two_factor_code_required',
      'two_factor_code_is_invalid',
      'two_factor_locked',
      'pin_is_invalid',
      'pin_locked',
      'current_password_is_incorrect',
      'sign_in_must_wait_after_failed_attempts',
      'pin_is_too_simple',
      'too_many_requests',
      'pin_must_be_4_to_6_digits',
    ],
  },
  updatePassword: {
    method: 'PUT',
    path: '/user/password/update',
    auth: true,
    errors: [
      ...auth,
      'current_password_is_incorrect',
      'sign_in_must_wait_after_failed_attempts',
      'password_must_have_at_least_8_characters',
      'password_must_have_at_most_128_characters',
      'password_needs_5_different_characters',
      'password_is_too_common',
      'passwords_do_not_match',
      'new_password_must_differ',
      'too_many_requests',
    ],
  },
} as const satisfies Record<string, AccountCall>;

// The auth calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import type { z as zod } from 'zod';
import { typedCall, type EnvelopeData } from '../api-call.ts';
import type {
  authResponseSchema,
  codeSentResponseSchema,
  codeVerifiedResponseSchema,
  loginBodySchema,
  passwordCheckBodySchema,
  passwordCheckResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  resetTicketResponseSchema,
  resetVerifyBodySchema,
  sendEmailCodeBodySchema,
  sendPhoneCodeBodySchema,
  twoFactorEnabledResponseSchema,
  twoFactorKeyResponseSchema,
  twoFactorVerifyBodySchema,
  verifyEmailBodySchema,
  verifyPhoneBodySchema,
} from '../index.ts';

type Sent = EnvelopeData<typeof codeSentResponseSchema>;
type Verified = EnvelopeData<typeof codeVerifiedResponseSchema>;
type Signed = EnvelopeData<typeof authResponseSchema>;
/** The same calls with their schemas, for clients (api-call.ts). */
export const authApi = {
  sendEmailCode: typedCall<{ body: typeof sendEmailCodeBodySchema; response: Sent }>({
    method: 'POST',
    path: '/auth/verify-email/send-code',
  }),
  verifyEmail: typedCall<{ body: typeof verifyEmailBodySchema; response: Verified }>({
    method: 'POST',
    path: '/auth/verify-email',
  }),
  sendPhoneCode: typedCall<{ body: typeof sendPhoneCodeBodySchema; response: Sent }>({
    method: 'POST',
    path: '/auth/phone',
  }),
  verifyPhone: typedCall<{ body: typeof verifyPhoneBodySchema; response: Verified }>({
    method: 'POST',
    path: '/auth/phone/verify',
  }),
  checkPassword: typedCall<{
    body: typeof passwordCheckBodySchema;
    response: EnvelopeData<typeof passwordCheckResponseSchema>;
  }>({ method: 'POST', path: '/auth/password/check' }),
  register: typedCall<{ body: typeof registerBodySchema; response: Signed }>({
    method: 'POST',
    path: '/auth/register',
  }),
  login: typedCall<{ body: typeof loginBodySchema; response: Signed }>({ method: 'POST', path: '/auth/login' }),
  logout: typedCall<{ response: zod.ZodUnknown }>({ method: 'POST', path: '/auth/logout' }),
  resetRequestCode: typedCall<{ body: typeof resetRequestBodySchema; response: Sent }>({
    method: 'POST',
    path: '/auth/forgot-passord/request-code',
  }),
  resetVerifyCode: typedCall<{
    body: typeof resetVerifyBodySchema;
    response: EnvelopeData<typeof resetTicketResponseSchema>;
  }>({ method: 'POST', path: '/auth/forgot-passord/verify-code' }),
  resetPassword: typedCall<{ body: typeof resetPasswordBodySchema; response: zod.ZodUnknown }>({
    method: 'POST',
    path: '/auth/forgot-passord/',
  }),
  generateTwoFactorKey: typedCall<{ response: EnvelopeData<typeof twoFactorKeyResponseSchema> }>({
    method: 'POST',
    path: '/auth/2fa/generate-key',
  }),
  verifyTwoFactorToken: typedCall<{
    body: typeof twoFactorVerifyBodySchema;
    response: EnvelopeData<typeof twoFactorEnabledResponseSchema>;
  }>({ method: 'POST', path: '/auth/2fa/verify-token' }),
};

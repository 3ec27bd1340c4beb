// The user calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall, type EnvelopeData } from '../api-call.ts';
import type {
  passwordUpdateBodySchema,
  pinBodySchema,
  pinStatusResponseSchema,
  pinUpdateBodySchema,
  pinVerifiedResponseSchema,
  preferencesBodySchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
  setPinBodySchema,
  statusBodySchema,
  successResponseSchema,
  twoFactorSwitchBodySchema,
  twoFactorSwitchResponseSchema,
  userIdParamsSchema,
  userSchema,
  withdrawalTwoFactorBodySchema,
} from '../index.ts';

type Success = EnvelopeData<typeof successResponseSchema>;
type Switch = { params: typeof userIdParamsSchema; body: typeof statusBodySchema; response: typeof userSchema };
/** The same calls with their schemas, for clients (api-call.ts). */
export const userApi = {
  profile: typedCall<{ params: typeof userIdParamsSchema; response: typeof userSchema }>({
    method: 'GET',
    path: '/user/{id}',
  }),
  updatePreferences: typedCall<{
    params: typeof userIdParamsSchema;
    body: typeof preferencesBodySchema;
    response: typeof userSchema;
  }>({ method: 'PUT', path: '/user/preferences/{id}' }),
  aiNotifications: typedCall<Switch>({ method: 'PUT', path: '/user/update-ai-notification-status/{id}' }),
  administrativeEmails: typedCall<Switch>({ method: 'PUT', path: '/user/update-administrative-email-status/{id}' }),
  newsletter: typedCall<Switch>({ method: 'PUT', path: '/user/update-newsletter-status/{id}' }),
  sessions: typedCall<{ response: EnvelopeData<typeof sessionListResponseSchema> }>({
    method: 'GET',
    path: '/user/sessions',
  }),
  revokeSession: typedCall<{ params: typeof sessionIdParamsSchema; response: Success }>({
    method: 'DELETE',
    path: '/user/sessions/{sessionId}',
  }),
  twoFactorSwitch: typedCall<{
    params: typeof userIdParamsSchema;
    body: typeof twoFactorSwitchBodySchema;
    response: EnvelopeData<typeof twoFactorSwitchResponseSchema>;
  }>({ method: 'PUT', path: '/user/update-2FA-google-authenticator/{id}' }),
  withdrawalTwoFactor: typedCall<{
    params: typeof userIdParamsSchema;
    body: typeof withdrawalTwoFactorBodySchema;
    response: typeof userSchema;
  }>({ method: 'PUT', path: '/user/update-2FA-withdraw/{id}' }),
  setPin: typedCall<{ body: typeof setPinBodySchema; response: Success }>({ method: 'POST', path: '/user/pin' }),
  verifyPin: typedCall<{ body: typeof pinBodySchema; response: EnvelopeData<typeof pinVerifiedResponseSchema> }>({
    method: 'POST',
    path: '/user/pin/verify',
  }),
  pinStatus: typedCall<{ response: EnvelopeData<typeof pinStatusResponseSchema> }>({
    method: 'GET',
    path: '/user/pin/is-valid',
  }),
  updatePin: typedCall<{ body: typeof pinUpdateBodySchema; response: Success }>({
    method: 'PUT',
    path: '/user/pin/update',
  }),
  updatePassword: typedCall<{ body: typeof passwordUpdateBodySchema; response: Success }>({
    method: 'PUT',
    path: '/user/password/update',
  }),
};

// The kyc calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type { kycIdentitySchema, kycStateSchema, updateKycStatusBodySchema, userIdParamsSchema } from '../index.ts';

/** The same calls with their schemas, for clients (api-call.ts). */
export const kycApi = {
  getKyc: typedCall<{ params: typeof userIdParamsSchema; response: typeof kycStateSchema }>({
    method: 'GET',
    path: '/user/kyc/{id}',
  }),
  verifyUserIdentity: typedCall<{
    params: typeof userIdParamsSchema;
    body: typeof kycIdentitySchema;
    response: typeof kycStateSchema;
  }>({ method: 'PUT', path: '/user/verify-user-identity/{id}' }),
  updateKycStatus: typedCall<{ body: typeof updateKycStatusBodySchema; response: typeof kycStateSchema }>({
    method: 'POST',
    path: '/user/update-kyc-status',
  }),
};

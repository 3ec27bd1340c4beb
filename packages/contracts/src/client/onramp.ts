// The onramp calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type { idParamsSchema, onrampInitBodySchema, onrampPurchaseSchema } from '../index.ts';

/** The same calls with their schemas, for clients (api-call.ts). */
export const onrampApi = {
  init: typedCall<{ body: typeof onrampInitBodySchema; response: typeof onrampPurchaseSchema }>({
    method: 'POST',
    path: '/order/init',
  }),
  getPurchase: typedCall<{ params: typeof idParamsSchema; response: typeof onrampPurchaseSchema }>({
    method: 'GET',
    path: '/onramp/purchases/{id}',
  }),
};

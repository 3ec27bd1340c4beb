// The swap calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type {
  convertQuerySchema,
  swapListQuerySchema,
  swapListSchema,
  swapOrderBodySchema,
  swapQuoteSchema,
  swapSchema,
} from '../index.ts';

/** The same calls with their schemas, for clients (api-call.ts). */
export const swapApi = {
  convert: typedCall<{ query: typeof convertQuerySchema; response: typeof swapQuoteSchema }>({
    method: 'GET',
    path: '/convert',
  }),
  placeSwap: typedCall<{ body: typeof swapOrderBodySchema; response: typeof swapSchema }>({
    method: 'POST',
    path: '/order',
  }),
  listSwaps: typedCall<{ query: typeof swapListQuerySchema; response: typeof swapListSchema }>({
    method: 'GET',
    path: '/swaps',
  }),
};

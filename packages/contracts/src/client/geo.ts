// The geo calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type { countryCheckSchema } from '../index.ts';

/** GET /allowCountries (geo.routes.ts), with its schema for clients. */
export const geoApi = {
  allowCountries: typedCall<{ response: typeof countryCheckSchema }>({ method: 'GET', path: '/allowCountries' }),
};

// The country check on load (spec §7): GET /allowCountries answers 200 for an allowed country and
// 451 with data[0].allowed === false for a blocked one. Any other failure lets the visitor carry on:
// the API refuses blocked countries by itself, so a flaky check must not lock customers out.
import { apiRequest } from '../../../lib/api/client.ts';
import { ApiError } from '../../../lib/api/errors.ts';

export type CountryVerdict = { readonly blocked: false } | { readonly blocked: true; readonly country: string | null };

export function verdictFromError(error: unknown): CountryVerdict {
  if (!(error instanceof ApiError)) return { blocked: false };
  const first = error.items[0];
  if (error.status !== 451 || first?.allowed !== false) return { blocked: false };
  return { blocked: true, country: typeof first.country === 'string' ? first.country : null };
}

export async function checkCountry(): Promise<CountryVerdict> {
  try {
    await apiRequest<unknown>('/allowCountries');
    return { blocked: false };
  } catch (error) {
    const verdict = verdictFromError(error);
    if (!verdict.blocked) console.error('Country check failed', error);
    return verdict;
  }
}

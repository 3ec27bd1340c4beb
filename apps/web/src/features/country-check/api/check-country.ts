// The country check on load (spec §7): GET /allowCountries answers 200 for an allowed country and
// 451 with data[0].allowed === false for a blocked one. Any other failure lets the visitor carry on:
// the API refuses blocked countries by itself, so a flaky check must not lock customers out.
import { geoApi, type CountryCheck } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { ApiError } from '../../../lib/api/errors.ts';

export type CountryVerdict =
  | {
      readonly blocked: false;
      /** The API's site for the visitor when it is not this one. */ readonly otherSite?: string;
    }
  | { readonly blocked: true; readonly country: string | null };

/**
 * The API decides the US or international site (spec §7): a visitor it sends to the US site while
 * on another origin is offered that site. Only the US decision is offered: every other visitor is
 * served by the international site, and a sandbox on its own origin is not sent anywhere.
 */
export function verdictFromAnswer(answer: CountryCheck, currentOrigin: string): CountryVerdict {
  if (answer.site !== 'us') return { blocked: false };
  try {
    const site = new URL(answer.siteUrl);
    return site.origin === currentOrigin ? { blocked: false } : { blocked: false, otherSite: site.origin };
  } catch {
    return { blocked: false };
  }
}

export function verdictFromError(error: unknown): CountryVerdict {
  if (!(error instanceof ApiError)) return { blocked: false };
  const first = error.items[0];
  if (error.status !== 451 || first?.allowed !== false) return { blocked: false };
  return { blocked: true, country: typeof first.country === 'string' ? first.country : null };
}

export async function checkCountry(): Promise<CountryVerdict> {
  try {
    return verdictFromAnswer(await callApi(geoApi.allowCountries, {}), window.location.origin);
  } catch (error) {
    const verdict = verdictFromError(error);
    if (!verdict.blocked) console.error('Country check failed', error);
    return verdict;
  }
}

let started: Promise<CountryVerdict> | undefined;

/**
 * Sends the check as the app boots, beside the first screen's downloads rather than after its
 * render: on a slow link its round trip then ends before that screen is painted instead of after.
 */
export function startCountryCheck(): void {
  started ??= checkCountry();
}

/** The check startCountryCheck sent, handed over once; later mounts send their own. */
export function takeStartedCountryCheck(): Promise<CountryVerdict> | undefined {
  const check = started;
  started = undefined;
  return check;
}

// The country check of spec §7: is the visitor's country served, and by which site (US or
// international)? A blocked country is refused with 451 country_not_allowed, whose first error item
// carries `allowed: false` for the web app's blocking popup. The address is request.ip, which
// honours X-Forwarded-For only from the proxies in TRUST_PROXY.
import { errorCatalogue, type CountryCheck } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';
import { isLocalAddress, type GeoIpAdapter } from './geoip-adapter.ts';

export interface CountryCheckService {
  check(ip: string): Promise<CountryCheck>;
}

export interface CountryCheckOptions {
  geoip: GeoIpAdapter;
  blockedCountries: readonly string[];
  /** Assumed for loopback and private addresses (local development, tests, a LAN). */
  localCountry: string | undefined;
  usSiteUrl: string;
  internationalSiteUrl: string;
}

export function createCountryCheckService(options: CountryCheckOptions): CountryCheckService {
  const blocked = new Set(options.blockedCountries.map((code) => code.toUpperCase()));

  async function countryOf(ip: string): Promise<string | null> {
    if (isLocalAddress(ip)) return options.localCountry ?? null;
    return options.geoip.countryOf(ip);
  }

  return {
    async check(ip) {
      const country = await countryOf(ip);
      if (country !== null && blocked.has(country)) {
        const { message } = errorCatalogue.country_not_allowed;
        throw new AppError('country_not_allowed', {
          items: [{ code: 'country_not_allowed', message, allowed: false, country }],
        });
      }
      // An address no database can place is served by the international site.
      const us = country === 'US';
      return {
        allowed: true,
        country,
        site: us ? 'us' : 'international',
        siteUrl: us ? options.usSiteUrl : options.internationalSiteUrl,
      };
    },
  };
}

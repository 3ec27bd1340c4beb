// The geo context: GeoIP behind an adapter, and the country check of /allowCountries.
export {
  createCountryCheckService,
  type CountryCheckOptions,
  type CountryCheckService,
} from './country-check.service.ts';
export { createGeoIpLiteAdapter, isLocalAddress, type GeoIpAdapter } from './geoip-adapter.ts';

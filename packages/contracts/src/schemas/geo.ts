// GET /allowCountries (spec §7 Country checks). A blocked country answers 451 with the error body
// whose data[0] is `{ code: 'country_not_allowed', allowed: false, country }`; the web app then
// opens the blocking popup. Success says which site (US or international) serves the visitor.
import { z as zod } from 'zod';

export const countryCheckSchema = zod.object({
  allowed: zod.literal(true),
  /** Two-letter country code, or null when the address cannot be placed. */
  country: zod.string().length(2).nullable(),
  site: zod.enum(['us', 'international']),
  siteUrl: zod.url(),
});
export type CountryCheck = zod.infer<typeof countryCheckSchema>;

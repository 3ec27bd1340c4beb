// GET /allowCountries (spec §7 Country checks). A blocked country answers 451 with the error body
// whose data[0] is `{ code: 'country_not_allowed', allowed: false, country }`; the web app then
// opens the blocking popup. Success says which site (US or international) serves the visitor.
import { z } from 'zod';

export const countryCheckSchema = z.object({
  allowed: z.literal(true),
  /** Two-letter country code, or null when the address cannot be placed. */
  country: z.string().length(2).nullable(),
  site: z.enum(['us', 'international']),
  siteUrl: z.url(),
});
export type CountryCheck = z.infer<typeof countryCheckSchema>;

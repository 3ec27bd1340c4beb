// The shape every error takes on the wire (DESIGN §4) and the catalogue entry type.
import { z as zod } from 'zod';

export interface ErrorDefinition {
  /** HTTP status the API answers with. */
  readonly status: number;
  /** English message; the web app shows its translation (i18n key `errors.<code>`) when it has one. */
  readonly message: string;
}

export const errorItemSchema = zod.object({
  code: zod.string(),
  message: zod.string(),
  /** The request field the item is about, dotted (`phone.number`). */
  field: zod.string().optional(),
  /** Country check (`country_not_allowed`): false opens the blocking popup (spec §7). */
  allowed: zod.boolean().optional(),
  /** Country check: the two-letter country the request came from, when known. */
  country: zod.string().optional(),
  /** A bound the amount broke (a staking plan's minimum or maximum stake), a decimal in `asset`'s units. */
  limit: zod.string().optional(),
  /** The asset `limit` is counted in (`ETH`). */
  asset: zod.string().optional(),
  /** A wait (sign-in backoff): the seconds until a try is checked again, as in Retry-After. */
  retryAfterSeconds: zod.number().int().positive().optional(),
});

export const errorBodySchema = zod.object({
  error: zod.object({ code: zod.string(), message: zod.string() }),
  data: zod.array(errorItemSchema),
});

export type ErrorItem = zod.infer<typeof errorItemSchema>;
export type ErrorBody = zod.infer<typeof errorBodySchema>;

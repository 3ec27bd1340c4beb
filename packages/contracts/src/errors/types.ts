// The shape every error takes on the wire (DESIGN §4) and the catalogue entry type.
import { z } from 'zod';

export interface ErrorDefinition {
  /** HTTP status the API answers with. */
  readonly status: number;
  /** English message; the web app shows its translation (i18n key `errors.<code>`) when it has one. */
  readonly message: string;
}

export const errorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The request field the item is about, dotted (`phone.number`). */
  field: z.string().optional(),
  /** Country check (`country_not_allowed`): false opens the blocking popup (spec §7). */
  allowed: z.boolean().optional(),
  /** Country check: the two-letter country the request came from, when known. */
  country: z.string().optional(),
  /** A wait (sign-in backoff): the seconds until a try is checked again, as in Retry-After. */
  retryAfterSeconds: z.number().int().positive().optional(),
});

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  data: z.array(errorItemSchema),
});

export type ErrorItem = z.infer<typeof errorItemSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

// Building blocks every call's schema reuses: paging, ids and timestamps on the wire.
import { z } from 'zod';

/** Timestamps travel as ISO 8601 strings in UTC. */
export const timestampSchema = z.iso.datetime();

export const idParamsSchema = z.object({ id: z.uuid() });

export const MAX_PAGE_LIMIT = 100;

/** `?page&limit` of list calls (spec §7): page from 1, at most 100 items a page. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The paging fields of a list response, beside its `items`. */
export const pageInfoSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

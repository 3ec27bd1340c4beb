// Building blocks every call's schema reuses: paging, ids and timestamps on the wire.
import { z as zod } from 'zod';

/** Timestamps travel as ISO 8601 strings in UTC. */
export const timestampSchema = zod.iso.datetime();

export const idParamsSchema = zod.object({ id: zod.uuid() });

export const MAX_PAGE_LIMIT = 100;

/** `?page&limit` of list calls (spec §7): page from 1, at most 100 items a page. */
export const pageQuerySchema = zod.object({
  page: zod.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: zod.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(20),
});
export type PageQuery = zod.infer<typeof pageQuerySchema>;

/** The paging fields of a list response, beside its `items`. */
export const pageInfoSchema = zod.object({
  page: zod.number().int(),
  limit: zod.number().int(),
  total: zod.number().int(),
});

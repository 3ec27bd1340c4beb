// Building blocks every call's schema reuses: paging, ids and timestamps on the wire.
import { z as zod } from 'zod';
import type { ErrorCode } from '../errors/index.ts';

/** Timestamps travel as ISO 8601 strings in UTC. */
export const timestampSchema = zod.iso.datetime();

export const idParamsSchema = zod.object({ id: zod.uuid() });

export const MAX_PAGE_LIMIT = 100;

// Any count of digits. A number past the exact range (16 digits and more) is read as the largest
// exact one, past every query number's range too, so it meets that range's own rule ("at most
// 1000000"), which names what is wrong: not the digits rule, nor the integers' limit.
const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * A number of a query string: plain decimal digits, then `schema`'s rules. zod.coerce.number()
 * read "0x10" as 16, "1e1" as 10 and " 5", "+5", "5.0" or "" as numbers, so one address meant
 * different pages to this server and to anything else reading it (a cache, a log, a WAF rule).
 * Anything else is refused with `code`: the digits rule, unless the field's own rule is worded for
 * any text (the market data counts: "ask for a whole number of levels from 1 to 200"). A rule that
 * names a range (a loan's rate) is not: `1e3` is in range, and would read as out of it. A number
 * (from a typed client) goes straight to `schema`.
 */
export function queryNumber<T extends zod.ZodType<number>>(
  schema: T,
  code: ErrorCode = 'query_number_must_be_decimal_digits',
) {
  return zod.preprocess((value: unknown, context) => {
    if (typeof value !== 'string') return value;
    if (DECIMAL_DIGITS.test(value)) return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
    context.addIssue({ code: 'custom', message: code, input: value });
    return zod.NEVER;
  }, schema);
}

/** `?page&limit` of list calls (spec §7): page from 1, at most 100 items a page. */
export const pageQuerySchema = zod.object({
  page: queryNumber(zod.number().int().min(1).max(1_000_000)).default(1),
  limit: queryNumber(zod.number().int().min(1).max(MAX_PAGE_LIMIT)).default(20),
});
export type PageQuery = zod.infer<typeof pageQuerySchema>;

/** The paging fields of a list response, beside its `items`. */
export const pageInfoSchema = zod.object({
  page: zod.number().int(),
  limit: zod.number().int(),
  total: zod.number().int(),
});

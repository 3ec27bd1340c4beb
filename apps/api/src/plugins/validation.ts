// Request validation for every route. The contract's schemas use error codes as their messages
// (`email_must_be_valid`), so a rule a field breaks answers that code with its catalogued status and
// message: `data[0].message` is what the web app toasts (spec §8), and `field` names the input.
// Other issues (a wrong type where no code was given) answer request_validation_failed.
// Bodies and query strings are strict: an unknown field or parameter is refused by name rather than
// silently dropped (TESTING.md): `GET /wallet/history?asset=BTC` filters nothing, so it says so. An
// API route that declares no query string takes none (queryTakesNothing), and a GET takes no body,
// nor does a call that declares none (takesNoBody). A query parameter given twice (`asset=USDT&
// asset=ETH`) is refused by name on every route, as a repeated key of a JSON body is: one reader of
// the address may take the first, another the last, and the list it becomes here read as whatever
// rule of the field it broke first (an unsupported coin, a page that is not a number).
import type { FastifyRequest, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorCatalogue, isErrorCode, type ErrorCode, type ErrorItem } from '@rora/contracts';
import { AppError } from '../lib/errors.ts';

function toItem(issue: z.core.$ZodIssue): ErrorItem & { code: ErrorCode } {
  const field = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
  const code = isErrorCode(issue.message) ? issue.message : 'request_validation_failed';
  const message = code === 'request_validation_failed' ? issue.message : errorCatalogue[code].message;
  return { code, message, ...(field ? { field } : {}) };
}

export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const items = issues
    .map(toItem)
    .filter((item, index, all) => all.findIndex((other) => other.field === item.field) === index);
  const first = items[0] ?? { code: 'request_validation_failed' as const, message: 'The request is not valid' };
  return new AppError(first.code, { message: first.message, field: first.field, items });
}

/** The same schema with unknown keys refused at the top level, through unions of objects too. */
export function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return schema.strict();
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options = schema.options.map((option) => strict(option as z.ZodType)) as [z.ZodObject, ...z.ZodObject[]];
    // Keep the union's own error (e.g. order_type_not_supported for an unknown discriminator).
    const { discriminator, error } = schema._zod.def;
    return z.discriminatedUnion(discriminator, options, error ? { error: error as z.core.$ZodErrorMap } : undefined);
  }
  if (schema instanceof z.ZodUnion) {
    return z.union(schema.options.map((option) => strict(option as z.ZodType)) as [z.ZodType, ...z.ZodType[]]);
  }
  return schema;
}

function strictInput(schema: z.ZodType, httpPart: string | undefined): z.ZodType {
  return httpPart === 'body' || httpPart === 'querystring' ? strict(schema) : schema;
}

const cut = (text: string) => (text.length > 64 ? `${text.slice(0, 64)}…` : text);

/** The refusal of a query string with a parameter given more than once (the parser made it a list). */
function repeatedParameter(query: unknown): AppError | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const name = Object.keys(query).find((key) => Array.isArray((query as Record<string, unknown>)[key]));
  if (name === undefined) return undefined;
  return new AppError('query_parameters_must_be_unique', {
    message: `The parameter ${JSON.stringify(cut(name))} appears more than once in the address`,
    field: cut(name),
  });
}

export const routeValidator: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const checked = strictInput(schema, httpPart);
  return (data) => {
    const repeated = httpPart === 'querystring' ? repeatedParameter(data) : undefined;
    if (repeated) return { error: repeated };
    const result = checked.safeParse(data);
    return result.success ? { value: result.data } : { error: validationError(result.error.issues) };
  };
};

/**
 * An `onRoute` hook: an API route that declares no query string gets an empty one, so a parameter
 * sent to it is refused like an unknown one elsewhere. Not the WebSocket (its upgrade is not a call)
 * nor the providers' webhooks (their servers, not customers, choose the address).
 */
export function queryTakesNothing(route: RouteOptions): void {
  const schema = route.schema as { querystring?: unknown } | undefined;
  if (schema?.querystring !== undefined || route.wsHandler || !route.url.startsWith('/api/v1/')) return;
  if (route.url.startsWith('/api/v1/webhooks/')) return;
  route.schema = { ...route.schema, querystring: z.object({}) };
}

/** Whether the request carries a body: a length above zero, or chunks. */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

async function refuseBody(request: FastifyRequest): Promise<void> {
  if (hasBody(request)) throw new AppError('request_body_not_allowed');
}

/** An empty JSON object: what a client that always sends JSON sends for "nothing". */
const isEmptyObject = (body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;

async function refuseParsedBody(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined && request.body !== null && !isEmptyObject(request.body)) {
    throw new AppError('request_body_not_allowed');
  }
}

/**
 * How a route refuses a body it does not take, if it does:
 * - An API GET (or HEAD), by its headers: Fastify does not read a body there, so one was dropped and
 *   the call answered as if the client had not meant something by it (a filter, say).
 * - Another API call that declares no body (an unstake, a logout, a delete), by the parsed body,
 *   where it was dropped unread: `{"amount":"5"}` sent to an unstake, meant as a part, unstaked the
 *   whole. Absent, `null` or `{}` is nothing. Not a route that reads its own body (it declares what
 *   it `consumes`: the KYC uploads, whose own refusal says a file is needed), nor the providers'
 *   webhooks (their servers choose what to send).
 */
function bodyRefusal(route: RouteOptions): ((request: FastifyRequest) => Promise<void>) | undefined {
  const reads = [route.method].flat().map((method) => method === 'GET' || method === 'HEAD');
  if (reads.every(Boolean)) return refuseBody;
  if (reads.some(Boolean)) return undefined;
  const schema = route.schema as { body?: unknown; consumes?: unknown } | undefined;
  if (schema?.body !== undefined || schema?.consumes !== undefined) return undefined;
  return route.url.startsWith('/api/v1/webhooks/') ? undefined : refuseParsedBody;
}

/**
 * An `onRoute` hook: an API route refuses a body it does not take (bodyRefusal), by name. Checked in
 * preValidation: after the sign-in check of onRequest, so an anonymous caller still learns only that
 * it must sign in, and before an idempotency key is claimed. Not the WebSocket, whose upgrade is not
 * a call.
 */
export function takesNoBody(route: RouteOptions): void {
  if (route.wsHandler || !route.url.startsWith('/api/v1/')) return;
  const refusal = bodyRefusal(route);
  if (refusal === undefined) return;
  const preValidation = route.preValidation === undefined ? [] : [route.preValidation].flat();
  route.preValidation = [refusal as never, ...preValidation];
}

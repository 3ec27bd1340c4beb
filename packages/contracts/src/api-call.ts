// Typed calls for clients (issue 19): each call of a context's table (method, path, auth, errors:
// what the API routes from) is given the zod schemas of its params, query, body and response, so a
// client calls `callApi(walletApi.dashboard, input)` with its input and answer typed from the
// contract, and never writes a path. The schemas are bound as types only: a client bundle then
// carries the method and path, not zod (about 90 kB gzip, more than the whole login page may weigh);
// the API validates with the same schemas at run time.
import type { z as zod } from 'zod';

export interface CallSchemas {
  /** The `{name}` segments of the path. */
  readonly params?: zod.ZodType;
  readonly query?: zod.ZodType;
  readonly body?: zod.ZodType;
  /** The `data` of the success envelope. */
  readonly response: zod.ZodType;
}

export interface ApiCall<Schemas extends CallSchemas = CallSchemas> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /api/v1, OpenAPI style: `/wallet/{id}`. */
  readonly path: string;
  /** Never set: carries the schemas' types. */
  readonly schemas?: Schemas;
}

type Part<Schemas, Name extends string, Key extends string = Name> = Schemas extends {
  readonly [K in Name]: infer Schema extends zod.ZodType;
}
  ? { readonly [K in Key]: zod.input<Schema> }
  : { readonly [K in Key]?: never };

/** What a call takes: its params, query and body as the schemas accept them, and request options. */
export type CallInput<Call extends ApiCall> =
  Call extends ApiCall<infer Schemas>
    ? Part<Schemas, 'params'> &
        Part<Schemas, 'query'> &
        Part<Schemas, 'body'> & {
          readonly signal?: AbortSignal;
          readonly headers?: Readonly<Record<string, string>>;
        }
    : never;

/** What a call answers: the `data` of its success envelope. */
export type CallOutput<Call extends ApiCall> =
  Call extends ApiCall<infer Schemas> ? zod.output<Schemas['response']> : never;

/** Binds a call of a context's table to its schemas (types only; the value is the method and path). */
export function typedCall<Schemas extends CallSchemas>(call: Pick<ApiCall, 'method' | 'path'>): ApiCall<Schemas> {
  return { method: call.method, path: call.path };
}

/** The `data` schema of a success envelope (`envelope(x)` gives x), for a call's response. */
export type EnvelopeData<Envelope extends { shape: { data: zod.ZodType } }> = Envelope['shape']['data'];

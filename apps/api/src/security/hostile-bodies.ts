// Hostile request bodies, derived from a route's own body schema (TESTING.md "Hostile input"): a
// valid example to start from, then one field at a time of the wrong type, missing, 100 kB long,
// nested 500 deep, or (for numbers and amounts) negative, 1e309, beyond 2^53 or with too many
// decimals. Bodies that JSON.stringify cannot write (1e309, 2^53 + 1, `__proto__`) are raw text.
// And a valid body in another charset or compressed, which the API must refuse, not misread.
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { ErrorCode } from '@rora/contracts';

export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** One hostile body: raw JSON text, what it does, and the field the refusal should name (if one). */
export interface HostileBody {
  name: string;
  text: string;
  field?: string;
  /** False: the route may take it (a 90-digit amount for an estimate, say) but must never crash on it. */
  mustRefuse?: boolean;
  /** The code the refusal must give, when the rule is that precise (a wrong type). */
  code?: ErrorCode;
}

export const toJsonSchema = (schema: unknown): JsonSchema =>
  z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Values a string field with a pattern may want, tried in order. */
const STRING_CANDIDATES = [
  '123456',
  '2580',
  '0.001',
  '1',
  'BTC',
  'BTC/USDT',
  'BTC/ETH',
  '+44',
  '7700900123',
  '1990-01-01',
  'customer@example.com',
  'Ada Lovelace',
];

function variants(schema: JsonSchema): JsonSchema[] {
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((variant) => variant.type !== 'null');
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return `customer-${randomUUID().slice(0, 8)}@example.com`;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date().toISOString();
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern).test(value));
  return STRING_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
}

function sampleNumber(schema: JsonSchema): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
  return Math.min(Math.max(low, 1), schema.maximum ?? Infinity);
}

/** A value the schema accepts, as far as its JSON Schema says (the zod schema has the last word). */
export function sample(schema: JsonSchema, withOptional = false): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const [variant] = variants(schema);
  if (variant) return sample(variant, withOptional);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], withOptional);
  const type = typesOf(schema).find((candidate) => candidate !== 'null');
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'number':
    case 'integer':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, withOptional));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => withOptional || schema.required?.includes(name))
          .map(([name, property]) => [name, sample(property, withOptional)]),
      );
    default:
      return typesOf(schema).includes('null') ? null : 'x';
  }
}

/** A body the route's zod schema accepts, built from its JSON Schema; undefined if none was found. */
export function exampleBody(zodSchema: unknown): Record<string, unknown> | undefined {
  const schema = toJsonSchema(zodSchema);
  const parse = (value: unknown) => (zodSchema as z.ZodType).safeParse(value).success;
  const roots = variants(schema).length > 0 ? variants(schema) : [schema];
  for (const root of roots) {
    for (const withOptional of [false, true]) {
      const candidate = sample(root, withOptional);
      if (parse(candidate)) return candidate as Record<string, unknown>;
    }
  }
  return undefined;
}

/** The member of a union body that `base` is (POST /order: a trade or a swap); the schema itself otherwise. */
export function variantFor(zodSchema: unknown, base: Record<string, unknown>): unknown {
  const options = (zodSchema as { options?: unknown[] }).options;
  if (!Array.isArray(options)) return zodSchema;
  return options.find((option) => (option as z.ZodType).safeParse(base).success) ?? zodSchema;
}

export interface Field {
  /** `phone.countryCode` */
  path: string[];
  schema: JsonSchema;
  required: boolean;
}

/** The body's fields, nested objects' fields included (one level down). */
export function fieldsOf(zodSchema: unknown, depth = 2): Field[] {
  const schema = toJsonSchema(zodSchema);
  const roots = variants(schema).length > 0 ? variants(schema) : [schema];
  const walk = (object: JsonSchema, prefix: string[], level: number): Field[] =>
    Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
      const field = { path: [...prefix, name], schema: property, required: object.required?.includes(name) ?? false };
      const nested = typesOf(property).includes('object') && level < depth ? walk(property, field.path, level + 1) : [];
      return [field, ...nested];
    });
  const seen = new Set<string>();
  return roots
    .flatMap((root) => walk(root, [], 1))
    .filter((field) => !seen.has(field.path.join('.')) && seen.add(field.path.join('.')));
}

/** The JSON types a field accepts (`integer` counts as `number`); empty means anything. */
export function acceptedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  if ('const' in schema) types.add(jsonType(schema.const));
  for (const value of schema.enum ?? []) types.add(jsonType(value));
  for (const type of typesOf(schema)) types.add(type === 'integer' ? 'number' : type);
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const inner = acceptedTypes(variant);
    if (inner.size === 0) return new Set();
    for (const type of inner) types.add(type);
  }
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const WRONG_VALUES: Record<string, string> = {
  string: '"x"',
  number: '123',
  boolean: 'true',
  null: 'null',
  object: '{"a":1}',
  array: '[1]',
};

/** `{a:{a:{...}}}` `depth` levels deep, as text. */
export const deeplyNested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const deeplyNestedArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Text of `body` with the field at `path` set to the raw JSON `value` (or removed when undefined). */
export function withField(body: Record<string, unknown>, path: string[], value: string | undefined): string {
  const marker = `__hostile_${randomUUID()}__`;
  const copy = structuredClone(body);
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = marker;
  return value === undefined ? JSON.stringify(copy) : JSON.stringify(copy).replace(`"${marker}"`, value);
}

const AMOUNT_NAME = /amount|quantity|price|size|total|value|fee/i;
const looksLikeAmount = (field: Field) =>
  typesOf(field.schema).includes('string') &&
  (AMOUNT_NAME.test(field.path.at(-1)!) || (field.schema.pattern ?? '').includes('\\.')) &&
  !field.schema.enum &&
  field.schema.format !== 'uuid';

/** Amounts and numbers a money route must refuse, not round, wrap or crash on. */
const HOSTILE_AMOUNTS = [
  ['negative', '"-1"'],
  ['too many decimals', '"0.1234567890123456789"'],
  ['1e309 in a string', '"1e309"'],
  ['an exponent', '"1e-8"'],
  ['hex', '"0x10"'],
  ['NaN', '"NaN"'],
  ['Infinity', '"Infinity"'],
  ['a comma', '"1,5"'],
  ['1e309 as a number', '1e309'],
  ['2^53 + 1 as a number', '9007199254740993'],
] as const;

const HOSTILE_NUMBERS = [
  ['negative', '-1'],
  ['1e309', '1e309'],
  ['-1e309', '-1e309'],
  ['2^53 + 1', '9007199254740993'],
  ['10^30', '1000000000000000000000000000000'],
  ['a fraction where a whole number is wanted', '1.5'],
  ['a number in a string', '"1"'],
] as const;

/** Every hostile body for a route whose valid example is `base`. */
export function hostileBodies(zodSchema: unknown, base: Record<string, unknown>): HostileBody[] {
  const bodies: HostileBody[] = [];
  for (const field of fieldsOf(variantFor(zodSchema, base))) {
    const name = field.path.join('.');
    const accepted = acceptedTypes(field.schema);
    // A number field given another type is refused as a wrong type, not by one of its rules (a
    // range): the string "500" for a rate is request_validation_failed, never loan_rate_out_of_range.
    const wrongType = accepted.size === 1 && accepted.has('number') ? 'request_validation_failed' : undefined;
    const add = (what: string, value: string | undefined, options: { mustRefuse?: boolean; code?: ErrorCode } = {}) =>
      bodies.push({ name: `${name}: ${what}`, text: withField(base, field.path, value), field: name, ...options });
    if (field.required) add('missing', undefined);
    if (accepted.size > 0) {
      for (const [type, value] of Object.entries(WRONG_VALUES)) {
        if (!accepted.has(type)) add(`a ${type}`, value, { code: wrongType });
      }
    }
    if (accepted.has('string') && !field.schema.enum && !('const' in field.schema)) {
      add('a 100 kB string', JSON.stringify('a'.repeat(100_000)));
      // PostgreSQL text cannot hold NUL: a route that stores it unchecked answers 500.
      add('a NUL byte', JSON.stringify('a\u0000b'), { mustRefuse: false });
    }
    add('nested 500 deep', deeplyNested(500));
    if (accepted.has('number')) {
      for (const [what, value] of HOSTILE_NUMBERS) {
        if (what.startsWith('a fraction') && !typesOf(field.schema).includes('integer')) continue;
        if (isInRange(field.schema, value)) continue;
        add(what, value, { code: value.startsWith('"') ? wrongType : undefined });
      }
    }
    if (looksLikeAmount(field)) {
      for (const [what, value] of HOSTILE_AMOUNTS) add(`amount ${what}`, value);
      // More than any balance or int8 can hold: a refusal or an estimate, never a crash.
      add('amount of 90 digits', `"${'9'.repeat(90)}"`, { mustRefuse: false });
    }
  }
  return bodies;
}

/** A hostile number the field's own range allows is not hostile for it (a signed offset, say). */
function isInRange(schema: JsonSchema, text: string): boolean {
  if (text.startsWith('"')) return false;
  const value = Number(text);
  if (!Number.isFinite(value) || !Number.isSafeInteger(Math.trunc(value))) return false;
  return value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity) && Number.isInteger(value);
}

/** Bodies wrong as a whole, whatever the route; `emptyIsValid` when every field is optional. */
export function hostileWholeBodies(base: Record<string, unknown> | undefined, emptyIsValid: boolean): HostileBody[] {
  const valid = JSON.stringify(base ?? {});
  const inner = valid.slice(1, -1);
  const join = (extra: string) => `{${inner}${inner ? ',' : ''}${extra}}`;
  // The first field again with another value: JSON.parse would keep the second, a proxy the first.
  const [first] = Object.keys(base ?? {});
  const repeated: HostileBody[] =
    first === undefined
      ? []
      : [{ name: 'a key repeated', text: join(`${JSON.stringify(first)}:"1000"`), field: first }];
  return [
    ...repeated,
    { name: 'malformed: cut short', text: valid.slice(0, -1) },
    { name: 'malformed: single quotes', text: "{'a': 1}" },
    { name: 'malformed: trailing comma', text: join('"a":1,') },
    { name: 'malformed: garbage after the object', text: `${valid} x` },
    { name: 'malformed: a bare word', text: 'undefined' },
    { name: 'malformed: a NUL byte', text: '\u0000' },
    { name: 'an empty object', text: '{}', mustRefuse: !emptyIsValid },
    { name: 'null', text: 'null' },
    { name: 'an array where an object is expected', text: '[]' },
    { name: 'an array holding the body', text: `[${valid}]` },
    { name: 'a string where an object is expected', text: '"body"' },
    { name: 'a number where an object is expected', text: '42' },
    { name: 'true where an object is expected', text: 'true' },
    { name: 'nested 500 deep', text: deeplyNested(500), mustRefuse: !emptyIsValid },
    { name: 'arrays nested 500 deep', text: deeplyNestedArray(500) },
    { name: '__proto__ at the top', text: join('"__proto__":{"isAdmin":true,"kycStatus":"approved"}') },
    { name: 'constructor.prototype at the top', text: join('"constructor":{"prototype":{"isAdmin":true}}') },
    { name: '__proto__ nested', text: join('"profile":{"__proto__":{"isAdmin":true}}') },
  ];
}

/** The base with fields no schema has: a mass-assignment attempt. */
export function withExtraFields(base: Record<string, unknown>): HostileBody {
  return {
    name: 'extra fields',
    text: JSON.stringify({ ...base, isAdmin: true, kycStatus: 'approved', userId: randomUUID() }),
    field: 'isAdmin',
  };
}

/** A body sent in a form the API does not read: the headers that say so and the code it must answer. */
export interface HostileEncoding {
  name: string;
  headers: Record<string, string>;
  payload: Buffer;
  code: ErrorCode;
}

/**
 * `payload` (of `contentType`) declared in other charsets and compressed with other content codings:
 * only UTF-8 (or no charset) and `identity` are read, everything else is 415 before the body is.
 */
export function hostileEncodings(payload: Buffer, contentType: string): HostileEncoding[] {
  const text = payload.toString('utf8');
  const charset = (name: string, bytes: Buffer): HostileEncoding => ({
    name: `charset ${name}`,
    headers: { 'content-type': `${contentType}; charset=${name}` },
    payload: bytes,
    code: 'charset_must_be_utf_8',
  });
  const coding = (name: string, bytes: Buffer): HostileEncoding => ({
    name: `Content-Encoding ${name}`,
    headers: { 'content-type': contentType, 'content-encoding': name },
    payload: bytes,
    code: 'content_encoding_must_be_identity',
  });
  return [
    charset('latin1', Buffer.from(text, 'latin1')),
    charset('ISO-8859-1', Buffer.from(text, 'latin1')),
    charset('windows-1252', Buffer.from(text, 'latin1')),
    charset('utf-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])),
    charset('UTF-16LE', Buffer.from(text, 'utf16le')),
    charset('"utf8"', payload),
    coding('gzip', gzipSync(payload)),
    coding('GZIP', gzipSync(payload)),
    coding('deflate', deflateSync(payload)),
    coding('br', brotliCompressSync(payload)),
    coding('gzip, identity', gzipSync(payload)),
    coding('x-rora-unknown', payload),
  ];
}

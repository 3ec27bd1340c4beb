// Hostile input (TESTING.md, OWASP API Top 10): every route of the running app that takes a JSON
// body gets malformed JSON, wrong types, missing and extra fields, 100 kB strings, nesting 500 deep,
// `__proto__` and `constructor` keys, bad amounts and numbers, arrays for objects, an empty body and
// the wrong content type; every route with a query or a path parameter gets hostile values there.
// Always a 4xx with the one error body, naming the field at fault; never a 5xx, a stack or SQL.
// Every write route gets a body in another charset or compressed (415, nothing written); every
// upload route gets multipart bodies cut short at seeded random points, with bad boundaries and
// wrong parts (a 4xx, nothing written), and a sample of both goes over a real socket, which must
// answer rather than reset. The seed: TEST_SEED, or a drawn one that the run prints.
// The routes come from the app, so a route added later is covered without touching this file.
// Every code a route answered here must be one its call in the contract lists (the last test).
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  auditCalls,
  authCalls,
  callErrors,
  isErrorCode,
  kycCalls,
  lendingCalls,
  marketsCalls,
  onrampCalls,
  stakingCalls,
  swapCalls,
  userCalls,
  walletCalls,
  type AccountCall,
  type ErrorCode,
} from '@rora/contracts';
import type { TestUser } from '../testing/users.ts';
import type { CatalogueRoute } from '../testing/route-catalogue.ts';
import {
  approveKyc,
  deposit,
  ensureEthTraded,
  fundedBtcWallet,
  newCustomer,
  TEST_PIN,
  walletsOf,
} from './access-fixtures.ts';
import {
  exampleBody,
  hostileBodies,
  hostileEncodings,
  hostileWholeBodies,
  toJsonSchema,
  withExtraFields,
  type HostileBody,
  type HostileEncoding,
} from './hostile-bodies.ts';
import { form, hostileMultipartBodies, validUpload, type HostileMultipart } from './hostile-multipart.ts';
import { randomIp } from '../modules/accounts/testing/customers.ts';
import { jpegWithGps } from '../modules/kyc/testing/kyc-fixtures.ts';
import { rawBytes, rawExchange } from './raw-http.ts';
import {
  createSecurityApp,
  errorBodyProblems,
  fillPath,
  routeKey,
  writtenState,
  type ErrorBody,
} from './security-app.ts';

const t = await createSecurityApp();
afterAll(async () => t.close());

/** Valid bodies the schema alone cannot give: the customer's own wallets, a funded balance, a PIN. */
const BASES: Record<string, (customer: TestUser) => Promise<Record<string, unknown>>> = {
  'POST /api/v1/wallet/sendTransaction': async (customer) => {
    const wallet = await fundedBtcWallet(t, customer, '0.5');
    const recipient = (await walletsOf(t, await newCustomer(t))).wallet('btc');
    return { walletId: wallet.id, address: recipient.address, amount: '0.001', pin: TEST_PIN };
  },
  'POST /api/v1/wallet/estimatefee': async (customer) => {
    const wallet = await fundedBtcWallet(t, customer, '0.5');
    return { walletId: wallet.id, amount: '0.001' };
  },
  'PUT /api/v1/wallet': async (customer) => ({ id: (await walletsOf(t, customer)).wallets[0]!.id }),
  'POST /api/v1/coldwallet': async (customer) => {
    await fundedBtcWallet(t, customer, '0.5');
    return { type: 'create', assetSymbol: 'BTC', quantity: '0.001', pin: TEST_PIN };
  },
  'POST /api/v1/dev/faucet': async (customer) => {
    await walletsOf(t, customer);
    return { email: customer.email, asset: 'BTC', amount: '0.001' };
  },
  // The two spellings of the reset route: a new password and its confirmation must match.
  'POST /api/v1/auth/forgot-passord/': async (customer) => resetBody(customer),
  'POST /api/v1/auth/forgot-passord': async (customer) => resetBody(customer),
  'POST /api/v1/p2p': async (customer) => {
    await approveKyc(t, customer);
    await deposit(t, customer, 'BTC', '0.1');
    return {
      asset: 'USDT',
      amount: '1000',
      rateBps: 1000,
      termDays: 30,
      collateralAsset: 'BTC',
      collateralAmount: '0.04',
    };
  },
  'POST /api/v1/dev/lending/price': async () => ({ asset: 'ADX', usdPrice: '0.2' }),
  'POST /api/v1/order': async (customer) => {
    await approveKyc(t, customer);
    await deposit(t, customer, 'USDT', '1000');
    return { symbol: 'BTC/USDT', type: 'buy', orderType: 'limit', amount: '0.001', price: '1000' };
  },
  'POST /api/v1/order/rate': async () => ({ symbol: 'BTC/USDT', type: 'buy', orderType: 'market', amount: '0.001' }),
  'POST /api/v1/alert': async () => {
    await ensureEthTraded(t);
    return { symbol: 'ETH/USDT', condition: 'above', price: '1000000' };
  },
  'POST /api/v1/order/init': async (customer) => {
    await approveKyc(t, customer);
    return { asset: 'BTC', fiatAmount: '150' };
  },
  'POST /api/v1/staking/stake': async (customer) => {
    await approveKyc(t, customer);
    await deposit(t, customer, 'USDT', '1000');
    return { plan: 'usdt-flexible', amount: '10' };
  },
};

function resetBody(customer: TestUser) {
  const password = 'correct horse battery staple 42';
  return { email: customer.email, ticket: 'a-reset-ticket', password, confirmPassword: password };
}

const bodyRoutes = t.routes.filter((route) => route.schema?.body !== undefined);
const writeRoutes = t.routes.filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method));
const queryRoutes = t.routes.filter((route) => route.schema?.querystring !== undefined);
const paramRoutes = t.routes.filter((route) => route.params.length > 0);
const uploadRoutes = t.routes.filter((route) =>
  (route.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data'),
);
const SEED = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : Math.floor(Math.random() * 2 ** 31);
console.info(`hostile multipart cuts: seed ${SEED} (replay with TEST_SEED=${SEED})`);

interface Call {
  route: CatalogueRoute;
  customer: TestUser;
  params?: Record<string, string>;
  /** The path as is, not encoded (a bad percent-encoding). */
  rawPath?: string;
  query?: string;
  text?: string;
  contentType?: string;
}

/** The error codes each route answered in this file, by routeKey: held to the contract at the end. */
const answered = new Map<string, Set<string>>();

/** Notes the code of a refusal; the response as it came. */
function noted(route: CatalogueRoute, response: LightMyRequestResponse): LightMyRequestResponse {
  if (response.statusCode < 400) return response;
  let code: unknown;
  try {
    code = (response.json() as Partial<ErrorBody>).error?.code;
  } catch {
    return response;
  }
  if (typeof code === 'string') answered.set(routeKey(route), (answered.get(routeKey(route)) ?? new Set()).add(code));
  return response;
}

async function inject(request: Call, authorization: Record<string, string>): Promise<LightMyRequestResponse> {
  const { route, customer, params, rawPath, query, text, contentType } = request;
  const path =
    rawPath ?? fillPath(route.url, params ?? Object.fromEntries(route.params.map((name) => [name, customer.userId])));
  const response = await t.app.inject({
    method: route.method as 'POST',
    url: `${path}${query ? `?${query}` : ''}`,
    remoteAddress: randomIp(),
    headers: {
      ...authorization,
      ...(route.idempotent ? { 'idempotency-key': randomUUID() } : {}),
      ...(contentType === undefined && text !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(text === undefined ? {} : { payload: text }),
  });
  return noted(route, response);
}

/**
 * One hostile request as the customer. Hundreds go to each route, more than a per-session limit
 * allows (POST /order/rate: 120 a minute): a 429 is retried once from a fresh session of the same
 * customer, so the limit does not hide the validation (a per-customer limit still shows).
 */
async function call(request: Call): Promise<LightMyRequestResponse> {
  const response = await inject(request, request.customer.headers);
  if (response.statusCode !== 429) return response;
  const { token } = await t.app.services.sessions.create(request.customer.userId, { ip: randomIp() });
  return inject(request, { authorization: `Bearer ${token}` });
}

/**
 * Why an answer to a hostile request is wrong (nothing: []). A 403 or 429, or a 401 from a route that
 * takes a bearer token, would hide the check. With `mustRefuse` false, a success is fine; a 5xx is not.
 */
function refusalProblems(
  response: LightMyRequestResponse,
  expected: { route: CatalogueRoute; field?: string; mustRefuse?: boolean; code?: ErrorCode },
): string[] {
  const { route, field, mustRefuse = true, code } = expected;
  const status = response.statusCode;
  if (status >= 500) return [`answered ${status}`];
  if (status < 400) return mustRefuse ? [`answered ${status}`] : [];
  const problems = errorBodyProblems(response);
  if (!mustRefuse) return problems;
  if ([403, 429].includes(status) || (status === 401 && route.authenticated)) return [`answered ${status}`];
  if (problems.length > 0 || field === undefined) return problems;
  const body = response.json() as ErrorBody;
  if (code !== undefined && body.error.code !== code) return [`refused as ${body.error.code}, not ${code}`];
  const related = (name: string | undefined) =>
    name !== undefined && (name === field || name.startsWith(`${field}.`) || field.startsWith(`${name}.`));
  const names = (item: { field?: string; message: string }) => related(item.field) || item.message.includes(field);
  if (['request_body_too_large', 'request_body_must_be_json'].includes(body.error.code)) return [];
  // A union's refusal (POST /order: neither a trade nor a swap) names no field, but is the schema's.
  const schemaLevel = body.error.code === 'request_validation_failed' && body.data.every((item) => !item.field);
  if (schemaLevel) return [];
  return body.data.some(names) ? [] : [`refused for another reason: ${body.error.code} ${JSON.stringify(body.data)}`];
}

interface Case {
  name: string;
  field?: string;
  mustRefuse?: boolean;
  code?: ErrorCode;
  call: Call;
}

async function failuresOf(cases: Case[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { name, field, mustRefuse, code, call: request } of cases) {
    const response = await call(request);
    for (const problem of refusalProblems(response, { route: request.route, field, mustRefuse, code })) {
      failures.push(`${name}: ${problem} | ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  }
  expect(Object.prototype, 'a request polluted Object.prototype').not.toHaveProperty('isAdmin');
  return failures;
}

interface Prepared {
  customer: TestUser;
  base: Record<string, unknown> | undefined;
}
const prepared = new Map<string, Promise<Prepared>>();

/** A customer of the route's own and a valid body to vary, made once per route. */
function preparedFor(route: CatalogueRoute): Promise<Prepared> {
  const key = routeKey(route);
  if (!prepared.has(key)) {
    prepared.set(
      key,
      newCustomer(t).then(async (customer) => ({
        customer,
        base: (await BASES[key]?.(customer)) ?? exampleBody(route.schema!.body),
      })),
    );
  }
  return prepared.get(key)!;
}

const asCases = (route: CatalogueRoute, customer: TestUser, bodies: HostileBody[]): Case[] =>
  bodies.map(({ text, ...body }) => ({ ...body, call: { route, customer, text } }));

describe.each(bodyRoutes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  let customer: TestUser;
  let base: Record<string, unknown> | undefined;
  beforeAll(async () => {
    ({ customer, base } = await preparedFor(route));
  });

  it('has a valid example body to vary (else add one to BASES)', () => {
    expect(base, JSON.stringify(toJsonSchema(route.schema!.body))).toBeDefined();
  });

  it('refuses bodies wrong as a whole: malformed, empty, arrays, scalars, deep nesting, __proto__', async () => {
    const emptyIsValid = (route.schema!.body as z.ZodType).safeParse({}).success;
    const cases = asCases(route, customer, hostileWholeBodies(base, emptyIsValid));
    cases.push(
      { name: 'no body', call: { route, customer } },
      { name: 'an empty JSON body', call: { route, customer, text: '' } },
    );
    expect(await failuresOf(cases)).toEqual([]);
  });

  it('refuses each field wrong: type, missing, 100 kB, nested, out-of-range numbers and amounts', async () => {
    expect(await failuresOf(asCases(route, customer, hostileBodies(route.schema!.body, base ?? {})))).toEqual([]);
  });

  it('refuses a body in another content type', async () => {
    const text = JSON.stringify(base ?? {});
    const cases = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'text/html'].map(
      (contentType) => ({ name: contentType, call: { route, customer, text, contentType } }),
    );
    expect(await failuresOf(cases)).toEqual([]);
  });
});

// One rule for every JSON route (TESTING.md: extra fields are refused), so one test lists the routes
// that take a valid body with fields it does not have (`isAdmin`, `kycStatus`, `userId`) and go on.
it('every JSON route refuses fields it does not have (mass assignment), naming them', async () => {
  const failures: string[] = [];
  for (const route of bodyRoutes) {
    const { customer, base } = await preparedFor(route);
    const extra = withExtraFields(base ?? {});
    const response = await call({ route, customer, text: extra.text });
    for (const problem of refusalProblems(response, { route, field: extra.field })) {
      failures.push(`${routeKey(route)}: ${problem.slice(0, 160)} | ${response.statusCode}`);
    }
  }
  expect(failures).toEqual([]);
});

describe.each(writeRoutes.filter((route) => !route.schema?.body).map((route) => [routeKey(route), route] as const))(
  '%s (no JSON body)',
  (_key, route) => {
    it('refuses a body that is not JSON, or JSON that does not parse', async () => {
      const customer = await newCustomer(t);
      const cases = [
        { name: 'malformed JSON', call: { route, customer, text: '{"a":' } },
        { name: '__proto__', call: { route, customer, text: '{"__proto__":{"isAdmin":true}}' } },
        { name: 'text/plain', call: { route, customer, text: 'hello', contentType: 'text/plain' } },
        { name: '2 MB', call: { route, customer, text: JSON.stringify({ a: 'a'.repeat(2_000_000) }) } },
      ];
      expect(await failuresOf(cases)).toEqual([]);
    });
  },
);

const HOSTILE_QUERY_VALUES = [
  ['negative', '-1'],
  ['zero', '0'],
  ['1e309', '1e309'],
  ['2^53 + 1', '9007199254740993'],
  ['a fraction', '1.5'],
  // Numbers Number() reads but a plain-digits reader does not: one address, two meanings.
  ['hex', '0x10'],
  ['an exponent', '1e1'],
  ['a leading space', ' 5'],
  ['a plus sign', '+5'],
  ['a decimal point', '5.0'],
  ['a word', 'abc'],
  ['empty', ''],
  ['10 kB', 'a'.repeat(10_000)],
  ['SQL', "1' OR '1'='1"],
  ['a NUL byte', '%00'],
] as const;

describe.each(queryRoutes.map((route) => [routeKey(route), route] as const))('%s (query)', (_key, route) => {
  it('answers hostile query values with a 4xx or a success, never a 5xx, and numbers out of range with a 4xx', async () => {
    const customer = await newCustomer(t);
    const schema = toJsonSchema(route.schema!.querystring);
    const failures: string[] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const numeric = ['integer', 'number'].includes(String(property.type));
      for (const [what, value] of HOSTILE_QUERY_VALUES) {
        const query = `${encodeURIComponent(name)}=${value === '%00' ? value : encodeURIComponent(value)}`;
        const response = await call({ route, customer, query });
        const inRange =
          numeric &&
          /^\d+$/.test(value) &&
          Number(value) >= (property.minimum ?? -Infinity) &&
          Number(value) <= (property.maximum ?? Infinity);
        const problems = refusalProblems(response, { route, field: name, mustRefuse: numeric && !inRange });
        for (const problem of problems) failures.push(`${name} ${what}: ${problem} | ${response.body.slice(0, 200)}`);
      }
      const twice = await call({ route, customer, query: `${name}=1&${name}=2` });
      if (twice.statusCode >= 500) failures.push(`${name} twice: ${twice.statusCode} ${twice.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});

const HOSTILE_IDS = [
  ['not an id', 'not-an-id'],
  ['a number', '1'],
  ['negative', '-1'],
  ['SQL', "1' OR '1'='1"],
  ['a path', '../../etc/passwd'],
  ['a NUL byte', 'a\u0000b'],
  ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['a uuid with a suffix', `${randomUUID()}x`],
  ['150 characters', 'a'.repeat(150)],
  ['unicode', 'ｉｄ-🙂'],
] as const;

describe.each(paramRoutes.map((route) => [routeKey(route), route] as const))('%s (path)', (_key, route) => {
  it('answers hostile ids with a 4xx and the error body, never a 5xx', async () => {
    const customer = await newCustomer(t);
    const failures: string[] = [];
    for (const [what, value] of HOSTILE_IDS) {
      const params = Object.fromEntries(route.params.map((name) => [name, value]));
      const body = route.schema?.body === undefined ? undefined : exampleBody(route.schema.body);
      const response = await call({ route, customer, params, ...(body ? { text: JSON.stringify(body) } : {}) });
      const problems = refusalProblems(response, { route });
      for (const problem of problems) failures.push(`${what}: ${problem} | ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});

// The router refuses some addresses before any route runs (a parameter longer than maxParamLength,
// a broken percent-encoding): those answers too must be the one error body, for every route.
it('answers the router’s own refusals (a 300-character id, a broken percent-encoding) with the error body', async () => {
  const customer = await newCustomer(t);
  const failures: string[] = [];
  for (const route of paramRoutes) {
    for (const [what, rawPath] of [
      ['a 300-character id', route.url.replace(/:\w+/g, 'a'.repeat(300))],
      ['a broken percent-encoding', route.url.replace(/:\w+/g, '%E0%A4%A')],
    ]) {
      const response = await call({ route, customer, rawPath });
      for (const problem of refusalProblems(response, { route })) {
        failures.push(`${routeKey(route)} ${what}: ${problem} | ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
  }
  expect(failures).toEqual([]);
});

/** The request as the customer, with raw bytes and headers of its own (no retry: a retry writes a session). */
async function injectRaw(
  route: CatalogueRoute,
  customer: TestUser,
  body: { headers: Record<string, string>; payload: Buffer },
) {
  const response = await t.app.inject({
    method: route.method as 'POST',
    url: fillPath(route.url, Object.fromEntries(route.params.map((name) => [name, customer.userId]))),
    remoteAddress: randomIp(),
    headers: {
      ...customer.headers,
      ...(route.idempotent ? { 'idempotency-key': randomUUID() } : {}),
      ...body.headers,
    },
    payload: body.payload,
  });
  return noted(route, response);
}

const uploadFile = await jpegWithGps();

/** The app listening on a port of its own, for the tests that need a real socket. */
let listening: Promise<number> | undefined;
const listeningPort = () =>
  (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }).then((address) => Number(new URL(address).port)));
const asUpload = (body: HostileMultipart) => ({ headers: { 'content-type': body.contentType }, payload: body.payload });

/** A body the route would take, as bytes and its content type. */
async function validBodyOf(route: CatalogueRoute) {
  if (uploadRoutes.includes(route)) return asUpload(validUpload(uploadFile));
  const base = route.schema?.body === undefined ? {} : ((await preparedFor(route)).base ?? {});
  return { headers: { 'content-type': 'application/json' }, payload: Buffer.from(JSON.stringify(base)) };
}

/** A JSON body's fields sent as multipart form fields, with a file part where its first field goes. */
function asForm(json: Buffer): HostileEncoding {
  const fields = Object.entries(JSON.parse(json.toString('utf8')) as Record<string, unknown>).map(([name, value]) => ({
    name,
    bytes: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
  }));
  const [first, ...rest] = fields.length > 0 ? fields : [{ name: 'field', bytes: Buffer.from('x') }];
  const body = form('', [{ ...first!, fileName: 'field.jpg', bytes: uploadFile }, ...rest]);
  return {
    name: 'its fields as a multipart form, a file part where a field goes',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
    code: 'media_type_not_supported',
  };
}

describe.each(writeRoutes.map((route) => [routeKey(route), route] as const))(
  '%s (charset, encoding)',
  (_key, route) => {
    it('refuses a body in another charset, compressed or as a form, with 415 and its code, writing nothing', async () => {
      const customer = route.schema?.body === undefined ? await newCustomer(t) : (await preparedFor(route)).customer;
      const valid = await validBodyOf(route);
      const cases = hostileEncodings(valid.payload, valid.headers['content-type']);
      if (!uploadRoutes.includes(route)) cases.push(asForm(valid.payload));
      const before = await writtenState(t);
      const failures: string[] = [];
      for (const encoding of cases) {
        const response = await injectRaw(route, customer, encoding);
        const problems = errorBodyProblems(response);
        if (response.statusCode !== 415 || response.json().error?.code !== encoding.code) problems.push('not refused');
        for (const problem of problems)
          failures.push(`${encoding.name}: ${problem} | ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
      expect(await writtenState(t)).toEqual(before);
    });
  },
);

describe.each(uploadRoutes.map((route) => [routeKey(route), route] as const))('%s (multipart)', (_key, route) => {
  it('refuses multipart bodies cut short, with bad boundaries or wrong parts, writing nothing', async () => {
    const bodies = hostileMultipartBodies(uploadFile, SEED);
    // Uploads are limited per customer (20 a minute): the bodies are shared among enough customers.
    const customers = await Promise.all(
      Array.from({ length: Math.ceil(bodies.length / 15) + 1 }, () => newCustomer(t)),
    );
    let sent = 0;
    const customer = customers.at(-1)!;
    const failures: string[] = [];
    const send = async (body: HostileMultipart) => {
      const response = await injectRaw(route, customers[Math.floor(sent++ / 15)]!, asUpload(body));
      for (const problem of refusalProblems(response, { route, mustRefuse: !body.mayTake })) {
        failures.push(`${body.name}: ${problem} | ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    };
    const before = await writtenState(t);
    for (const body of bodies.filter((hostile) => !hostile.mayTake)) await send(body);
    expect(await writtenState(t), `TEST_SEED=${SEED}`).toEqual(before);
    for (const body of bodies.filter((hostile) => hostile.mayTake)) await send(body);
    expect(failures, `TEST_SEED=${SEED}`).toEqual([]);
    // The same route takes the valid body the hostile ones were made from.
    expect((await injectRaw(route, customer, asUpload(validUpload(uploadFile)))).statusCode).toBe(200);
  });
});

it('answers refused bodies over a real socket, even while megabytes are still coming, and never resets', async () => {
  const port = await listeningPort();
  const [upload] = uploadRoutes;
  const alert = t.routes.find((route) => routeKey(route) === 'POST /api/v1/alert')!;
  const customer = await newCustomer(t);
  const fiveMb = Buffer.alloc(5_000_000, 7);
  const big = validUpload(Buffer.concat([uploadFile, fiveMb]));
  const photo = { name: 'file', fileName: 'photo.jpg', bytes: uploadFile };
  const tail = { name: 'other', fileName: 'other.jpg', bytes: fiveMb };
  const bodies = [
    ...hostileMultipartBodies(uploadFile, SEED, 4)
      .filter((body) => !body.mayTake)
      .map((body) => ({
        route: upload!,
        name: body.name,
        ...asUpload(body),
      })),
    ...hostileEncodings(big.payload, big.contentType).map((body) => ({ route: upload!, ...body })),
    ...hostileEncodings(Buffer.from(JSON.stringify({ a: 'x'.repeat(900_000) })), 'application/json').map((body) => ({
      route: alert,
      ...body,
    })),
    { route: upload!, name: 'a second file of 5 MB', ...asUpload(form('', [photo, tail])) },
    { route: upload!, name: '__proto__, then 5 MB', ...asUpload(form('', [{ ...photo, name: '__proto__' }, tail])) },
  ];
  const failures: string[] = [];
  // The upload routes allow 20 a minute from one address: the socket's requests take turns.
  for (const [index, { route: target, name, headers, payload }] of bodies.entries()) {
    const route = target === upload ? uploadRoutes[index % uploadRoutes.length]! : target;
    const answer = await rawExchange(port, {
      method: route.method,
      path: fillPath(route.url, Object.fromEntries(route.params.map((param) => [param, customer.userId]))),
      headers: { ...customer.headers, ...headers },
      payload,
    });
    const body = (() => {
      try {
        return JSON.parse(answer.body) as ErrorBody;
      } catch {
        return undefined;
      }
    })();
    const fine =
      answer.status >= 400 && answer.status < 500 && !answer.socketError && isErrorCode(body?.error?.code ?? '');
    if (!fine) failures.push(`${name}: ${answer.status} ${answer.socketError ?? ''} ${answer.body.slice(0, 120)}`);
  }
  expect(failures, `TEST_SEED=${SEED}`).toEqual([]);
});

it('answers what Node refuses before Fastify (20 kB of headers, a broken request line) with the error body', async () => {
  const port = await listeningPort();
  const requests = [
    ['20 kB of headers', `GET /api/v1/health HTTP/1.1\r\nhost: x\r\nx-padding: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a broken request line', 'GET /api/v1/health HTTP/9.Z\r\nhost: x\r\n\r\n', 400],
    ['a header without a colon', 'GET /api/v1/health HTTP/1.1\r\nhost x\r\n\r\n', 400],
    ['a bare LF in a header value', 'GET /api/v1/health HTTP/1.1\r\nhost: x\r\nx-a: b\nc\r\n\r\n', 400],
  ] as const;
  for (const [name, text, status] of requests) {
    const answer = await rawBytes(port, Buffer.from(text));
    const body = JSON.parse(answer.body || '{}') as ErrorBody;
    expect([answer.status, isErrorCode(body.error?.code ?? ''), body.data?.[0]?.code], name).toEqual([
      status,
      true,
      body.error?.code,
    ]);
  }
});

const CALL_TABLES: Array<Record<string, AccountCall>> = [
  auditCalls,
  authCalls,
  kycCalls,
  lendingCalls,
  marketsCalls,
  onrampCalls,
  stakingCalls,
  swapCalls,
  userCalls,
  walletCalls,
];
const routeOf = (method: string, url: string) => `${method} ${url.replace(/\/$/, '')}`;
/** The contract's calls by the route they name (POST /order is two calls: a trade and a swap). */
const callsByRoute = new Map<string, AccountCall[]>();
for (const call of CALL_TABLES.flatMap((table) => Object.values(table))) {
  const key = routeOf(call.method, `/api/v1${call.path.replace(/\{(\w+)\}/g, ':$1')}`);
  callsByRoute.set(key, [...(callsByRoute.get(key) ?? []), call]);
}

// Last, once every test above has run: each code a route answered them, and each code its own
// declaration implies (a bearer token, an Idempotency-Key, a rate limit, no body), is one its call lists
// (its `errors` merged with the platform's, callErrors), so a client reading the contract meets no
// code it was not told of. Routes that are no call of the contract (dev, health) are left out.
it('answers only codes its call in the contract lists', () => {
  const failures: string[] = [];
  for (const route of t.routes) {
    const calls = callsByRoute.get(routeOf(route.method, route.url)) ?? [];
    if (calls.length === 0) continue;
    const listed = new Set<string>(calls.flatMap((call) => callErrors(call)));
    const implied = [
      ...(route.authenticated ? ['authentication_required', 'session_expired'] : []),
      ...(route.idempotent
        ? ['idempotency_key_required', 'idempotency_key_reused_with_different_body', 'idempotency_request_in_progress']
        : []),
      ...(route.rateLimit ? ['too_many_requests'] : []),
      // A call that declares no body refuses one (plugins/validation.ts), uploads and webhooks aside.
      ...(route.schema?.body === undefined && !uploadRoutes.includes(route) && !route.url.includes('/webhooks/')
        ? ['request_body_not_allowed']
        : []),
    ];
    const codes = new Set([...implied, ...(answered.get(routeKey(route)) ?? [])]);
    for (const code of codes) if (!listed.has(code)) failures.push(`${routeKey(route)}: ${code}`);
  }
  expect(failures).toEqual([]);
});

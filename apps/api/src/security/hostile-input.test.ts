// Hostile input (TESTING.md, OWASP API Top 10): every route of the running app that takes a JSON
// body gets malformed JSON, wrong types, missing and extra fields, 100 kB strings, nesting 500 deep,
// `__proto__` and `constructor` keys, bad amounts and numbers, arrays for objects, an empty body and
// the wrong content type; every route with a query or a path parameter gets hostile values there.
// Always a 4xx with the one error body, naming the field at fault; never a 5xx, a stack or SQL.
// The routes come from the app, so a route added later is covered without touching this file.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
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
  hostileWholeBodies,
  toJsonSchema,
  withExtraFields,
  type HostileBody,
} from './hostile-bodies.ts';
import { randomIp } from '../modules/accounts/testing/customers.ts';
import { createSecurityApp, errorBodyProblems, fillPath, routeKey, type ErrorBody } from './security-app.ts';

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
};

function resetBody(customer: TestUser) {
  const password = 'correct horse battery staple 42';
  return { email: customer.email, ticket: 'a-reset-ticket', password, confirmPassword: password };
}

const bodyRoutes = t.routes.filter((route) => route.schema?.body !== undefined);
const writeRoutes = t.routes.filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method));
const queryRoutes = t.routes.filter((route) => route.schema?.querystring !== undefined);
const paramRoutes = t.routes.filter((route) => route.params.length > 0);

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

function inject(request: Call, authorization: Record<string, string>): Promise<LightMyRequestResponse> {
  const { route, customer, params, rawPath, query, text, contentType } = request;
  const path =
    rawPath ?? fillPath(route.url, params ?? Object.fromEntries(route.params.map((name) => [name, customer.userId])));
  return t.app.inject({
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
  expected: { route: CatalogueRoute; field?: string; mustRefuse?: boolean },
): string[] {
  const { route, field, mustRefuse = true } = expected;
  const status = response.statusCode;
  if (status >= 500) return [`answered ${status}`];
  if (status < 400) return mustRefuse ? [`answered ${status}`] : [];
  const problems = errorBodyProblems(response);
  if (!mustRefuse) return problems;
  if ([403, 429].includes(status) || (status === 401 && route.authenticated)) return [`answered ${status}`];
  if (problems.length > 0 || field === undefined) return problems;
  const body = response.json() as ErrorBody;
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
  call: Call;
}

async function failuresOf(cases: Case[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { name, field, mustRefuse, call: request } of cases) {
    const response = await call(request);
    for (const problem of refusalProblems(response, { route: request.route, field, mustRefuse })) {
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

// The access matrix (TESTING.md, DESIGN §7): every route that takes an id, in its path or in its
// body, is tried by its owner (2xx), by another signed-in customer (404 resource_not_found, exactly
// as an id that does not exist: never 403, 200 or 500, and nothing changes), and anonymously (401).
// The routes come from the running app, so a new id route without a row below fails the guard.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestUser } from '../testing/users.ts';
import type { CatalogueRoute } from '../testing/route-catalogue.ts';
import {
  anonymous,
  auditSnapshotOf,
  coldWalletOf,
  fundedBtcWallet,
  generatedTotpSecret,
  idempotencyKey,
  json,
  jpegUpload,
  kycDocumentOf,
  alertOf,
  approveKyc,
  borrowedLoanOf,
  loanRequestOf,
  deposit,
  openOrderOf,
  purchaseOf,
  swapQuoteOf,
  newCustomer,
  notificationOf,
  otherSessionOf,
  send,
  stakeOf,
  swapOf,
  TEST_PIN,
  totpNow,
  validIdentity,
  walletsOf,
  withTwoFactor,
  type Caller,
  type Request,
} from './access-fixtures.ts';
import {
  API_PREFIX,
  createSecurityApp,
  expectErrorBody,
  fillPath,
  routeKey,
  type SecurityApp,
} from './security-app.ts';

let t: SecurityApp;
/** Another customer, with objects of their own (wallets, a PIN), trying the owner's ids. */
let other: TestUser;

beforeAll(async () => {
  t = await createSecurityApp();
  // A capable attacker: approved KYC, money and objects of their own.
  other = await newCustomer(t);
  await walletsOf(t, other);
  await approveKyc(t, other);
  await deposit(t, other, 'BTC', '1');
  await deposit(t, other, 'USDT', '1000');
});
afterAll(async () => t?.close());

/** What a row builds for a fresh owner: the ids (path parameters), a body, and how to see the object. */
interface Prepared {
  params?: Record<string, string>;
  body?: unknown;
  /** A multipart body instead of JSON (uploads). */
  payload?: Buffer;
  headers?: Record<string, string>;
  /** The object as its owner reads it: must be the same before and after the other customer's try. */
  snapshot?: () => Promise<unknown>;
}

interface Row {
  prepare(owner: TestUser): Promise<Prepared>;
  /** A public route whose parameter names no customer's object (a market, say): anonymous succeeds. */
  public?: true;
  /**
   * An object offered to every customer (an open P2P loan request on the marketplace): any signed-in
   * customer may act on it, so "another customer" is not refused; a made-up id is 404, anonymous 401.
   */
  marketplace?: true;
  /**
   * The id names a published object (an audit snapshot) and the answer is the caller's own part of
   * it: another customer gets their own part or a 404, never anything of the owner's.
   */
  ownPart?: true;
}

const read = <T = unknown>(owner: TestUser, path: string) => json<T>(t, owner, `GET ${path}`);
/** The whole answer to a GET as the owner (some routes answer without the `data` envelope). */
async function look(owner: TestUser, path: string): Promise<unknown> {
  const response = await send(t, owner, { method: 'GET', path });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json();
}
const profile = (owner: TestUser) => () => look(owner, `/user/${owner.userId}`);
const ownId = (owner: TestUser) => ({ id: owner.userId });

/** A notification switch, flipped from what the owner has now. */
function flipSwitch(preference: 'aiNotifications' | 'administrativeEmails' | 'newsletterEmails'): Row {
  return {
    async prepare(owner) {
      const user = await read<{ preferences: Record<string, boolean> }>(owner, `/user/${owner.userId}`);
      return { params: ownId(owner), body: { status: !user.preferences[preference] }, snapshot: profile(owner) };
    },
  };
}

function uploadRow(): Row {
  return {
    async prepare(owner) {
      const snapshot = () => look(owner, `/user/get-documents-name/${owner.userId}`);
      return { params: ownId(owner), ...(await jpegUpload()), snapshot };
    },
  };
}

/** Routes with an id in their path. */
const PATH_ROWS: Record<string, Row> = {
  'GET /api/v1/notification/:id': {
    prepare: async (owner) => ({ params: { id: await notificationOf(t, owner) } }),
  },
  'PUT /api/v1/notification/:id/read': {
    async prepare(owner) {
      const id = await notificationOf(t, owner);
      return { params: { id }, snapshot: () => look(owner, `/notification/${id}`) };
    },
  },
  'DELETE /api/v1/user/sessions/:sessionId': {
    async prepare(owner) {
      const sessionId = await otherSessionOf(t, owner);
      return { params: { sessionId }, snapshot: () => look(owner, '/user/sessions') };
    },
  },
  'GET /api/v1/user/:id': { prepare: async (owner) => ({ params: ownId(owner) }) },
  'PUT /api/v1/user/preferences/:id': {
    prepare: async (owner) => ({
      params: ownId(owner),
      body: { language: 'pt_br', theme: 'light_theme' },
      snapshot: profile(owner),
    }),
  },
  'PUT /api/v1/user/update-ai-notification-status/:id': flipSwitch('aiNotifications'),
  'PUT /api/v1/user/update-administrative-email-status/:id': flipSwitch('administrativeEmails'),
  'PUT /api/v1/user/update-newsletter-status/:id': flipSwitch('newsletterEmails'),
  'PUT /api/v1/user/update-2FA-google-authenticator/:id': {
    async prepare(owner) {
      const secret = await generatedTotpSecret(t, owner);
      return { params: ownId(owner), body: { status: true, token: totpNow(t, secret) }, snapshot: profile(owner) };
    },
  },
  'PUT /api/v1/user/update-2FA-withdraw/:id': {
    async prepare(owner) {
      const secret = await withTwoFactor(t, owner);
      return { params: ownId(owner), body: { status: true, token: totpNow(t, secret) }, snapshot: profile(owner) };
    },
  },
  'GET /api/v1/user/kyc/:id': { prepare: async (owner) => ({ params: ownId(owner) }) },
  'PUT /api/v1/user/verify-user-identity/:id': {
    prepare: async (owner) => ({
      params: ownId(owner),
      body: validIdentity(),
      snapshot: () => look(owner, `/user/kyc/${owner.userId}`),
    }),
  },
  'PUT /api/v1/user/upload-proof-of-residence/:id': uploadRow(),
  'PUT /api/v1/user/upload-id-card/:id': uploadRow(),
  'PUT /api/v1/user/upload-photo/:id': uploadRow(),
  'PUT /api/v1/user/upload-photo-with-id-card/:id': uploadRow(),
  'GET /api/v1/user/get-documents-name/:id': { prepare: async (owner) => ({ params: ownId(owner) }) },
  'GET /api/v1/user/kyc-documents/:documentId': {
    prepare: async (owner) => ({ params: { documentId: await kycDocumentOf(t, owner) } }),
  },
  'GET /api/v1/wallet/:id': {
    prepare: async (owner) => ({ params: { id: (await walletsOf(t, owner)).wallets[0]!.id } }),
  },
  'GET /api/v1/coldwallet/:id': {
    prepare: async (owner) => ({ params: { id: await coldWalletOf(t, owner) } }),
  },
  'GET /api/v1/swaps/:id': {
    prepare: async (owner) => ({ params: { id: await swapOf(t, owner) } }),
  },
  'POST /api/v1/staking/stake/:id/unstake': {
    async prepare(owner) {
      const id = await stakeOf(t, owner);
      return { params: { id }, snapshot: () => look(owner, '/staking/stake') };
    },
  },
  'GET /api/v1/order/:id': {
    prepare: async (owner) => ({ params: { id: await openOrderOf(t, owner) } }),
  },
  'DELETE /api/v1/order/:id': {
    async prepare(owner) {
      const id = await openOrderOf(t, owner);
      return { params: { id }, snapshot: () => look(owner, `/order/${id}`) };
    },
  },
  'DELETE /api/v1/alert/:id': {
    async prepare(owner) {
      const id = await alertOf(t, owner);
      return { params: { id }, snapshot: () => look(owner, '/alert') };
    },
  },
  'GET /api/v1/p2p/:id': {
    async prepare(owner) {
      // A cancelled request: only its borrower sees it (an open one is on the marketplace for all).
      const id = await loanRequestOf(t, owner);
      await t.app.services.lending.service.cancel({ userId: owner.userId, loanId: id });
      return { params: { id } };
    },
  },
  'DELETE /api/v1/p2p/:id': {
    async prepare(owner) {
      const id = await loanRequestOf(t, owner);
      return { params: { id }, snapshot: () => look(owner, `/p2p/${id}`) };
    },
  },
  'POST /api/v1/p2p/repay/:id': {
    async prepare(owner) {
      const id = await borrowedLoanOf(t, owner, await newCustomer(t));
      return { params: { id }, snapshot: () => look(owner, `/p2p/${id}`) };
    },
  },
  'POST /api/v1/p2p/lend/:id': {
    marketplace: true,
    async prepare(owner) {
      const id = await loanRequestOf(t, await newCustomer(t));
      await approveKyc(t, owner);
      await deposit(t, owner, 'USDT', '1000');
      return { params: { id } };
    },
  },
  // Audit snapshots are published for anyone to check; a proof is only ever the caller's own leaves.
  'GET /api/v1/audit/snapshots/:id': {
    public: true,
    prepare: async (owner) => ({ params: { id: await auditSnapshotOf(t, owner) } }),
  },
  'GET /api/v1/audit/snapshots/:id/liabilities': {
    public: true,
    prepare: async (owner) => ({ params: { id: await auditSnapshotOf(t, owner) } }),
  },
  'GET /api/v1/audit/snapshots/:id/proof': {
    ownPart: true,
    prepare: async (owner) => ({ params: { id: await auditSnapshotOf(t, owner) } }),
  },
  'GET /api/v1/onramp/purchases/:id': {
    prepare: async (owner) => ({ params: { id: (await purchaseOf(t, owner)).id } }),
  },
  // The sandbox provider's hosted widget: no sign-in, the random session id is the capability.
  'GET /api/v1/onramp/sandbox/:sessionId': {
    public: true,
    prepare: async (owner) => ({ params: { sessionId: (await purchaseOf(t, owner)).sessionId } }),
  },
  'POST /api/v1/onramp/sandbox/:sessionId/pay': {
    public: true,
    prepare: async (owner) => ({
      params: { sessionId: (await purchaseOf(t, owner)).sessionId },
      body: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    }),
  },
};

/** Routes with an id in their body or query (a field named `id` or `...Id`). */
const BODY_ROWS: Record<string, Row> = {
  'PUT /api/v1/wallet': {
    async prepare(owner) {
      const wallet = (await walletsOf(t, owner)).wallets[0]!;
      return {
        body: { id: wallet.id, favourite: !wallet.favourite },
        snapshot: () => look(owner, `/wallet/${wallet.id}`),
      };
    },
  },
  'POST /api/v1/wallet/estimatefee': {
    async prepare(owner) {
      const wallet = (await walletsOf(t, owner)).wallet('btc');
      return { body: { walletId: wallet.id, amount: '0.001' } };
    },
  },
  // A swap placed with another customer's firm quote.
  'POST /api/v1/order': {
    async prepare(owner) {
      const quote = await swapQuoteOf(t, owner);
      return {
        body: { type: 'swap', quoteId: quote.id, symbol: 'BTC/ETH', amount: '0.1' },
        snapshot: () => look(owner, '/swaps'),
      };
    },
  },
  'POST /api/v1/wallet/sendTransaction': {
    async prepare(owner) {
      const wallet = await fundedBtcWallet(t, owner);
      const recipient = (await walletsOf(t, await newCustomer(t))).wallet('btc');
      return {
        body: { walletId: wallet.id, address: recipient.address, amount: '0.001', pin: TEST_PIN },
        snapshot: () => look(owner, `/wallet/${wallet.id}`),
      };
    },
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function topLevelFields(zodSchema: unknown): string[] {
  if (!zodSchema) return [];
  const json = z.toJSONSchema(zodSchema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    anyOf?: Array<{ properties?: Record<string, unknown> }>;
    oneOf?: Array<{ properties?: Record<string, unknown> }>;
  };
  const variants = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])];
  return [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))];
}

const takesIdInPath = (route: CatalogueRoute) => route.params.length > 0;
const takesIdInBody = (route: CatalogueRoute) =>
  !takesIdInPath(route) &&
  [...topLevelFields(route.schema?.body), ...topLevelFields(route.schema?.querystring)].some((field) =>
    /^id$|Id$/.test(field),
  );

function routeOf(key: string): CatalogueRoute {
  const route = t.routes.find((candidate) => routeKey(candidate) === key);
  if (!route) throw new Error(`the matrix has a row for ${key}, which the app does not serve: remove it`);
  return route;
}

function requestFor(route: CatalogueRoute, prepared: Prepared): Request {
  return {
    method: route.method,
    path: fillPath(route.url, prepared.params ?? {}).slice(API_PREFIX.length),
    ...(prepared.body === undefined ? {} : { body: prepared.body }),
    ...(prepared.payload ? { payload: prepared.payload } : {}),
    ...(prepared.headers ? { headers: prepared.headers } : {}),
  };
}

/** A money route wants a fresh Idempotency-Key on each try, so no answer is a replay of another's. */
const as = (route: CatalogueRoute, request: Request): Request =>
  route.idempotent ? { ...request, headers: { ...request.headers, ...idempotencyKey() } } : request;

const forged: Caller = { headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` } };

async function expectUnauthenticated(route: CatalogueRoute, request: Request) {
  for (const [who, caller] of [
    ['anonymous', anonymous],
    ['a token that is no session', forged],
  ] as const) {
    const response = await send(t, caller, as(route, request));
    expect(response.statusCode, `${who}: ${response.body}`).toBe(401);
    expect(expectErrorBody(response, who).error.code).toBe('authentication_required');
  }
}

async function checkRow(key: string, row: Row) {
  const route = routeOf(key);
  const owner = await newCustomer(t);
  const prepared = await row.prepare(owner);
  const request = requestFor(route, prepared);
  if (row.public) {
    await checkPublicRow(route, prepared, request);
    return;
  }
  if (row.marketplace) {
    await checkMarketplaceRow({ route, owner, prepared, request });
    return;
  }
  expect(route.authenticated, `${key} takes an id but does not use app.authenticate`).toBe(true);
  await expectUnauthenticated(route, request);

  if (row.ownPart) {
    await checkOwnPartRow(route, owner, request, prepared);
    return;
  }
  const before = await prepared.snapshot?.();
  const theirs = await send(t, other, as(route, request));
  expect(theirs.statusCode, `another customer: ${theirs.body}`).toBe(404);
  const refusal = expectErrorBody(theirs, 'another customer');
  expect(refusal.error.code).toBe('resource_not_found');
  expect(refusal.data[0]!.code).toBe('resource_not_found');
  if (prepared.snapshot) expect(await prepared.snapshot(), 'the other customer changed it').toEqual(before);

  const mine = await send(t, owner, as(route, request));
  expect(mine.statusCode, `the owner: ${mine.body}`).toBeGreaterThanOrEqual(200);
  expect(mine.statusCode, `the owner: ${mine.body}`).toBeLessThan(300);

  // An id that exists for nobody answers exactly as another customer's does: no probing.
  const ids = Object.entries(prepared.params ?? {}).filter(([, value]) => UUID.test(value));
  if (ids.length > 0) {
    const params = { ...prepared.params, ...Object.fromEntries(ids.map(([name]) => [name, randomUUID()])) };
    const missing = await send(t, owner, as(route, requestFor(route, { ...prepared, params })));
    expect(missing.statusCode, `a missing id: ${missing.body}`).toBe(404);
    expect(expectErrorBody(missing, 'a missing id').error).toEqual(refusal.error);
  }
}

/** Offered to every customer: signed in it succeeds, a made-up id answers 404 as for no object. */
async function checkMarketplaceRow(input: {
  route: CatalogueRoute;
  owner: TestUser;
  prepared: Prepared;
  request: Request;
}) {
  const { route, owner, prepared, request } = input;
  expect(route.authenticated, `${routeKey(route)} does not use app.authenticate`).toBe(true);
  await expectUnauthenticated(route, request);
  const params = Object.fromEntries(Object.keys(prepared.params ?? {}).map((name) => [name, randomUUID()]));
  const missing = await send(t, owner, as(route, requestFor(route, { ...prepared, params })));
  expect(missing.statusCode, `a missing id: ${missing.body}`).toBe(404);
  expect(expectErrorBody(missing, 'a missing id').error.code).toBe('resource_not_found');
  const mine = await send(t, owner, as(route, request));
  expect(mine.statusCode, `a customer: ${mine.body}`).toBeGreaterThanOrEqual(200);
  expect(mine.statusCode, `a customer: ${mine.body}`).toBeLessThan(300);
}

/** The caller's own part of a published object: nothing of the owner's reaches anyone else. */
async function checkOwnPartRow(route: CatalogueRoute, owner: TestUser, request: Request, prepared: Prepared) {
  const mine = await send(t, owner, request);
  expect(mine.statusCode, `the owner: ${mine.body}`).toBe(200);
  expect(mine.body).toContain(owner.userId);
  const theirs = await send(t, other, request);
  expect([200, 404], `another customer: ${theirs.body}`).toContain(theirs.statusCode);
  expect(theirs.body, 'another customer saw the owner').not.toContain(owner.userId);
  if (theirs.statusCode === 200) expect(theirs.body).toContain(other.userId);
  const params = { ...prepared.params, id: randomUUID() };
  const missing = await send(t, owner, requestFor(route, { ...prepared, params }));
  expect(missing.statusCode, `a missing id: ${missing.body}`).toBe(404);
  expect(expectErrorBody(missing, 'a missing id').error.code).toBe('resource_not_found');
}

/** A capability address: anyone holding the random id succeeds, a made-up id answers 404. */
async function checkPublicRow(route: CatalogueRoute, prepared: Prepared, request: Request) {
  const ids = Object.values(prepared.params ?? {});
  expect(
    ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)),
    `${ids}`,
  ).toBe(true);
  const params = Object.fromEntries(Object.keys(prepared.params ?? {}).map((name) => [name, randomUUID()]));
  const guessed = await send(t, anonymous, requestFor(route, { ...prepared, params }));
  expect(guessed.statusCode, `a guessed id: ${guessed.body}`).toBe(404);
  expect(expectErrorBody(guessed, 'a guessed id').error.code).toBe('resource_not_found');
  const response = await send(t, anonymous, request);
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('the access matrix covers every route that takes an id', () => {
  it('has a row for every route with a path parameter, and none for a route that is gone', () => {
    const idRoutes = t.routes.filter(takesIdInPath).map(routeKey);
    expect(idRoutes.length).toBeGreaterThan(10);
    expect(
      idRoutes.filter((key) => !(key in PATH_ROWS)),
      'routes with an id and no row in PATH_ROWS',
    ).toEqual([]);
    expect(
      Object.keys(PATH_ROWS).filter((key) => !idRoutes.includes(key)),
      'rows for routes the app does not serve',
    ).toEqual([]);
  });

  it('has a row for every route with an id in its body or query', () => {
    const idRoutes = t.routes.filter(takesIdInBody).map(routeKey);
    expect(
      idRoutes.filter((key) => !(key in BODY_ROWS)),
      'routes with an id field and no row in BODY_ROWS',
    ).toEqual([]);
    expect(
      Object.keys(BODY_ROWS).filter((key) => !idRoutes.includes(key)),
      'rows for routes the app does not serve',
    ).toEqual([]);
  });
});

describe('ids in the path: owner 2xx, another customer 404, anonymous 401', () => {
  it.each(Object.keys(PATH_ROWS))('%s', async (key) => checkRow(key, PATH_ROWS[key]!));
});

describe('ids in the body: owner 2xx, another customer 404, anonymous 401', () => {
  it.each(Object.keys(BODY_ROWS))('%s', async (key) => checkRow(key, BODY_ROWS[key]!));
});

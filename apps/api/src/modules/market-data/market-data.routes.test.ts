// The market data calls as the contract declares them (served, documented, signed-in or public,
// catalogued error codes), and the customer's favourite platforms: each customer's own, 401 when
// signed out, refused with the code of the rule a body breaks, and shown in GET /market/venues.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, marketDataCalls, type AccountCall } from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { createMarketsTestApp, get } from '../orders/testing/orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createMarketsTestApp();
});
afterAll(async () => t.close());

const calls = Object.entries(marketDataCalls) as Array<[string, AccountCall]>;

describe('the market data calls of the contract', () => {
  it.each(calls)('%s is served and documented as the contract declares it', async (_name, call) => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths;
    const operation = paths[`/api/v1${call.path}`]?.[call.method.toLowerCase()];
    expect(operation).toBeDefined();
    expect(!!operation.security).toBe(call.auth);
  });

  it.each(calls)('%s lists only catalogued error codes', (_name, call) => {
    for (const code of call.errors) expect(errorCatalogue[code], code).toBeDefined();
  });
});

const favourite = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/market/venues/favourite',
    headers: user?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });
const favourites = async (user: TestUser) => (await get(t, user, '/market/venues/favourite')).json().data.items;

describe('favourite platforms', () => {
  it('answers 401 to a customer who is not signed in', async () => {
    for (const response of [
      await get(t, null, '/market/venues/favourite'),
      await favourite(null, { venue: 'kraken', favourite: true }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('authentication_required');
    }
  });

  it('keeps each customer’s own, in the platforms’ order, and flags them in GET /market/venues', async () => {
    const owner = await createTestUser(t);
    const other = await createTestUser(t);
    expect(await favourites(owner)).toEqual([]);
    const first = await favourite(owner, { venue: 'okx', favourite: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.items).toEqual(['okx']);
    expect((await favourite(owner, { venue: 'kraken', favourite: true })).json().data.items).toEqual(['kraken', 'okx']);
    expect((await favourite(owner, { venue: 'kraken', favourite: true })).json().data.items).toEqual(['kraken', 'okx']);
    expect(await favourites(owner)).toEqual(['kraken', 'okx']);

    const flagged = (list: Array<{ id: string; favourite: boolean }>) =>
      list.filter((venue) => venue.favourite).map((venue) => venue.id);
    expect(flagged((await get(t, owner, '/market/venues?symbol=BTC/USDT')).json().data.items)).toEqual([
      'kraken',
      'okx',
    ]);
    expect(await favourites(other)).toEqual([]);
    expect(flagged((await get(t, other, '/market/venues?symbol=BTC/USDT')).json().data.items)).toEqual([]);

    expect((await favourite(owner, { venue: 'okx', favourite: false })).json().data.items).toEqual(['kraken']);
    const { rows } = await t.database.db.execute<{ venue: string }>(
      sql`SELECT venue FROM venue_favourites WHERE user_id = ${owner.userId}::uuid`,
    );
    expect(rows.map((row) => row.venue)).toEqual(['kraken']);
  });

  it.each([
    [{ venue: 'mtgox', favourite: true }, 'venue_is_not_listed', 'venue'],
    [{ favourite: true }, 'venue_is_not_listed', 'venue'],
    [{ venue: 'kraken', favourite: 'yes' }, 'favourite_must_be_boolean', 'favourite'],
    [{ venue: 'kraken' }, 'favourite_must_be_boolean', 'favourite'],
    [{ venue: 'kraken', favourite: true, userId: 'someone-else' }, 'request_validation_failed', 'userId'],
  ])('refuses %j with %s', async (body, code, field) => {
    const user = await createTestUser(t);
    const response = await favourite(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
    expect(response.json().data[0]).toMatchObject({ code, field });
    expect(await favourites(user)).toEqual([]);
  });
});

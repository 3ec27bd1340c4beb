import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { isLocalAddress } from './geoip-adapter.ts';

// Addresses geoip-lite's bundled data places: Google DNS in the US, a UK address, North Korea's block.
const US = '8.8.8.8';
const GB = '81.2.69.142';
const KP = '175.45.176.1';

describe('GET /api/v1/allowCountries', () => {
  let direct: TestApp;
  let behindProxy: TestApp;
  let localBlocked: TestApp;

  beforeAll(async () => {
    [direct, behindProxy, localBlocked] = await Promise.all([
      createTestApp({ env: { BLOCKED_COUNTRIES: 'KP,IR' } }),
      createTestApp({ env: { TRUST_PROXY: '10.0.0.5', BLOCKED_COUNTRIES: 'KP' } }),
      createTestApp({ env: { GEOIP_LOCAL_COUNTRY: 'KP' } }),
    ]);
  });
  afterAll(async () => Promise.all([direct, behindProxy, localBlocked].map((t) => t.close())));

  const check = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/allowCountries',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('sends a US address to the US site', async () => {
    const response = await check(direct, US);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      allowed: true,
      country: 'US',
      site: 'us',
      siteUrl: 'https://us.rora.exchange',
    });
  });

  it('sends another allowed country to the international site', async () => {
    const response = await check(direct, GB);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      allowed: true,
      country: 'GB',
      site: 'international',
      siteUrl: 'https://rora.exchange',
    });
  });

  it('refuses a blocked country with 451 and allowed: false in data[0]', async () => {
    const response = await check(direct, KP);
    expect(response.statusCode).toBe(451);
    expect(response.json()).toEqual({
      error: { code: 'country_not_allowed', message: expect.stringContaining('unavailable in your country') },
      data: [{ code: 'country_not_allowed', message: expect.any(String), allowed: false, country: 'KP' }],
    });
  });

  it('honours X-Forwarded-For only from the trusted proxy', async () => {
    expect((await check(behindProxy, '10.0.0.5', KP)).statusCode).toBe(451);
    expect((await check(behindProxy, '10.0.0.5', US)).json().data).toMatchObject({ site: 'us' });
    // Anyone else's X-Forwarded-For is their own claim: the connection's address counts.
    expect((await check(behindProxy, GB, KP)).json().data).toMatchObject({ allowed: true, country: 'GB' });
    expect((await check(direct, GB, KP)).json().data).toMatchObject({ allowed: true, country: 'GB' });
  });

  it('places loopback in GEOIP_LOCAL_COUNTRY: KP there is refused', async () => {
    const response = await check(localBlocked, '127.0.0.1');
    expect(response.statusCode).toBe(451);
    expect(response.json().data[0]).toMatchObject({ allowed: false, country: 'KP' });
  });

  it('serves loopback from the international site when no local country is set', async () => {
    const response = await check(direct, '127.0.0.1');
    expect(response.json().data).toEqual({
      allowed: true,
      country: null,
      site: 'international',
      siteUrl: 'https://rora.exchange',
    });
  });
});

describe('isLocalAddress', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.1.1',
    '100.64.0.1',
    'fd00::1',
    'fe80::1',
  ])('treats %s as local', (ip) => expect(isLocalAddress(ip)).toBe(true));
  it.each(['8.8.8.8', '::ffff:8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', 'not-an-ip', ''])(
    'treats %s as not local',
    (ip) => expect(isLocalAddress(ip)).toBe(false),
  );
});

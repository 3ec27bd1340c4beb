import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../../lib/api/errors.ts';
import { verdictFromAnswer, verdictFromError } from './check-country.ts';

const blockedBody = {
  error: { code: 'country_not_allowed', message: 'Our service is currently unavailable in your country.' },
  data: [
    {
      code: 'country_not_allowed',
      message: 'Our service is currently unavailable in your country.',
      allowed: false,
      country: 'KP',
    },
  ],
};

describe('verdictFromError', () => {
  it('blocks on 451 whose first item says allowed: false', () => {
    expect(verdictFromError(toApiError(451, blockedBody))).toEqual({ blocked: true, country: 'KP' });
  });

  it('does not block on other failures', () => {
    expect(verdictFromError(toApiError(500, { error: { code: 'internal_error', message: 'x' }, data: [] }))).toEqual({
      blocked: false,
    });
    expect(verdictFromError(toApiError(451, { data: [{ code: 'x', message: 'y' }] }))).toEqual({ blocked: false });
    expect(verdictFromError(toApiError(403, blockedBody))).toEqual({ blocked: false });
    expect(verdictFromError(new ApiError({ status: 0, code: 'network_error', message: 'offline', items: [] }))).toEqual(
      { blocked: false },
    );
    expect(verdictFromError(new TypeError('boom'))).toEqual({ blocked: false });
  });
});

describe('verdictFromAnswer (the API decides US or international, spec §7)', () => {
  const us = { allowed: true as const, country: 'US', site: 'us' as const, siteUrl: 'https://us.rora.exchange' };
  const intl = {
    allowed: true as const,
    country: 'GB',
    site: 'international' as const,
    siteUrl: 'https://rora.exchange',
  };

  it('offers the US site to a visitor the API places in the US, on another origin', () => {
    expect(verdictFromAnswer(us, 'https://rora.exchange')).toEqual({
      blocked: false,
      otherSite: 'https://us.rora.exchange',
    });
  });

  it('offers nothing on the US site itself, to international visitors, or for a bad URL', () => {
    expect(verdictFromAnswer(us, 'https://us.rora.exchange')).toEqual({ blocked: false });
    expect(verdictFromAnswer(intl, 'http://127.0.0.1:3000')).toEqual({ blocked: false });
    expect(verdictFromAnswer({ ...us, siteUrl: 'not a url' }, 'https://rora.exchange')).toEqual({ blocked: false });
  });
});

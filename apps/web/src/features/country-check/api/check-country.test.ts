import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../../lib/api/errors.ts';
import { verdictFromError } from './check-country.ts';

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

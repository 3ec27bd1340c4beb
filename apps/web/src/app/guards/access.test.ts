import { describe, expect, it } from 'vitest';
import { decideAccess, type RouteAccess } from './access.ts';

describe('decideAccess', () => {
  const home = '/dashboard/swap';
  it.each<[RouteAccess, boolean, string | null]>([
    ['signed-in', false, '/auth/login'],
    ['signed-in', true, null],
    ['guest', true, '/dashboard/swap'],
    ['guest', false, null],
    ['public', false, null],
    ['public', true, null],
  ])('a %s route with authenticated=%s redirects to %s', (access, authenticated, redirect) => {
    const decision = decideAccess({ access, authenticated, signedInHome: home });
    expect(decision.allow ? null : decision.redirectTo).toBe(redirect);
  });
});

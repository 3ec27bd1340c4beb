import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SIGNED_IN_PATH, isReturnablePath, lastVisitedPath, rememberPath } from './last-visited.ts';

describe('lastVisited', () => {
  beforeEach(() => window.localStorage.clear());

  it.each([
    ['/dashboard/swap', true],
    ['/dashboard/account/security?tab=pin', true],
    ['/account/kyc', true],
    ['/auth/login', false],
    ['/', false],
    ['//evil.example/dashboard', false],
    ['https://evil.example/dashboard', false],
  ])('%s can be returned to: %s', (path, expected) => {
    expect(isReturnablePath(path)).toBe(expected);
  });

  it('sends a customer with no history to the wallets', () => {
    expect(lastVisitedPath()).toBe(DEFAULT_SIGNED_IN_PATH);
  });

  it('returns to the last signed-in route and ignores auth screens', () => {
    rememberPath('/dashboard/exchange');
    rememberPath('/auth/login');
    expect(lastVisitedPath()).toBe('/dashboard/exchange');
    expect(window.localStorage.getItem('lastVisited')).toBe('/dashboard/exchange');
  });

  it('ignores a tampered stored value', () => {
    window.localStorage.setItem('lastVisited', 'javascript:alert(1)');
    expect(lastVisitedPath()).toBe(DEFAULT_SIGNED_IN_PATH);
  });
});

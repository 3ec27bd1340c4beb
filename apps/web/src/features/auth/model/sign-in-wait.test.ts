import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors.ts';
import { retryWhen, SIGN_IN_WAIT_CODE, signInWaitSeconds } from './sign-in-wait.ts';

const apiError = (code: string, item: Record<string, unknown> = {}) =>
  new ApiError({ status: 429, code, message: 'm', items: [{ code, message: 'm', ...item }] });

describe('signInWaitSeconds', () => {
  it('reads the wait of the sign-in backoff only', () => {
    expect(signInWaitSeconds(apiError(SIGN_IN_WAIT_CODE, { retryAfterSeconds: 900 }))).toBe(900);
    expect(signInWaitSeconds(apiError(SIGN_IN_WAIT_CODE))).toBe(1);
    expect(signInWaitSeconds(apiError('too_many_requests', { retryAfterSeconds: 60 }))).toBeUndefined();
    expect(signInWaitSeconds(new Error('offline'))).toBeUndefined();
  });
});

describe('retryWhen', () => {
  it.each([
    [1, 'en', 'in 1 second'],
    [45, 'en', 'in 45 seconds'],
    [61, 'en', 'in 2 minutes'],
    [900, 'en', 'in 15 minutes'],
    [900, 'fr', 'dans 15 minutes'],
    [120, 'es-419', 'dentro de 2 minutos'],
    [120, 'pt-BR', 'em 2 minutos'],
    [3599, 'en', 'in 60 minutes'],
    [75_600, 'en', 'in 21 hours'],
  ])('%i seconds in %s reads "%s"', (seconds, language, text) => {
    expect(retryWhen(seconds, language)).toBe(text);
  });
});

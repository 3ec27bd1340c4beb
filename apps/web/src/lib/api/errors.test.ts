import { describe, expect, it } from 'vitest';
import { ApiError, errorToastMessage, fieldError, networkError, toApiError, type Translate } from './errors.ts';

const body = (items: unknown[]) => ({ error: { code: 'x', message: 'X' }, data: items });
const none: Translate = () => undefined;

describe('toApiError', () => {
  it('reads the DESIGN §4 error body', () => {
    const error = toApiError(409, {
      error: {
        code: 'email_is_already_registered',
        message: 'An account with this email already exists. Please log in',
      },
      data: [
        {
          code: 'email_is_already_registered',
          message: 'An account with this email already exists. Please log in',
          field: 'email',
        },
      ],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('email_is_already_registered');
    expect(error.items).toHaveLength(1);
    expect(fieldError(error, 'email')?.code).toBe('email_is_already_registered');
  });

  it('survives bodies that are not the error body', () => {
    for (const weird of [undefined, null, 'Bad Gateway', { data: 'nope' }, { data: [{ code: 1 }] }]) {
      const error = toApiError(502, weird);
      expect(error.status).toBe(502);
      expect(error.items).toEqual([]);
      expect(error.code).toBe('http_502');
    }
  });
});

describe('errorToastMessage (spec §8)', () => {
  it('shows the translation of the first item of the response data', () => {
    const error = toApiError(
      400,
      body([
        { code: 'code_is_invalid_or_expired', message: 'The code is invalid or has expired' },
        { code: 'too_many_requests', message: 'second' },
      ]),
    );
    const french: Translate = (key) =>
      ({ 'errors.code_is_invalid_or_expired': 'Le code est invalide', 'errors.too_many_requests': 'Trop' })[key];
    expect(errorToastMessage(error, french)).toBe('Le code est invalide');
  });

  it('never shows the English message of the server for a code the app does not translate', () => {
    const error = toApiError(422, body([{ code: 'sweep_needs_gas', message: 'This address needs gas' }]));
    const french: Translate = (key) => (key === 'errors.fallback' ? 'Une erreur est survenue.' : undefined);
    expect(errorToastMessage(error, french)).toBe('Une erreur est survenue.');
  });

  it('says in how many seconds to try again when a request still runs longer than the app waits', () => {
    const item = { code: 'idempotency_request_in_progress', message: 'Still running' };
    const stillRunning = (retryAfter: string | null) => toApiError(409, { error: item, data: [item] }, retryAfter);
    const asked: Array<[string, unknown]> = [];
    const french: Translate = (key, values) => {
      asked.push([key, values]);
      if (key === 'errors.inProgressRetryIn') return `Réessayez dans ${String(values?.count)}\u00a0secondes`;
      return key === 'errors.idempotency_request_in_progress' ? 'Encore en cours' : undefined;
    };
    expect(errorToastMessage(stillRunning('15'), french)).toBe('Réessayez dans 15\u00a0secondes');
    expect(asked).toContainEqual(['errors.inProgressRetryIn', { count: 15 }]);
    // The app itself waits out a second or two, and a "still running" that names no time has none to say.
    expect(errorToastMessage(stillRunning('2'), french)).toBe('Encore en cours');
    expect(errorToastMessage(stillRunning(null), french)).toBe('Encore en cours');
  });

  it('uses the translation of the code', () => {
    const error = toApiError(
      429,
      body([{ code: 'too_many_requests', message: 'Too many requests. Please wait and try again' }]),
    );
    const french: Translate = (key) => (key === 'errors.too_many_requests' ? 'Trop de demandes.' : undefined);
    expect(errorToastMessage(error, french)).toBe('Trop de demandes.');
  });

  it.each([
    ['an error without data', toApiError(500, { error: { code: 'internal_error', message: 'x' }, data: [] })],
    ['a network failure', networkError()],
    ['a thrown bug', new TypeError('undefined is not a function')],
    ['a string', 'boom'],
  ])('falls back to the generic sentence for %s', (_name, error) => {
    expect(errorToastMessage(error, none)).toBe('An error occurred. Please try again');
  });
});

// Data the fake API answers with, each checked against its contract schema when answered.
import type { User } from '@rora/contracts';
import { errorCatalogue, type ErrorCode } from '@rora/contracts';
import { i18n } from '../lib/i18n/i18n.ts';

export const CUSTOMER_ID = '0b6c1f0e-5d5a-4c3e-9a51-7d0f3f1b2a10';

export function customer(fields: Partial<User> = {}): User {
  return {
    _id: CUSTOMER_ID,
    email: 'ada@example.com',
    phone: null,
    emailVerified: true,
    phoneVerified: false,
    twoFactorEnabled: false,
    withdrawal2faEnabled: false,
    pinSet: true,
    kycStatus: 'complete',
    recieveUpdates: false,
    shareData: false,
    preferences: {
      aiNotifications: true,
      administrativeEmails: true,
      newsletterEmails: false,
      language: 'en',
      theme: 'dark_theme',
    },
    createdAt: '2026-01-05T10:00:00.000Z',
    ...fields,
  };
}

/** The session user the login screen keeps (`id` beside the API's `_id`). */
export function signedInCustomer(fields: Partial<User> = {}) {
  const user = customer(fields);
  return { ...user, id: user._id };
}

/**
 * What a customer reads for an error code: the screen's namespace's translation, else the common
 * one, else the API's own message. Keys found wherever they live, so moving them breaks no test.
 */
export function errorText(code: ErrorCode, namespace = 'common'): string {
  const key = [`${namespace}:errors.${code}`, `common:errors.${code}`].find((candidate) => i18n.exists(candidate));
  return key ? i18n.t(key) : errorCatalogue[code].message;
}

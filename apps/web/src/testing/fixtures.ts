// Data the fake API answers with, each checked against its contract schema when answered.
import type { Dashboard, User, Wallet } from '@rora/contracts';
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
    kycStatus: 'approved',
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

type PortfolioAsset = Dashboard['assets'][number];

/** One coin of GET /dashboard, valued at a live price unless told otherwise. */
export function portfolioAsset(symbol: string, fields: Partial<PortfolioAsset> = {}): PortfolioAsset {
  return {
    assetSymbol: symbol,
    name: symbol,
    logo: `/coins/${symbol.toLowerCase()}.svg`,
    available: '0',
    held: '0',
    cold: '0',
    staked: '0',
    loanEscrow: '0',
    lent: '0',
    owed: '0',
    total: '0',
    usdPrice: '1.00',
    usdValue: '0.00',
    change24h: null,
    priceSource: 'market',
    priceStale: false,
    ...fields,
  };
}

/** A hot wallet of GET /wallet on the coin's own chain. */
export function wallet(symbol: string, fields: Partial<Wallet> & { id: string; decimals?: number }): Wallet {
  const { decimals = 8, ...rest } = fields;
  const id = symbol.toLowerCase();
  return {
    network: {
      id,
      name: symbol,
      chain: id,
      chainName: symbol,
      assetSymbol: symbol,
      assetName: symbol,
      logo: `/coins/${id}.svg`,
      decimals,
      confirmations: 2,
      usesDestinationTag: false,
      tokenContract: null,
    },
    address: `${id}-address-of-ada`,
    destinationTag: null,
    balance: '0',
    held: '0',
    usdPrice: '1.00',
    usdValue: '0.00',
    favourite: false,
    addressUrl: `https://explorer.example/${id}`,
    ...rest,
  };
}

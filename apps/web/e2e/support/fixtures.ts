// The journeys' test object: every test presents its own client address (X-Forwarded-For, trusted
// from loopback by the e2e server), so the per-address limits on codes and logins see separate
// customers, as behind a real proxy.
import { test as base } from '@playwright/test';

const octet = () => 1 + Math.floor(Math.random() * 253);

export const test = base.extend({
  // Playwright reads the fixtures a function needs from its first parameter's destructuring.
  extraHTTPHeaders: async ({ baseURL: _baseURL }, provide) => {
    await provide({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
  },
});

export { expect } from '@playwright/test';

// Production refuses a shared secret anyone could know: one printed in Rora's source, one too
// uniform to be random, or one setting's secret given to another as well (ADR 0020).
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { WEBHOOK_SECRET } from './modules/kyc/testing/kyc-fixtures.ts';
import { ONRAMP_TEST_SECRET } from './modules/onramp/testing/onramp-fixtures.ts';
import { FEE_QUOTE_TEST_SECRET } from './modules/wallets/testing/wallet-fixtures.ts';
import { PRODUCTION_ENV } from './testing/production-env.ts';
import { productionRefusals } from './testing/production-refusals.ts';

const secretLines = productionRefusals;

const SIGNER = { SIGNER_URL: 'http://127.0.0.1:4100' };

describe('production secrets', () => {
  it.each([
    ['IDENTITY_WEBHOOK_SECRET', 'rora-sandbox-identity-webhook-secret-development-only'],
    ['ONRAMP_WEBHOOK_SECRET', 'rora-sandbox-onramp-webhook-secret-development-only'],
    ['IDENTITY_WEBHOOK_SECRET', WEBHOOK_SECRET],
    ['ONRAMP_WEBHOOK_SECRET', ONRAMP_TEST_SECRET],
    ['FEE_QUOTE_SECRET', FEE_QUOTE_TEST_SECRET],
  ])("refuses %s printed in Rora's source, without quoting it", (name, secret) => {
    const lines = secretLines({ [name]: secret });
    expect(lines).toEqual([
      `${name}: is printed in Rora's source, so anyone can sign with it; generate one (e.g. openssl rand -hex 32)`,
    ]);
    // The sandbox takes any secret: its webhooks are test money's.
    expect(() => loadConfig({ NODE_ENV: 'development', [name]: secret })).not.toThrow();
  });

  it.each([
    ['IDENTITY_WEBHOOK_SECRET', 'a'.repeat(32)],
    ['ONRAMP_WEBHOOK_SECRET', ' '.repeat(40)],
    ['SIGNER_SECRET', 'abab'.repeat(10)],
    ['FEE_QUOTE_SECRET', '0123'.repeat(10)],
  ])('refuses %s too uniform to be random', (name, secret) => {
    const lines = secretLines({ ...SIGNER, SIGNER_SECRET: 'c5f1e0a79b2d4863aa17e9d04b3c6f58', [name]: secret });
    expect(lines).toEqual([
      `${name}: has fewer than 8 different characters: not a random secret; generate one (e.g. openssl rand -hex 32)`,
    ]);
  });

  it('refuses one secret given to two settings, naming the first', () => {
    expect(secretLines({ ...SIGNER, SIGNER_SECRET: 'c5f1e0a79b2d4863aa17e9d04b3c6f58' })).toEqual([]);
    const lines = secretLines({ ONRAMP_WEBHOOK_SECRET: PRODUCTION_ENV.IDENTITY_WEBHOOK_SECRET! });
    expect(lines).toEqual([
      'ONRAMP_WEBHOOK_SECRET: is the same as IDENTITY_WEBHOOK_SECRET: whoever learns one can sign with both',
    ]);
    const signer = secretLines({ ...SIGNER, SIGNER_SECRET: PRODUCTION_ENV.ONRAMP_WEBHOOK_SECRET! });
    expect(signer).toEqual([
      'SIGNER_SECRET: is the same as ONRAMP_WEBHOOK_SECRET: whoever learns one can sign with both',
    ]);
    // A webhook secret leaked from the provider's side must not also sign fee quotes.
    const quotes = secretLines({ FEE_QUOTE_SECRET: PRODUCTION_ENV.IDENTITY_WEBHOOK_SECRET! });
    expect(quotes).toEqual([
      'FEE_QUOTE_SECRET: is the same as IDENTITY_WEBHOOK_SECRET: whoever learns one can sign with both',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { sandboxBanner } from './sandbox-banner.ts';

const URL = 'http://localhost:3000';
const text = (env: Record<string, string>) => sandboxBanner(loadConfig(env), URL).join('\n');

describe('sandbox banner', () => {
  it('says what the sandbox is: test money, a faucet, every code in the outbox, secrets per data folder', () => {
    const banner = text({ RORA_DATA_DIR: '/srv/rora-data' });
    expect(banner).toContain('This is a SANDBOX (NODE_ENV=development), not a live exchange');
    expect(banner).toContain('test money only');
    expect(banner).toContain(`POST ${URL}/api/v1/dev/faucet credits devnet coins`);
    expect(banner).toContain(`one-time codes included, is readable at ${URL}/api/v1/dev/outbox`);
    expect(banner).toContain('kept in /srv/rora-data/webhook-secrets.json (mode 0600)');
    expect(banner).toContain(
      'fee quotes key is random for this data folder, kept in /srv/rora-data/fee-quote-secret.json',
    );
    expect(banner).toContain('Listening on 127.0.0.1 only');
  });

  it('says the dev routes are off on an exposed HOST, and warns loudly when DEV_ROUTES=true opens them', () => {
    const exposed = text({ HOST: '0.0.0.0' });
    expect(exposed).toContain('the dev routes (outbox, faucet) are off');
    expect(exposed).not.toContain('/api/v1/dev/outbox');
    const opened = text({ HOST: '0.0.0.0', DEV_ROUTES: 'true' });
    expect(opened).toContain('WARNING: listening on 0.0.0.0 with DEV_ROUTES=true');
    expect(opened).toContain(`${URL}/api/v1/dev/outbox`);
  });

  it('names configured webhook secrets and fee quotes key as such', () => {
    const secrets = { IDENTITY_WEBHOOK_SECRET: 'i'.repeat(40), ONRAMP_WEBHOOK_SECRET: 'o'.repeat(40) };
    expect(text(secrets)).toContain('webhook secrets are the ones configured');
    expect(text(secrets)).not.toContain('i'.repeat(40));
    const quoteKey = text({ FEE_QUOTE_SECRET: 'q'.repeat(40) });
    expect(quoteKey).toContain('the fee quotes key is the one configured');
    expect(quoteKey).not.toContain('q'.repeat(40));
  });

  it('names the faucet and the readable outbox with SMTP_URL set too, and where SMS go', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
    const banner = text(smtp);
    expect(banner).toContain(`POST ${URL}/api/v1/dev/faucet credits devnet coins`);
    expect(banner).toContain(`one-time codes included, is readable at ${URL}/api/v1/dev/outbox`);
    expect(text({ ...smtp, HOST: '0.0.0.0' })).toContain(
      'text messages (SMS) go only to the outbox table (no SMS provider yet), not to the customer',
    );
  });
});

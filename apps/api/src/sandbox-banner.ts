// What `npm start` prints when it is not production: plainly, that this is a sandbox and what that
// means for whoever can reach it (test money, a faucet, every one-time code readable), and where it
// listens. Production refuses every sandbox default (config.ts, ADR 0020), so it prints none of this.
import path from 'node:path';
import { isLoopbackHost } from '@rora/db';
import type { Config } from './config.ts';
import { FEE_QUOTE_SECRET_FILE, WEBHOOK_SECRETS_FILE } from './webhook-secrets.ts';

function reachLines(config: Config): string[] {
  if (isLoopbackHost(config.HOST)) {
    return [`Listening on ${config.HOST} only: nobody outside this machine can reach it.`];
  }
  if (config.devRoutes) {
    return [
      `WARNING: listening on ${config.HOST} with DEV_ROUTES=true: anyone who reaches this machine can read`,
      'every one-time code in the outbox (and so take over any account) and credit coins with the faucet.',
    ];
  }
  return [
    `Listening on ${config.HOST}, reachable from other machines: the dev routes (outbox, faucet) are off.`,
    'DEV_ROUTES=true turns them on; anyone who reaches this machine could then read every one-time code.',
  ];
}

/** The lines printed at start; `config` as loaded, before startServer fills the sandbox's secrets. */
export function sandboxBanner(config: Config, url: string): string[] {
  const secretsFile = path.resolve(config.RORA_DATA_DIR, WEBHOOK_SECRETS_FILE);
  const quoteKeyFile = path.resolve(config.RORA_DATA_DIR, FEE_QUOTE_SECRET_FILE);
  const generated = !config.IDENTITY_WEBHOOK_SECRET || !config.ONRAMP_WEBHOOK_SECRET;
  // The outbox keeps every code in clear whenever the dev routes are on, SMTP_URL or not, and text
  // messages have no adapter but the outbox yet (SMS_PROVIDER).
  const messages = config.devRoutes
    ? [
        `  - POST ${url}/api/v1/dev/faucet credits devnet coins to any wallet;`,
        `  - every e-mail and SMS, one-time codes included, is readable at ${url}/api/v1/dev/outbox;`,
      ]
    : config.SMTP_URL
      ? ['  - text messages (SMS) go only to the outbox table (no SMS provider yet), not to the customer;']
      : ['  - e-mail and SMS go only to the outbox table (SMTP_URL unset), not to the customer;'];
  return [
    `This is a SANDBOX (NODE_ENV=${config.NODE_ENV}), not a live exchange:`,
    '  - test money only: every chain is the in-process devnet, and no coin on it is worth anything;',
    ...messages,
    '  - identity checks and card purchases are sandbox providers that follow published test rules;',
    generated
      ? `  - webhook secrets are random for this data folder, kept in ${secretsFile} (mode 0600);`
      : '  - webhook secrets are the ones configured;',
    config.FEE_QUOTE_SECRET
      ? '  - the fee quotes key is the one configured.'
      : `  - the fee quotes key is random for this data folder, kept in ${quoteKeyFile} (mode 0600).`,
    ...reachLines(config),
  ];
}

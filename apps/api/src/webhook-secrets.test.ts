import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import {
  FEE_QUOTE_SECRET_FILE,
  WEBHOOK_SECRETS_FILE,
  dataDirFeeQuoteSecret,
  dataDirWebhookSecrets,
  withSandboxSecrets,
} from './webhook-secrets.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rora-secrets-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('sandbox secrets', () => {
  it('makes random secrets on first use, readable by the owner only, and reuses them after', async () => {
    const dir = path.join(root, 'first', 'data');
    const first = dataDirWebhookSecrets(dir);
    expect(first.identity).toMatch(/^[\w-]{43}$/);
    expect(first.onramp).toMatch(/^[\w-]{43}$/);
    expect(first.identity).not.toBe(first.onramp);
    expect((await stat(path.join(dir, WEBHOOK_SECRETS_FILE))).mode & 0o777).toBe(0o600);
    expect(dataDirWebhookSecrets(dir)).toEqual(first);
  });

  it('gives each data folder its own secrets', () => {
    const one = dataDirWebhookSecrets(path.join(root, 'one'));
    const two = dataDirWebhookSecrets(path.join(root, 'two'));
    expect(two.identity).not.toBe(one.identity);
    expect(two.onramp).not.toBe(one.onramp);
  });

  it('fills only the secrets the configuration leaves unset', () => {
    const given = 'g'.repeat(40);
    const dir = path.join(root, 'partial');
    const config = withSandboxSecrets(loadConfig({ RORA_DATA_DIR: dir, ONRAMP_WEBHOOK_SECRET: given }));
    expect(config.ONRAMP_WEBHOOK_SECRET).toBe(given);
    expect(config.IDENTITY_WEBHOOK_SECRET).toBe(dataDirWebhookSecrets(dir).identity);
    expect(config.FEE_QUOTE_SECRET).toBe(dataDirFeeQuoteSecret(dir));
    const keyGiven = withSandboxSecrets(loadConfig({ RORA_DATA_DIR: dir, FEE_QUOTE_SECRET: given }));
    expect(keyGiven.FEE_QUOTE_SECRET).toBe(given);
  });

  it("gives every process of a data folder one fee quotes' key, apart from the webhook secrets", async () => {
    const dir = path.join(root, 'quotes');
    // A data folder from before the key: its webhook secrets stay as they were.
    const webhooks = dataDirWebhookSecrets(dir);
    const key = withSandboxSecrets(loadConfig({ RORA_DATA_DIR: dir })).FEE_QUOTE_SECRET;
    expect(key).toMatch(/^[\w-]{43}$/);
    expect([webhooks.identity, webhooks.onramp]).not.toContain(key);
    expect(dataDirWebhookSecrets(dir)).toEqual(webhooks);
    expect(withSandboxSecrets(loadConfig({ RORA_DATA_DIR: dir })).FEE_QUOTE_SECRET).toBe(key);
    expect((await stat(path.join(dir, FEE_QUOTE_SECRET_FILE))).mode & 0o777).toBe(0o600);
    expect(dataDirFeeQuoteSecret(path.join(root, 'other-quotes'))).not.toBe(key);
    await writeFile(path.join(dir, FEE_QUOTE_SECRET_FILE), '{"feeQuote":"short"}');
    expect(() => dataDirFeeQuoteSecret(dir)).toThrow(/does not hold the sandbox's fee quotes' key/);
  });

  it('tightens a loosened file back to 0600 and refuses a file that holds no secrets', async () => {
    const dir = path.join(root, 'loose');
    dataDirWebhookSecrets(dir);
    const file = path.join(dir, WEBHOOK_SECRETS_FILE);
    await writeFile(file, JSON.stringify({ identity: 'x'.repeat(40), onramp: 'y'.repeat(40) }), { mode: 0o644 });
    await chmod(file, 0o644);
    expect(dataDirWebhookSecrets(dir).identity).toBe('x'.repeat(40));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await writeFile(file, '{"identity":"short"}');
    expect(() => dataDirWebhookSecrets(dir)).toThrow(/does not hold the sandbox's webhook secrets/);
  });
});

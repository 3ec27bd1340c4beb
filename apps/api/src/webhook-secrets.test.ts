import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { WEBHOOK_SECRETS_FILE, dataDirWebhookSecrets, withWebhookSecrets } from './webhook-secrets.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rora-secrets-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('sandbox webhook secrets', () => {
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
    const config = withWebhookSecrets(loadConfig({ RORA_DATA_DIR: dir, ONRAMP_WEBHOOK_SECRET: given }));
    expect(config.ONRAMP_WEBHOOK_SECRET).toBe(given);
    expect(config.IDENTITY_WEBHOOK_SECRET).toBe(dataDirWebhookSecrets(dir).identity);
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

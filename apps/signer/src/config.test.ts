// The signer's configuration: it never starts without its secret and KEK, listens on loopback only,
// serves only mainnet keys in production, never echoes a secret, and the README documents exactly
// its variables.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SignerConfigError, loadSignerConfig } from './config.ts';

const GOOD = {
  SIGNER_DATABASE_URL: 'postgres://signer@127.0.0.1:5432/rora',
  SIGNER_KEK: 'ab'.repeat(32),
  SIGNER_SECRET: 'a-secret-of-at-least-thirty-two-characters',
};
const lines = (env: Record<string, string>) => {
  try {
    loadSignerConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(SignerConfigError);
    return (error as Error).message.split('\n').slice(1);
  }
};

describe('the signer configuration', () => {
  it('starts with the database, a 32-byte KEK and a secret, on 127.0.0.1:4100 serving mainnet keys', () => {
    expect(loadSignerConfig(GOOD)).toMatchObject({ host: '127.0.0.1', port: 4100, kind: 'mainnet' });
    expect(loadSignerConfig({ ...GOOD, SIGNER_KEK: Buffer.alloc(32, 3).toString('base64') }).kek.id).toMatch(/^local:/);
  });

  it('names every problem at once without echoing a secret', () => {
    const found = lines({
      SIGNER_KEK: 'too-short-kek',
      SIGNER_SECRET: 'short-secret',
      SIGNER_HOST: '10.0.0.5',
      SIGNER_NETWORK_KIND: 'regtest',
      NODE_ENV: 'production',
    });
    expect(found.map((line) => line.trim().split(':')[0])).toEqual([
      'SIGNER_DATABASE_URL',
      'SIGNER_KEK',
      'SIGNER_SECRET',
      'SIGNER_HOST',
      'SIGNER_NETWORK_KIND',
    ]);
    expect(found.join('\n')).not.toMatch(/too-short-kek|short-secret/);
  });

  it('lets the key commands run without the secret (they do not listen)', () => {
    expect(() => loadSignerConfig({ ...GOOD, SIGNER_SECRET: '' }, 'keys')).not.toThrow();
  });

  it('is documented in the README, every variable and only those', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split('### The signer process')[1]!.split('\n## ')[0]!;
    const documented = [...section.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]);
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const read = [...new Set([...source.matchAll(/value\('(SIGNER_[A-Z_]+)'\)/g)].map((match) => match[1]))];
    expect(documented.sort()).toEqual(read.sort());
  });
});

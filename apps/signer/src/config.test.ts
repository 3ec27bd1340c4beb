// The signer's configuration: it never starts without its secret and KEK, listens on loopback only,
// serves only mainnet keys and links to its database encrypted or privately in production, never
// echoes a secret, and the README documents exactly its variables.
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

  it('signs Ethereum and BNB Smart Chain under their mainnet ids, with a fee ceiling, by default', () => {
    const { evm } = loadSignerConfig(GOOD);
    expect(evm.eth).toMatchObject({ chainId: 1, maxFeePerGas: 500_000_000_000n, maxGas: 200_000n });
    expect(evm.eth?.tokens['usdt-erc20']).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(evm.bsc).toMatchObject({ chainId: 56, tokens: {} });
    // A test chain needs its id (else its key is not opened) and its token contracts.
    const regtest = loadSignerConfig({
      ...GOOD,
      SIGNER_NETWORK_KIND: 'regtest',
      SIGNER_ETH_CHAIN_ID: '31337',
      SIGNER_ETH_MAX_FEE_PER_GAS_WEI: '1000',
      SIGNER_USDT_ERC20_CONTRACT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    }).evm;
    expect(regtest.eth).toMatchObject({ chainId: 31337, maxFeePerGas: 1000n });
    expect(regtest.eth?.tokens).toEqual({ 'usdt-erc20': '0x5FbDB2315678afecb367f032d93F642f64180aa3' });
    expect(regtest.bsc).toBeUndefined();
  });

  it('refuses a test chain id in production, and a ceiling or contract that is not one', () => {
    const found = lines({
      ...GOOD,
      NODE_ENV: 'production',
      SIGNER_ETH_CHAIN_ID: '31337',
      SIGNER_BSC_MAX_GAS: '0',
      SIGNER_USDT_ERC20_CONTRACT: 'tether',
    });
    expect(found.map((line) => line.trim().split(':')[0]).sort()).toEqual([
      'SIGNER_BSC_MAX_GAS',
      'SIGNER_ETH_CHAIN_ID',
      'SIGNER_USDT_ERC20_CONTRACT',
    ]);
  });

  it.each([
    ['SIGNER_DATABASE_URL', 'postgres://signer:pw-hunter2@db.example.com:5432/rora', /^pg connects without TLS unless/],
    ['SIGNER_DATABASE_URL', 'postgres://signer:pw-hunter2@db.internal/rora?sslmode=prefer', /^sslmode=prefer does not/],
    ['SIGNER_DATABASE_URL', 'postgres://signer:pw-hunter2@10.0.0.5/rora?host=db.example.com', /^pg connects without/],
    ['DATABASE_URL', 'postgres://signer:pw-hunter2@db.example.com/r?sslmode=require&sslmode=disable', /^sslmode=disa/],
    // Read with pg's own parser: the WHATWG parser refuses this URL, pg connects to the host parameter.
    ['SIGNER_DATABASE_URL', 'postgres://signer:pw-hunter2@/rora?host=db.example.com', /^pg connects without TLS/],
    // pg ignores an empty host parameter and connects to the URL's host.
    ['SIGNER_DATABASE_URL', 'postgres://signer:pw-hunter2@db.example.com/rora?host=', /^pg connects without TLS/],
    ['SIGNER_DATABASE_URL', 'postgres://signer:pw-hunter2@db.example.com/rora?sslmode=no-verify', /^sslmode=no-verify/],
  ])('refuses in production %s in clear text off the private network, never quoting it', (name, url, why) => {
    const env = { ...GOOD, SIGNER_DATABASE_URL: '', [name]: url, NODE_ENV: 'production' };
    for (const needs of ['serve', 'keys'] as const) {
      let found: string[] = [];
      try {
        loadSignerConfig(env, needs);
      } catch (error) {
        found = (error as Error).message.split('\n').slice(1);
      }
      expect(found).toHaveLength(1);
      const [setting, ...rest] = found[0]!.trim().split(': ');
      expect(setting).toBe(name);
      expect(rest.join(': ')).toMatch(why);
      expect(found[0]).toContain('would cross the network in clear text: not in production to a host off this machine');
      expect(found[0]).toContain('sslmode=verify-full');
      expect(found[0]).not.toMatch(/hunter2|example\.com|db\.internal/);
    }
    // Outside production the signer's link is its own machine's business (the sandbox).
    expect(() => loadSignerConfig({ ...env, NODE_ENV: 'development' })).not.toThrow();
  });

  it.each([
    [
      { SIGNER_DATABASE_URL: 'postgres:///rora', PGHOST: 'db.example.com' },
      /^pg connects without TLS unless the URL or PGSSLMODE sets sslmode \(its host from PGHOST/,
    ],
    [
      { SIGNER_DATABASE_URL: 'postgres://signer:pw-hunter2@db.example.com/rora', PGSSLMODE: 'disable' },
      /^PGSSLMODE=disable does not/,
    ],
    [
      { SIGNER_DATABASE_URL: 'postgres://signer:pw-hunter2@db.example.com/rora', PGSSLMODE: 'no-verify' },
      /^PGSSLMODE=no-verify checks no/,
    ],
  ])('refuses in production a database link as pg reads it with PGHOST and PGSSLMODE: %o', (vars, why) => {
    const found = lines({ ...GOOD, ...vars, NODE_ENV: 'production' });
    expect(found).toHaveLength(1);
    expect(found[0]!.trim().slice('SIGNER_DATABASE_URL: '.length)).toMatch(why);
    expect(found[0]).not.toMatch(/hunter2|example\.com/);
  });

  it.each<Record<string, string>>([
    { SIGNER_DATABASE_URL: 'postgres://signer:pw@db.example.com/rora', PGSSLMODE: 'verify-full' },
    { SIGNER_DATABASE_URL: 'postgres:///rora', PGHOST: 'postgres' },
    { SIGNER_DATABASE_URL: 'postgres://signer:pw@postgres/rora', PGHOST: 'db.example.com' },
  ])('takes in production a database link pg encrypts or keeps private with PGHOST and PGSSLMODE: %o', (vars) => {
    expect(lines({ ...GOOD, ...vars, NODE_ENV: 'production' })).toEqual([]);
  });

  it('refuses in production NODE_TLS_REJECT_UNAUTHORIZED=0, which turns off every certificate check', () => {
    expect(lines({ ...GOOD, NODE_TLS_REJECT_UNAUTHORIZED: '0', NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^\s*NODE_TLS_REJECT_UNAUTHORIZED: 0 turns off the certificate check of every TLS link/),
    ]);
    expect(lines({ ...GOOD, NODE_TLS_REJECT_UNAUTHORIZED: '0', NODE_ENV: 'development' })).toEqual([]);
  });

  it('refuses in production a database URL parsers read differently, whatever its host', () => {
    const env = { ...GOOD, SIGNER_DATABASE_URL: 'postgres://signer:pw-hunter2@evil.example.com\\@postgres/rora' };
    expect(() => loadSignerConfig({ ...env, NODE_ENV: 'production' })).toThrow(
      /^ {2}SIGNER_DATABASE_URL: a backslash in the URL makes parsers disagree on its host, so no check can tell where the link goes or whether it is encrypted: not in production; write it without one \(docs\/adr\/0076-links-off-the-private-network-are-encrypted\.md\)$/m,
    );
  });

  it.each([
    'postgres://signer:pw@db.example.com/rora?sslmode=verify-full',
    'postgres://signer:pw@db.example.com/rora?ssl=true',
    'postgres://signer:pw@postgres:5432/rora',
    'postgres://signer:pw@127.0.0.1:5432/rora',
    'postgres://signer:pw@192.168.4.2/rora',
    'postgres://signer:pw@db.example.com/rora?host=/var/run/postgresql',
  ])('takes in production a database link encrypted or on the private network: %s', (url) => {
    const env = { ...GOOD, SIGNER_DATABASE_URL: url, NODE_ENV: 'production' };
    expect(loadSignerConfig(env).databaseUrl).toBe(url);
  });

  it('lets the key commands run without the secret (they do not listen)', () => {
    expect(() => loadSignerConfig({ ...GOOD, SIGNER_SECRET: '' }, 'keys')).not.toThrow();
  });

  it('is documented in the README, every variable and only those', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split('### The signer process')[1]!.split('\n## ')[0]!;
    const documented = [...section.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]);
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const read = [...new Set([...source.matchAll(/'(SIGNER_[A-Z0-9_]+)'/g)].map((match) => match[1]))];
    expect(documented.sort()).toEqual(read.sort());
  });
});

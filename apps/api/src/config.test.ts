import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVNET_DEPOSIT_CONFIGS } from '@rora/chains';
import { ConfigError, configSchema, loadConfig } from './config.ts';
import { PRODUCTION_ENV, PRODUCTION_REQUIRED, PRODUCTION_WITHOUT_REAL_ADAPTER } from './testing/production-env.ts';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const [title, ...lines] = (error as Error).message.split('\n');
    expect(title).toBe('Invalid configuration:');
    return lines.map((line) => line.trim());
  }
  throw new Error('the configuration was accepted');
}

describe('configuration', () => {
  it('starts with no variables at all, on safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      devRoutes: true,
      RUN_WORKER: true,
      TRUST_PROXY: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BLOCKED_COUNTRIES).toEqual(['KP', 'IR', 'SY', 'CU']);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT: must be a whole number from 0 to 65535 (got "70000")'],
    [{ DATABASE_URL: 'mysql://root:hunter2@db/rora' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV: must be one of development, production, test (got "prod")'],
    [{ DEV_ROUTES: 'yes' }, 'DEV_ROUTES: must be true, false, 1 or 0 (got "yes")'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [{ GEOIP_LOCAL_COUNTRY: 'usa' }, 'GEOIP_LOCAL_COUNTRY: must be a two-letter country code (got "usa")'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [
      { BLOCKED_COUNTRIES: 'KP,north korea' },
      'BLOCKED_COUNTRIES: must be two-letter country codes separated by commas (got "KP,north korea")',
    ],
    [{ WS_PING_INTERVAL_MS: '10' }, 'WS_PING_INTERVAL_MS: must be a whole number from 50 to 600000 (got "10")'],
  ])('explains a bad value in one line: %j', (env, line) => {
    expect(problems(env)).toEqual([line]);
  });

  it('never echoes a database or SMTP URL, which may hold a password', () => {
    const lines = problems({ DATABASE_URL: 'mysql://root:hunter2@db/rora', SMTP_URL: 'http://u:hunter3@mail' });
    expect(lines.join('\n')).not.toMatch(/hunter/);
  });

  it('caps open connections at 10,000 unless MAX_CONNECTIONS says otherwise', () => {
    expect(loadConfig({}).MAX_CONNECTIONS).toBe(10_000);
    expect(loadConfig({ MAX_CONNECTIONS: '50000' }).MAX_CONNECTIONS).toBe(50_000);
    expect(problems({ MAX_CONNECTIONS: '0' })).toEqual([
      'MAX_CONNECTIONS: must be a whole number from 10 to 1000000 (got "0")',
    ]);
  });

  it('reports every bad variable at once, one line each', () => {
    expect(problems({ PORT: 'abc', NODE_ENV: 'prod', LOG_LEVEL: 'loud' })).toHaveLength(3);
  });

  it('serves dev routes on a loopback HOST only, unless DEV_ROUTES=true is given', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).devRoutes).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEV_ROUTES: 'false' }).devRoutes).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).devRoutes).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20', NODE_ENV: 'test' }).devRoutes).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_ROUTES: 'true' }).devRoutes).toBe(true);
  });

  it('runs the sandbox market maker and seeds sandbox data outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ marketMaker: true, sandboxSeed: true });
    expect(loadConfig({ NODE_ENV: 'test', MARKET_MAKER: 'off' })).toMatchObject({ marketMaker: false });
  });

  it('reads lists and treats an empty variable as unset', () => {
    const config = loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2', BLOCKED_COUNTRIES: 'KP,IR', PORT: '' });
    expect(config.TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(config.BLOCKED_COUNTRIES).toEqual(['KP', 'IR']);
    expect(config.PORT).toBe(3000);
  });

  it('takes TRUST_PROXY entries Fastify can trust, and names the first it cannot, before anything starts', () => {
    const config = loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::1, loopback, uniquelocal' });
    expect(config.TRUST_PROXY).toEqual(['10.0.0.0/8', 'fd00::1', 'loopback', 'uniquelocal']);
    for (const bad of ['proxy.internal', '10.0.0.0/33', '0.0.0.0/0', '::/0', '10.0.0.1/x']) {
      expect(problems({ TRUST_PROXY: `10.0.0.1,${bad}` })).toEqual([
        `TRUST_PROXY: ${JSON.stringify(bad)} is not an IP address, a CIDR range (not /0) or loopback, linklocal, uniquelocal (got "10.0.0.1,${bad}")`,
      ]);
    }
  });

  it('documents every variable in the README table, and only those', () => {
    // The API's table: the signer process's own table follows it.
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8').split(
      '### The signer process',
    )[0]!;
    const documented = [...readme.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});

describe('production configuration', () => {
  const without = (name: string) => Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([key]) => key !== name));
  const names = (lines: string[]) => lines.map((line) => line.split(':')[0]);

  it('refuses only the sandbox adapters when everything else is given, each saying what to use instead', () => {
    const lines = problems(PRODUCTION_ENV);
    expect(names(lines)).toEqual([...PRODUCTION_WITHOUT_REAL_ADAPTER]);
    const [chains, ...others] = [...lines].sort();
    // Every chain has a node adapter production accepts (ADR 0050): the line says how to choose them.
    expect(chains).toMatch(/^CHAIN_ADAPTER: .*set CHAINS_BTC=rpc; .*set CHAINS_SOL=rpc$/);
    for (const line of others) expect(line).toMatch(/no (real .* adapter|adapter for the real networks) yet/);
  });

  it.each(PRODUCTION_REQUIRED)('names %s on its own line when it is missing', (name) => {
    const lines = problems(without(name));
    expect(names(lines)).toEqual([name, ...PRODUCTION_WITHOUT_REAL_ADAPTER]);
    expect(lines[0]).toMatch(new RegExp(`^${name}: required in production \\(unset: .+\\)$`));
  });

  it('names every missing setting at once when nothing is given', () => {
    expect(names(problems({ NODE_ENV: 'production' })).sort()).toEqual(
      [...PRODUCTION_REQUIRED, ...PRODUCTION_WITHOUT_REAL_ADAPTER, 'VENUES'].sort(),
    );
  });

  it.each([
    ['KYC_STORAGE_DIR', { KYC_STORAGE: 'local' }],
    ['KYC_S3_BUCKET', { KYC_S3_BUCKET: '' }],
    ['KYC_S3_SECRET_ACCESS_KEY', { KYC_S3_SECRET_ACCESS_KEY: '' }],
  ])('asks for %s, which the chosen KYC storage needs', (name, change) => {
    expect(names(problems({ ...PRODUCTION_ENV, ...change }))).toContain(name);
  });

  it('asks for NATS_URL when live events go over NATS, and checks its form', () => {
    expect(names(problems({ ...PRODUCTION_ENV, EVENT_BUS: 'nats' }))).toContain('NATS_URL');
    const withUrl = problems({
      ...PRODUCTION_ENV,
      EVENT_BUS: 'nats',
      NATS_URL: 'tls://nats-1:4222,tls://nats-2:4222',
    });
    expect(names(withUrl)).not.toContain('NATS_URL');
    const bad = problems({ ...PRODUCTION_ENV, EVENT_BUS: 'nats', NATS_URL: 'http://u:hunter2@nats' });
    expect(bad.find((line) => line.startsWith('NATS_URL:'))).toMatch(/must be nats:\/\/ or tls:\/\/ URLs/);
    expect(bad.join('\n')).not.toMatch(/hunter/);
  });

  it.each([
    ['VENUES', { VENUES: 'simulated' }, /`simulated` fills orders on platforms that do not exist/],
    ['DEV_ROUTES', { DEV_ROUTES: 'true' }, /must not be enabled when NODE_ENV is production/],
    ['MARKET_MAKER', { MARKET_MAKER: 'on' }, /funds itself from outside the books/],
    ['IDENTITY_PROVIDER', { IDENTITY_PROVIDER: 'sandbox' }, /approves identities by published test rules/],
    ['SMS_PROVIDER', { SMS_PROVIDER: 'sandbox' }, /writes text messages to the outbox only/],
  ])('refuses the sandbox choice %s even when given explicitly', (name, change, message) => {
    const line = problems({ ...PRODUCTION_ENV, ...change }).find((each) => each.startsWith(`${name}:`));
    expect(line).toMatch(message);
  });

  it.each([
    ['CHAINS_BTC_XPUB', 'btc'],
    ['CHAINS_LTC_XPUB', 'ltc'],
    ['CHAINS_ETH_XPUB', 'eth'],
    ['CHAINS_BSC_XPUB', 'bsc'],
    ['CHAINS_XRP_OMNIBUS_ADDRESS', 'xrp'],
    ['CHAINS_SOL_ADDRESSES', 'sol'],
  ] as const)("refuses the devnet's public keys given explicitly as %s", (name, chain) => {
    const config = DEVNET_DEPOSIT_CONFIGS[chain]!;
    const value =
      config.scheme === 'hd' ? config.xpub : config.scheme === 'tagged' ? config.address : config.addresses.join(',');
    const line = problems({ ...PRODUCTION_ENV, [name]: value }).find((each) => each.startsWith(`${name}:`));
    expect(line).toBe(
      `${name}: is the devnet's public test material: deposit addresses come from the devnet's public test keys, which anyone can spend from`,
    );
  });

  it('refuses an EVM hot key in the API process and a chain id other than mainnet, never quoting the key', () => {
    const key = `0x${'5e'.repeat(32)}`;
    const lines = problems({ ...PRODUCTION_ENV, CHAINS_ETH_HOT_KEY: key, CHAINS_BSC_CHAIN_ID: '97' });
    expect(lines.find((each) => each.startsWith('CHAINS_ETH_HOT_KEY:'))).toMatch(/private key in the API process/);
    expect(lines.find((each) => each.startsWith('CHAINS_BSC_CHAIN_ID:'))).toMatch(/not BSC mainnet \(56\)/);
    expect(lines.join('\n')).not.toContain('5e5e');
    expect(
      problems({ CHAINS_ETH: 'rpc' })
        .map((line) => line.split(':')[0])
        .sort(),
    ).toEqual(['CHAINS_ETH_CHAIN_ID', 'CHAINS_ETH_HOT_KEY', 'CHAINS_ETH_RPC_URL', 'CHAINS_ETH_XPUB']);
  });

  it('names a deposit key that is not valid, without quoting it', () => {
    const lines = problems({ ...PRODUCTION_ENV, CHAINS_ETH_XPUB: 'xprv-pasted-by-mistake' });
    const line = lines.find((each) => each.startsWith('CHAINS_ETH_XPUB:'));
    expect(line).toMatch(/extended key/);
    expect(lines.join('\n')).not.toContain('pasted-by-mistake');
  });

  it('reports a bad value and the missing settings together, each once', () => {
    const lines = problems({ ...without('SMTP_URL'), PORT: 'abc', IDENTITY_WEBHOOK_SECRET: 'short' });
    expect(names(lines).sort()).toEqual(
      ['PORT', 'IDENTITY_WEBHOOK_SECRET', 'SMTP_URL', ...PRODUCTION_WITHOUT_REAL_ADAPTER].sort(),
    );
    expect(lines.join('\n')).not.toContain('short');
  });

  it('needs the node, the deposit setting and a hot key or signer for XRP or Solana read through a node', () => {
    expect(problems({ CHAINS_XRP: 'rpc', CHAINS_SOL: 'rpc' })).toEqual([
      'CHAINS_XRP_RPC_URL: required with CHAINS_XRP=rpc',
      'CHAINS_XRP_OMNIBUS_ADDRESS: required with CHAINS_XRP=rpc',
      'CHAINS_XRP_HOT_KEY: required with CHAINS_XRP=rpc (or SIGNER_URL and the signer process)',
      'CHAINS_SOL_RPC_URL: required with CHAINS_SOL=rpc',
      'CHAINS_SOL_ADDRESSES: required with CHAINS_SOL=rpc',
      'CHAINS_SOL_HOT_KEY: required with CHAINS_SOL=rpc (or SIGNER_URL and the signer process)',
    ]);
    expect(problems({ CHAINS_XRP: 'node' })).toEqual(['CHAINS_XRP: must be one of devnet, rpc (got "node")']);
  });

  it('refuses an XRP or Solana hot key in the API process in production, without echoing it (ADR 0050)', () => {
    const lines = problems({ ...PRODUCTION_ENV, CHAINS_XRP_HOT_KEY: 'sEdSecretSeed', CHAINS_SOL_HOT_KEY: 'secret' });
    for (const name of ['CHAINS_XRP_HOT_KEY', 'CHAINS_SOL_HOT_KEY']) {
      const line = lines.find((each) => each.startsWith(`${name}:`));
      expect(line).toMatch(/a private key in the API process: not in production/);
    }
    expect(lines.join('\n')).not.toMatch(/sEdSecretSeed/);
  });
  it('reads market shards, and names a shard that does not exist or a process that cannot reach the others', () => {
    const env = {
      ORDER_SHARDS: '2',
      MARKET_SHARDS: 'BTC-USDT:0, ETH/USDT:1',
      SEQUENCER_SHARDS: '1',
      EVENT_BUS: 'postgres',
    };
    expect(loadConfig(env).orderShards).toEqual({
      count: 2,
      overrides: { 'BTC/USDT': 0, 'ETH/USDT': 1 },
      writes: [1],
    });
    expect(loadConfig({}).orderShards).toEqual({ count: 1, overrides: {}, writes: 'all' });
    expect(problems({ ORDER_SHARDS: '65' })).toEqual(['ORDER_SHARDS: must be a whole number from 1 to 64 (got "65")']);
    expect(problems({ ORDER_SHARDS: '2', MARKET_SHARDS: 'BTC-USDT:2,DOGE-USDT:0' })).toEqual([
      'MARKET_SHARDS: BTC/USDT is placed on shard 2, but ORDER_SHARDS is 2 (got "BTC-USDT:2,DOGE-USDT:0")',
      'MARKET_SHARDS: DOGE/USDT is not a listed market (got "BTC-USDT:2,DOGE-USDT:0")',
    ]);
    expect(problems({ MARKET_SHARDS: 'BTC:0' })[0]).toMatch(/^MARKET_SHARDS: must be SYMBOL:shard pairs/);
    expect(problems({ ORDER_SHARDS: '2', SEQUENCER_SHARDS: '0,2', EVENT_BUS: 'nats' })).toEqual([
      'SEQUENCER_SHARDS: names a shard from 0 to 1 only (ORDER_SHARDS is 2) (got "0,2")',
    ]);
    expect(problems({ ORDER_SHARDS: '2', SEQUENCER_SHARDS: '0' })).toEqual([
      'SEQUENCER_SHARDS: other processes write the shards this one does not: set EVENT_BUS to postgres or nats (got "0")',
    ]);
    expect(loadConfig({ ORDER_SHARDS: '2', SEQUENCER_SHARDS: '1,0' }).orderShards.writes).toEqual([1, 0]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config.ts';

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
    [{ DEV_ROUTES: 'true', NODE_ENV: 'production' }, 'DEV_ROUTES: must not be enabled when NODE_ENV is production'],
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

  it('reports every bad variable at once, one line each', () => {
    expect(problems({ PORT: 'abc', NODE_ENV: 'prod', LOG_LEVEL: 'loud' })).toHaveLength(3);
  });

  it('turns dev routes off in production and keeps them on elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).devRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEV_ROUTES: 'false' }).devRoutes).toBe(false);
    const production = loadConfig({
      NODE_ENV: 'production',
      IDENTITY_WEBHOOK_SECRET: 'x'.repeat(32),
      ONRAMP_WEBHOOK_SECRET: 'y'.repeat(32),
    });
    expect(production.devRoutes).toBe(false);
  });

  it('runs the sandbox market maker and seeds sandbox data everywhere but production, and refuses it there', () => {
    const secrets = { IDENTITY_WEBHOOK_SECRET: 'x'.repeat(32), ONRAMP_WEBHOOK_SECRET: 'y'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ marketMaker: true, sandboxSeed: true });
    expect(loadConfig({ NODE_ENV: 'test', MARKET_MAKER: 'off' })).toMatchObject({ marketMaker: false });
    expect(loadConfig({ NODE_ENV: 'production', ...secrets })).toMatchObject({
      marketMaker: false,
      sandboxSeed: false,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', MARKET_MAKER: 'on', ...secrets })).toThrow(
      /MARKET_MAKER: the sandbox market maker funds itself from outside the books/,
    );
  });

  it('reads lists and treats an empty variable as unset', () => {
    const config = loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2', BLOCKED_COUNTRIES: 'KP,IR', PORT: '' });
    expect(config.TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(config.BLOCKED_COUNTRIES).toEqual(['KP', 'IR']);
    expect(config.PORT).toBe(3000);
  });

  it('documents every variable in the README table, and only those', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});

// Production refuses a link that would carry passwords or customers' data in clear text to a host
// off this machine and its private network, and takes it encrypted or private (ADR 0076).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { linkProblems } from './production-links.ts';
import { productionRefusals } from './testing/production-refusals.ts';

const linkLines = productionRefusals;

const ADR = '(docs/adr/0076-links-off-the-private-network-are-encrypted.md)';
const OFF_NETWORK = 'would cross the network in clear text: not in production to a host off this machine';

describe('production links', () => {
  it.each([
    ['DATABASE_URL', 'postgres://rora:pw-hunter2@db.example.com:5432/rora', /pg connects without TLS unless/],
    ['DATABASE_URL', 'postgres://rora:pw-hunter2@db.internal/rora?sslmode=disable', /sslmode=disable does not/],
    ['DATABASE_URL', 'postgresql://rora:pw-hunter2@db.internal/rora?sslmode=prefer', /sslmode=prefer does not/],
    ['DATABASE_URL', 'postgres://rora:pw-hunter2@10.0.0.5/rora?host=db.example.com', /pg connects without TLS/],
    ['DATABASE_URL', 'postgres://rora:pw-hunter2@db.example.com/r?sslmode=require&sslmode=disable', /=disable does/],
    ['SMTP_URL', 'smtp://user:pw-hunter2@mail.example.com:587', /smtp:\/\/ only tries STARTTLS/],
    ['SMTP_URL', 'smtp://user:pw-hunter2@mail.example.com:587?requireTLS=false', /only tries STARTTLS/],
    ['SMTP_URL', 'smtp://user:pw-hunter2@mail.example.com?requireTLS=true&ignoreTLS=true', /^ignoreTLS lets/],
    ['SMTP_URL', 'smtp://u:pw-hunter2@mail.example.com?requireTLS=true&opportunisticTLS=1', /^opportunisticTLS/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com?tls.rejectUnauthorized=false', /pose as the server/],
    ['SMTP_URL', 'smtp://u:pw-hunter2@mail.example.com?requireTLS=1&ignoreTLS=0&ignoreTLS=0', /^ignoreTLS lets/],
    ['RATE_LIMIT_REDIS_URL', 'redis://:pw-hunter2@cache.example.com:6379', /^redis:\/\/ is clear text/],
    ['RATE_LIMIT_REDIS_URL', 'redis://:pw-hunter2@134744072:6379', /^redis:\/\/ is clear text/],
    ['INTERNAL_URL', 'http://api-1.example.com:3000', /^http:\/\/ is clear text, so the writer's token/],
    ['KYC_S3_ENDPOINT', 'http://s3.example.com', /so customers' identity documents would/],
    ['CHAINS_BTC_RPC_URL', 'http://rpc:pw-hunter2@btc.example.com:8332', /the node's password/],
    ['CHAINS_SOL_RPC_URL', 'http://solana.example.com:8899', /the node's password/],
    // Read as the NATS client reads a server (hostPort), not as WHATWG: an IPv6 address without
    // brackets, and an IPv4-mapped one anywhere in the text, are where it connects.
    ['NATS_URL', 'nats://2001:db8::7', /^nats:\/\/ uses TLS only if the server offers it/],
    ['NATS_URL', 'nats://::ffff:203.0.113.9', /^nats:\/\/ uses TLS only if the server offers it/],
    ['NATS_URL', 'nats://10.0.0.1#::ffff:203.0.113.9', /^nats:\/\/ uses TLS only if the server offers it/],
    ['NATS_URL', 'nats://10.0.0.1?::ffff:203.0.113.9', /^nats:\/\/ uses TLS only if the server offers it/],
    // Read as the client reads it: a host parameter where the URL names none (review hole 1).
    ['RATE_LIMIT_REDIS_URL', 'redis:///?host=cache.example.com&password=pw-hunter2', /^redis:\/\/ is clear/],
    ['SMTP_URL', 'smtp:///?host=mail.example.com', /only tries STARTTLS/],
    // ioredis speaks TLS only for a lower-case rediss:// and an unset or non-empty tls parameter.
    ['RATE_LIMIT_REDIS_URL', 'REDISS://:pw-hunter2@cache.example.com:6380', /^ioredis turns TLS off/],
    ['RATE_LIMIT_REDIS_URL', 'rediss://:pw-hunter2@cache.example.com:6380?tls=', /^ioredis turns TLS off/],
    // nodemailer's flags are what its parser makes of them: numbers, and lists (hole 4).
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com?tls.rejectUnauthorized=0', /pose as the server/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com?tls.rejectUnauthorized=', /pose as the server/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com?tls.rejectUnauthorized=%20', /pose as the server/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com?tls.rejectUnauthorized=0.0', /pose as the server/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com?tls.rejectUnauthorized=00', /pose as the server/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com?tls.rejectUnauthorized=-0', /pose as the server/],
    ['SMTP_URL', 'smtp://u:pw-hunter2@mail.example.com:587?requireTLS=0.0', /only tries STARTTLS/],
    ['SMTP_URL', 'smtp://u:pw-hunter2@mail.example.com:587?requireTLS=%20', /only tries STARTTLS/],
    ['SMTP_URL', 'smtp://u:pw-hunter2@mail.example.com:587?requireTLS=-0', /only tries STARTTLS/],
    // pg's parser: an empty host parameter leaves the URL's host (hole 5); certificates unchecked (7).
    ['DATABASE_URL', 'postgres://rora:pw-hunter2@db.example.com/rora?host=', /pg connects without TLS/],
    [
      'DATABASE_URL',
      'postgres://rora:pw-hunter2@db.example.com/rora?sslmode=no-verify',
      /^sslmode=no-verify checks no/,
    ],
    ['DATABASE_URL', 'postgres://rora:pw-hunter2@db.example.com/rora?ssl=no-verify', /^ssl=no-verify checks no/],
    [
      'DATABASE_URL',
      'postgres://rora:pw-hunter2@db.example.com/rora?sslmode=require&uselibpqcompat=true',
      /^sslmode=require with uselibpqcompat=true checks no certificate/,
    ],
  ])('refuses %s in clear text to a remote host, never quoting it', (name, value, why) => {
    const lines = linkLines({ [name]: value });
    expect(lines).toHaveLength(1);
    const [setting, ...rest] = lines[0]!.split(': ');
    expect(setting).toBe(name);
    expect(rest.join(': ')).toMatch(why);
    expect(lines[0]).toContain(OFF_NETWORK);
    expect(lines[0]).toMatch(new RegExp(`${ADR.replace(/[().]/g, '\\$&')}$`));
    expect(lines[0]).not.toContain('hunter2');
    expect(lines[0]).not.toContain('example.com');
  });

  it.each([
    ['DATABASE_URL', 'postgres://rora:pw@db.example.com/rora?sslmode=require'],
    ['DATABASE_URL', 'postgres://rora:pw@db.example.com/rora?sslmode=verify-full'],
    ['DATABASE_URL', 'postgres://rora:pw@db.example.com/rora?ssl=true'],
    ['DATABASE_URL', 'postgres://rora:pw@postgres:5432/rora'],
    ['DATABASE_URL', 'postgres://rora:pw@10.1.2.3/rora'],
    ['DATABASE_URL', 'postgres://rora:pw@db.example.com/rora?host=/var/run/postgresql'],
    ['SMTP_URL', 'smtps://user:pw@mail.example.com:465'],
    ['SMTP_URL', 'smtp://user:pw@mail.example.com:587?requireTLS=true'],
    ['SMTP_URL', 'smtp://mailpit:1025'],
    ['SMTP_URL', 'smtp://127.0.0.1:25?ignoreTLS=true'],
    ['RATE_LIMIT_REDIS_URL', 'rediss://:pw@cache.example.com:6380'],
    ['RATE_LIMIT_REDIS_URL', 'redis://redis:6379'],
    ['RATE_LIMIT_REDIS_URL', 'redis://[fd00::12]:6379'],
    ['INTERNAL_URL', 'https://api-1.example.com'],
    ['INTERNAL_URL', 'http://api-1:3000'],
    ['INTERNAL_URL', 'http://192.168.10.4:3000'],
    ['KYC_S3_ENDPOINT', 'http://minio:9000'],
    ['CHAINS_BTC_RPC_URL', 'http://rpc:pw@172.20.0.8:8332'],
    ['CHAINS_ETH_RPC_URL', 'https://mainnet.example.com/v3/key'],
    ['NATS_URL', 'tls://nats.example.com:4222'],
    ['NATS_URL', 'tls://nats-1.example.com:4222,tls://nats-2.example.com:4222'],
    ['NATS_URL', 'nats://nats-1:4222,nats://10.0.0.9:4222'],
    // The NATS client reads these as 10.0.0.1, fd00::5 and ::1, where it connects.
    ['NATS_URL', 'nats://0x0a000001:4222'],
    ['NATS_URL', 'nats://fd00::5'],
    ['NATS_URL', 'nats://[::1]:4222'],
    ['RATE_LIMIT_REDIS_URL', 'redis://cache.example.com:6379?tls=true'],
    ['RATE_LIMIT_REDIS_URL', 'redis:///?path=/run/redis.sock'],
    ['RATE_LIMIT_REDIS_URL', 'redis:///?host=redis'],
    ['SMTP_URL', 'smtp:///?host=mailpit&port=1025'],
    ['SMTP_URL', 'smtp://u:pw@mail.example.com:587?requireTLS=1&tls.rejectUnauthorized=true'],
    ['DATABASE_URL', 'postgres:///rora?host=postgres'],
    ['DATABASE_URL', 'postgres://rora:pw@db.example.com/rora?sslmode=verify-full&uselibpqcompat=true'],
  ])('takes %s encrypted, or to this machine or a private network: %s', (name, value) => {
    expect(linkLines({ [name]: value })).toEqual([]);
    expect(linkProblems({ [name]: value })).toEqual([]);
  });

  it.each([
    ['SMTP_URL', 'smtp://u:pw-hunter2@evil.example.com\\@relay:587/?requireTLS=true', /^a backslash in the URL/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@evil.example.com\\@10.0.0.5/', /^a backslash in the URL/],
    ['RATE_LIMIT_REDIS_URL', 'redis://:pw-hunter2@evil.example.com\\@redis:6379', /^a backslash in the URL/],
    ['DATABASE_URL', 'postgres://u:pw-hunter2@evil.example.com\\@db/rora', /^a backslash in the URL/],
    ['INTERNAL_URL', 'http://evil.example.com\\@api-1:3000', /^a backslash in the URL/],
    // service= swaps the host and TLS for nodemailer's own (SendGrid's: none required), hole 3.
    ['SMTP_URL', 'smtps://apikey:pw-hunter2@mailpit/?service=SendGrid', /^service= replaces the URL's host/],
    ['SMTP_URL', 'smtp://u:pw-hunter2@mailpit:1025/?proxy=http://proxy.example.com:3128', /^proxy= sends the link/],
    // sentinels= has ioredis ask a sentinel (on this machine) for the host, and reach it without TLS.
    ['RATE_LIMIT_REDIS_URL', 'rediss://:pw-hunter2@cache.example.com:6380/?sentinels=s&name=m', /^sentinels= has/],
    ['RATE_LIMIT_REDIS_URL', 'redis://:pw-hunter2@redis:6379/?sentinels=redis-sentinel&name=m', /^sentinels= has/],
    // tls.host has an smtps:// link go to another host (url=, refused everywhere: smtp-url-options.test.ts).
    ['SMTP_URL', 'smtps://u:pw-hunter2@mailpit/?tls.host=mail.example.com', /^tls\.host= sends the link/],
    ['SMTP_URL', 'smtps:///?tls.servername=mail.example.com&tls.host=', /^tls\.host= sends/],
    // An option no check has followed through nodemailer, whatever the host.
    ['SMTP_URL', 'smtps://u:pw-hunter2@mailpit/?relayHost=mail.example.com', /^relayHost= is an option no check/],
    ['SMTP_URL', 'smtps://u:pw-hunter2@mail.example.com/?allowInternalNetworkInterface=1', /^allowInternalNetw/],
    [
      'DATABASE_URL',
      'postgres://rora:pw-hunter2@db/rora?sslrootcert=/nonexistent/rora-ca.pem',
      /pg cannot read a cert/,
    ],
  ])('refuses %s when clients would disagree on where it goes, whatever the host: %s', (name, value, why) => {
    const lines = linkLines({ [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(`${name}: `)).toBe(true);
    expect(lines[0]!.slice(name.length + 2)).toMatch(why);
    expect(lines[0]).toContain(
      'so no check can tell where the link goes or whether it is encrypted: not in production',
    );
    expect(lines[0]).not.toMatch(/hunter2|example\.com/);
  });

  it.each([
    // pg takes PGHOST when the URL names no host, and PGSSLMODE when the URL says nothing of TLS.
    [
      { DATABASE_URL: 'postgres:///rora', PGHOST: 'db.example.com' },
      /^pg connects without TLS unless the URL or PGSSLMODE sets sslmode \(its host from PGHOST, as the URL names none\)/,
    ],
    [
      { DATABASE_URL: 'postgres:///rora?host=', PGHOST: 'db.example.com', PGPASSWORD: 'pw-hunter2' },
      /its host from PGHOST/,
    ],
    [
      { DATABASE_URL: 'postgres://rora:pw-hunter2@db.example.com/rora', PGSSLMODE: 'disable' },
      /^PGSSLMODE=disable does not require TLS/,
    ],
    [
      { DATABASE_URL: 'postgres://rora:pw-hunter2@db.example.com/rora', PGSSLMODE: 'allow' },
      /^PGSSLMODE=allow does not/,
    ],
    [
      { DATABASE_URL: 'postgres://rora:pw-hunter2@db.example.com/rora', PGSSLMODE: 'prefer' },
      /^PGSSLMODE=prefer does not/,
    ],
    [
      { DATABASE_URL: 'postgres://rora:pw-hunter2@db.example.com/rora', PGSSLMODE: 'hunter2' },
      /^PGSSLMODE is no mode pg knows/,
    ],
    [
      { DATABASE_URL: 'postgres://rora:pw-hunter2@db.example.com/rora', PGSSLMODE: 'no-verify' },
      /^PGSSLMODE=no-verify checks no certificate/,
    ],
    [
      { DATABASE_URL: 'postgres:///rora', PGHOST: 'db.example.com', PGSSLMODE: 'no-verify' },
      /^PGSSLMODE=no-verify checks no .* \(its host from PGHOST/,
    ],
    // A URL that sets ssl (or a certificate) keeps pg from reading PGSSLMODE.
    [
      { DATABASE_URL: 'postgres://rora:pw-hunter2@db.example.com/rora?ssl=0', PGSSLMODE: 'verify-full' },
      /^pg connects without TLS unless the URL sets sslmode/,
    ],
  ])('refuses DATABASE_URL as pg reads it with the libpq variables: %o', (env, why) => {
    const lines = linkLines(env);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith('DATABASE_URL: ')).toBe(true);
    expect(lines[0]!.slice('DATABASE_URL: '.length)).toMatch(why);
    expect(lines[0]).toContain(OFF_NETWORK);
    expect(lines[0]).not.toMatch(/hunter2|example\.com/);
  });

  it.each<Record<string, string>>([
    { DATABASE_URL: 'postgres://rora:pw@db.example.com/rora', PGSSLMODE: 'verify-full' },
    { DATABASE_URL: 'postgres://rora:pw@db.example.com/rora', PGSSLMODE: 'require' },
    { DATABASE_URL: 'postgres:///rora', PGHOST: 'db.example.com', PGSSLMODE: 'verify-ca' },
    { DATABASE_URL: 'postgres:///rora', PGHOST: '/var/run/postgresql' },
    { DATABASE_URL: 'postgres:///rora', PGHOST: 'postgres' },
    // The URL's own host and TLS come first.
    { DATABASE_URL: 'postgres://rora:pw@postgres/rora', PGHOST: 'db.example.com' },
    { DATABASE_URL: 'postgres://rora:pw@db.example.com/rora?sslmode=verify-full', PGSSLMODE: 'disable' },
  ])('takes DATABASE_URL as pg reads it with the libpq variables: %o', (env) => {
    expect(linkLines(env)).toEqual([]);
  });

  it.each([
    ['sendmail=true', /^sendmail= hands each mail to a program on this machine/],
    ['sendmail=1&path=/usr/sbin/sendmail', /^sendmail= hands each mail/],
    ['jsonTransport=true', /^jsonTransport= makes nodemailer hand each mail back/],
    ['streamTransport=1', /^streamTransport= makes nodemailer hand each mail back/],
  ])('refuses an SMTP_URL whose %s sends the mail by another way than SMTP', (query, why) => {
    const lines = linkLines({ SMTP_URL: `smtps://u:pw-hunter2@mail.example.com:465/?${query}` });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith('SMTP_URL: ')).toBe(true);
    expect(lines[0]!.slice('SMTP_URL: '.length)).toMatch(why);
    expect(lines[0]).toMatch(/, so the mail would not go to the SMTP server the URL names: not in production; /);
    expect(lines[0]).not.toMatch(/hunter2|example\.com/);
  });

  it.each([
    // The transports above turned off (SES and a pool are refused everywhere: smtp-url-options.test.ts);
    // TLS checked against another name, or raised to TLS 1.3; the adapter's limits, the EHLO name.
    'smtps://u:pw@mail.example.com:465/?jsonTransport=false&sendmail=0&pool=false',
    'smtps://u:pw@203.0.113.5:465/?tls.servername=mail.example.com',
    'smtps://u:pw@203.0.113.5:465/?servername=mail.example.com&tls.minVersion=TLSv1.3',
    'smtp://u:pw@mail.example.com:587/?requireTLS=true&tls.minVersion=TLSv1.2&tls.rejectUnauthorized=1',
    'smtps://u:pw@mail.example.com/?name=rora.exchange&greetingTimeout=5000&authMethod=LOGIN&lmtp=false',
    // To a private host, TLS options weigh no more than TLS itself does there.
    'smtps://mailpit:465/?tls.minVersion=TLSv1&tls.ciphers=NULL',
  ])('takes an SMTP_URL whose options leave the link encrypted to its host: %s', (value) => {
    expect(linkLines({ SMTP_URL: value })).toEqual([]);
  });

  it.each([
    // Node's floor is TLSv1.2; these lower it, cap it or pick the ciphers (NULL: none at all).
    ['tls.minVersion=TLSv1', /^tls\.minVersion below TLSv1\.2 lets the link fall back/],
    ['tls.minVersion=TLSv1.1&tls.servername=mail.example.com', /^tls\.minVersion below TLSv1\.2/],
    ['tls.maxVersion=TLSv1.2', /^tls\.maxVersion can weaken the TLS nodemailer speaks/],
    ['tls.ciphers=NULL', /^tls\.ciphers can weaken the TLS .*; production takes only tls\.servername/],
    ['tls.ciphers=ECDHE-RSA-AES128-GCM-SHA256', /^tls\.ciphers can weaken/],
    ['tls.rejectUnauthorized=false&tls.minVersion=TLSv1.3', /^tls\.rejectUnauthorized turned off/],
  ])('refuses an SMTP_URL off the private network whose %s weakens its TLS', (query, why) => {
    for (const url of ['smtps://u:pw-hunter2@mail.example.com:465/', 'smtp://u:pw-hunter2@mail.example.com/']) {
      const lines = linkLines({ SMTP_URL: `${url}?requireTLS=true&${query}` });
      expect(lines).toHaveLength(1);
      expect(lines[0]!.slice('SMTP_URL: '.length)).toMatch(why);
      expect(lines[0]).toContain(OFF_NETWORK);
      expect(lines[0]).not.toMatch(/hunter2|example\.com/);
    }
  });

  it('takes DATABASE_URL with sslrootcert and no sslmode: pg then requires TLS, checked against it', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rora-links-'));
    try {
      // pg-connection-string reads the file as it parses; its content is pg's at connect.
      writeFileSync(path.join(folder, 'ca.pem'), '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
      const url = `postgres://rora:pw@db.example.com/rora?sslrootcert=${path.join(folder, 'ca.pem')}`;
      expect(linkLines({ DATABASE_URL: url })).toEqual([]);
      expect(linkLines({ DATABASE_URL: `${url}&sslmode=disable` })).toHaveLength(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.each([
    // The schema's WHATWG parser refuses these, but the clients read them, so the rule must too.
    ['SMTP_URL', 'smtp://u:pw-hunter2@/?host=mail.example.com', /^smtp:\/\/ only tries STARTTLS/],
    ['DATABASE_URL', 'postgres://rora:pw-hunter2@/rora?host=db.example.com', /^pg connects without TLS/],
    ['NATS_URL', 'nats://evil.example.com\\@nats:4222', /^a backslash in the URL/],
    ['NATS_URL', 'nats://nats-1:4222,nats://evil.example.com\\@nats:4222', /^server 2 of 2: a backslash in the URL/],
  ])('refuses %s as its client reads it where the schema cannot parse it: %s', (name, value, why) => {
    const problems = linkProblems({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.name).toBe(name);
    expect(problems[0]!.message).toMatch(why);
    expect(problems[0]!.message).not.toMatch(/hunter2|example\.com/);
  });

  it.each([
    ['tls://nats-1:4222,tls://u:pw-hunter2@nats-2:4222', /^server 2 of 2: the NATS client cannot/],
    ['nats://u:pw-hunter2@nats:4222', /^the NATS client cannot parse the server/],
    ['nats://nats.example.com:99999', /^the NATS client cannot parse the server/],
  ])('refuses a NATS server its client cannot parse (a password, a port out of range): %s', (value, why) => {
    const lines = linkLines({ NATS_URL: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith('NATS_URL: ')).toBe(true);
    expect(lines[0]!.slice('NATS_URL: '.length)).toMatch(why);
    expect(lines[0]).toContain(', so the bus would not connect at all: not in production; ');
    expect(lines[0]).not.toMatch(/hunter2|example\.com/);
  });

  it('refuses a NATS list that mixes tls:// and nats:// servers: the bus asks TLS of every one', () => {
    for (const value of ['nats://nats:4222,tls://nats-2.example.com:4222', 'tls://10.0.0.8:4222,nats://nats:4222']) {
      expect(linkLines({ NATS_URL: value })).toEqual([
        `NATS_URL: mixes tls:// and nats:// servers, and TLS is then required of every one, so its nats:// servers would be refused when the bus connects: not in production; list all tls:// or all nats:// ${ADR}`,
      ]);
    }
  });

  it('refuses a backslash in NATS_URL everywhere: the client would read another host', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', NATS_URL: 'nats://evil.example.com\\@nats:4222' })).toThrow(
      /NATS_URL: must be nats:\/\/ or tls:\/\/ URLs \(host:port, no backslash\)/,
    );
  });

  it('names which NATS servers are in clear text, by position', () => {
    expect(linkLines({ EVENT_BUS: 'nats', NATS_URL: 'nats://nats.example.com:4222' })).toEqual([
      `NATS_URL: nats:// uses TLS only if the server offers it, and anyone on the path can say it does not, so every live event, customers' own included ${OFF_NETWORK} and its private network; use tls:// (TLS is then required of every server in the list) ${ADR}`,
    ]);
    const lines = linkLines({ NATS_URL: 'nats://a.example.com:4222,nats://10.0.0.2:4222,nats://b.example.com:4222' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^NATS_URL: server 1, 3 of 3: nats:\/\/ uses TLS only if/);
  });

  it('refuses a HOST off the private network that other replicas would reach in clear text', () => {
    expect(linkLines({ HOST: '203.0.113.7' })).toEqual([
      `INTERNAL_URL: unset, other replicas reach this one at http:// on HOST, which is clear text, so the writer's token and the customers' orders other replicas forward here ${OFF_NETWORK} and its private network; use https:// through a TLS proxy ${ADR}`,
    ]);
    expect(linkLines({ HOST: '0.0.0.0' })).toEqual([]);
    expect(linkLines({ HOST: '10.0.0.7' })).toEqual([]);
    expect(linkLines({ HOST: '203.0.113.7', INTERNAL_URL: 'https://api-1.example.com' })).toEqual([]);
  });

  it.each(['US_SITE_URL', 'INTERNATIONAL_SITE_URL'])(
    "refuses an http:// %s off this machine: customers' browsers go there",
    (name) => {
      const refusal = `${name}: http:// is clear text, so customers' browsers sent there would get pages anyone on the path can read and rewrite, passwords and one-time codes typed in included: not in production to a host off this machine; use https:// ${ADR}`;
      expect(linkLines({ [name]: 'http://rora.example.com' })).toEqual([refusal]);
      // Customers are on no private network of Rora's: a private host is refused too.
      expect(linkLines({ [name]: 'http://10.0.0.5:3000' })).toEqual([refusal]);
      expect(linkLines({ [name]: 'http://web' })).toEqual([refusal]);
      expect(linkLines({ [name]: 'https://rora.example.com' })).toEqual([]);
      expect(linkLines({ [name]: 'http://127.0.0.1:3000' })).toEqual([]);
      expect(linkLines({ [name]: 'http://localhost:3000' })).toEqual([]);
      expect(linkLines({ [name]: 'http://[::1]:3000' })).toEqual([]);
    },
  );

  it('refuses NODE_TLS_REJECT_UNAUTHORIZED=0: it turns off the certificate check of every link', () => {
    expect(linkLines({ NODE_TLS_REJECT_UNAUTHORIZED: '0' })).toEqual([
      'NODE_TLS_REJECT_UNAUTHORIZED: 0 turns off the certificate check of every TLS link (the database, mail, Redis, NATS, the nodes): not in production; leave it unset',
    ]);
    // Node reads only the exact '0'; any other value leaves the checks on.
    expect(linkLines({ NODE_TLS_REJECT_UNAUTHORIZED: '1' })).toEqual([]);
  });

  it('leaves clear text alone outside production', () => {
    const env = {
      SMTP_URL: 'smtp://user:pw@mail.example.com:587',
      NATS_URL: 'nats://nats.example.com:4222',
      US_SITE_URL: 'http://us.example.com',
    };
    expect(() => loadConfig({ NODE_ENV: 'development', ...env })).not.toThrow();
  });

  it("takes the deploy folder's links as they are documented (deploy/README.md)", () => {
    const read = (file: string) => readFileSync(new URL(`../../../deploy/${file}`, import.meta.url), 'utf8');
    const env = Object.fromEntries(
      read('rora.env.example')
        .split('\n')
        .map((line) => /^([A-Z0-9_]+)=(.+)$/.exec(line.trim()))
        .filter((match) => match !== null)
        .map(([, name, value]) => [name!, value!]),
    );
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'RATE_LIMIT_REDIS_URL']));
    const internalUrls = [...read('compose.yaml').matchAll(/INTERNAL_URL: '([^']+)'/g)].map((match) => match[1]!);
    expect(internalUrls).toHaveLength(3);
    for (const INTERNAL_URL of internalUrls) {
      expect(linkProblems({ ...env, INTERNAL_URL, HOST: '0.0.0.0' })).toEqual([]);
    }
  });
});

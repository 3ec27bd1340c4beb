// Whether a PostgreSQL URL would carry the database password and every row it reads in clear text
// off the private network (ADR 0076). The API's DATABASE_URL and the signer's SIGNER_DATABASE_URL
// (apps/signer) are held to this one rule in production; it lives here because both processes open
// the database through pg and both import this package. The URL is read with pg's own parser
// (pg-connection-string): a check that reads it otherwise passes URLs pg sends elsewhere.
import { parse, type ConnectionOptions } from 'pg-connection-string';
import { isPrivateHost } from './private-host.ts';

/** What production's refusal advises. */
export const DATABASE_LINK_ADVICE = 'add sslmode=verify-full';

/**
 * What a client does with a link's URL: the host it reaches ('' for its default, this machine) and
 * why it goes in clear text (undefined: encrypted); or why the URL is refused whatever its host,
 * because no check can be sure which host, or which TLS, the client ends up with.
 */
export type LinkReading = { host: string; clearText: string | undefined } | { refused: LinkRefusal };

/** Why a link URL is refused whatever its host, and how to write it instead. */
export interface LinkRefusal {
  why: string;
  fix: string;
  /** What follows from `why`; unset: no check can tell where the link goes or whether it is encrypted. */
  so?: string;
}

/** Why production refuses an ambiguous link URL; it never quotes the value. */
export const ambiguousLinkMessage = (refused: LinkRefusal, adr: string) =>
  `${refused.why}, so ${refused.so ?? 'no check can tell where the link goes or whether it is encrypted'}: not in production; ${refused.fix} (${adr})`;

/**
 * Why which host a link URL reaches is ambiguous. A backslash is a path separator to the WHATWG URL
 * parser in http(s) URLs and part of the user name elsewhere, while nodemailer's url.parse and the
 * NATS client read what precedes `\@` as the host: `smtp://u:p@evil.com\@relay` goes to evil.com.
 */
export function ambiguousLinkUrl(value: string): LinkRefusal | undefined {
  if (!value.includes('\\')) return undefined;
  return { why: 'a backslash in the URL makes parsers disagree on its host', fix: 'write it without one' };
}

/** libpq's modes that never fall back to clear text, and that pg reads as checking the certificate. */
const ENCRYPTED_SSL_MODES = new Set(['require', 'verify-ca', 'verify-full']);

/** libpq's modes that fall back to clear text (pg reads `prefer` as TLS, but whoever wrote it expects none). */
const FALLBACK_SSL_MODES = new Set(['disable', 'allow', 'prefer']);

/** The environment pg reads libpq's variables from (`process.env` where it runs). */
export type LinkEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * Why pg would connect in clear text or without checking the certificate when the URL says nothing
 * of TLS: it then takes PGSSLMODE (connection-parameters.js): `require`, `verify-ca`, `verify-full`
 * and `prefer` as TLS with the certificate checked, `no-verify` as TLS without the check, anything
 * else (`disable`, `allow`, unset, a word it does not know) as none. `prefer` is refused all the
 * same, as in the URL: whoever wrote it expects a fallback to clear text.
 */
function environmentClearText(mode: string | undefined): string | undefined {
  if (mode === undefined) return 'pg connects without TLS unless the URL or PGSSLMODE sets sslmode';
  if (ENCRYPTED_SSL_MODES.has(mode)) return undefined;
  if (mode === 'no-verify') {
    return 'PGSSLMODE=no-verify checks no certificate, so anyone on the path can pose as the server';
  }
  if (FALLBACK_SSL_MODES.has(mode)) return `PGSSLMODE=${mode} does not require TLS`;
  return 'PGSSLMODE is no mode pg knows, so it connects without TLS';
}

/**
 * Why pg would connect in clear text or without checking the server's certificate, or undefined
 * when it requires TLS and checks. pg has no `prefer` of its own, and reads libpq's `prefer` and
 * `allow` as TLS required, but an operator who wrote them expects a fallback. pg's `no-verify`, and
 * `require` with `uselibpqcompat=true`, skip the certificate check: anyone on the path can answer.
 */
function databaseClearText(config: ConnectionOptions, env: LinkEnvironment): string | undefined {
  // No ssl, sslmode, certificate or sslnegotiation parameter: pg takes PGSSLMODE.
  if (config.ssl === undefined) return environmentClearText(env.PGSSLMODE || undefined);
  const mode = typeof config.sslmode === 'string' ? config.sslmode : undefined;
  if (mode === 'no-verify' || config.ssl === 'no-verify') {
    return `${mode ? 'sslmode' : 'ssl'}=no-verify checks no certificate, so anyone on the path can pose as the server`;
  }
  if (mode !== undefined && !ENCRYPTED_SSL_MODES.has(mode)) return `sslmode=${mode} does not require TLS`;
  // Without sslmode, a certificate parameter (sslrootcert, sslcert, sslkey) makes pg-connection-string
  // give pg an ssl object ({ ca } from sslrootcert): pg then requires TLS, refuses a server that
  // offers none, and checks the certificate and its host name, against that authority if given.
  if (mode === undefined && config.ssl !== true && typeof config.ssl !== 'object') {
    return 'pg connects without TLS unless the URL sets sslmode';
  }
  if (typeof config.ssl === 'object' && config.ssl.rejectUnauthorized === false) {
    return `sslmode=${mode} with uselibpqcompat=true checks no certificate, so anyone on the path can pose as the server`;
  }
  return undefined;
}

/**
 * Whether a client linking to `host` stays on this machine or its private network: no host (the
 * client's default, localhost), a Unix socket (a path, as pg's `host=/…`), or a private host.
 */
const isPrivateLinkHost = (host: string) => host === '' || host.startsWith('/') || isPrivateHost(host);

/**
 * What pg does with the PostgreSQL URL `value`, where libpq's variables are `env`. pg takes a `host`
 * parameter over the URL's host (unless it is empty), PGHOST when neither names one (else
 * localhost), and PGSSLMODE when the URL says nothing of TLS; it parses URLs the WHATWG parser
 * refuses (`postgres://u:p@/db?host=…`). It reads no other variable that moves the link or its TLS
 * (PGHOSTADDR, PGSSLROOTCERT and PGSERVICE are libpq's only).
 */
export function readDatabaseLink(value: string, env: LinkEnvironment): LinkReading {
  const ambiguous = ambiguousLinkUrl(value);
  if (ambiguous) return { refused: ambiguous };
  let config: ConnectionOptions;
  try {
    // Reads the certificate files that sslcert, sslkey and sslrootcert name, as pg does at connect.
    config = parse(value);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code ? `pg cannot read a certificate file the URL names (${code})` : 'pg cannot parse the URL';
    return { refused: { why, fix: 'give a postgres:// URL pg reads, with files that exist' } };
  }
  const clearText = databaseClearText(config, env);
  if (config.host) return { host: config.host, clearText };
  const host = env.PGHOST || '';
  const from = host && clearText ? ' (its host from PGHOST, as the URL names none)' : '';
  return { host, clearText: clearText && `${clearText}${from}` };
}

/**
 * What production makes of a link as its client reads it: refused whatever its host, or why it
 * would go in clear text off the private network; undefined when it is encrypted or private.
 */
export function judgeLink(reading: LinkReading): { refused: LinkRefusal } | { clearText: string } | undefined {
  if ('refused' in reading) return reading;
  if (isPrivateLinkHost(reading.host) || reading.clearText === undefined) return undefined;
  return { clearText: reading.clearText };
}

/** What production makes of the PostgreSQL URL `value`, with libpq's variables in `env` (judgeLink). */
export const databaseLinkProblem = (value: string, env: LinkEnvironment) => judgeLink(readDatabaseLink(value, env));

// Whether a PostgreSQL URL would carry the database password and every row it reads in clear text
// off the private network (ADR 0076). The API's DATABASE_URL and the signer's SIGNER_DATABASE_URL
// (apps/signer) are held to this one rule in production; it lives here because both processes open
// the database through pg and both import this package.
import { isPrivateHost } from './private-host.ts';

/** What production's refusal advises. */
export const DATABASE_LINK_ADVICE = 'add sslmode=verify-full (or sslmode=require)';

/** A URL parameter as pg reads it: the last one given wins. */
const lastParam = (url: URL, name: string) => url.searchParams.getAll(name).at(-1) ?? null;

/** libpq's modes that never fall back to clear text (pg reads `no-verify` as TLS without checking). */
const ENCRYPTED_SSL_MODES = new Set(['require', 'verify-ca', 'verify-full', 'no-verify']);

/**
 * Why pg would connect in clear text, or undefined when the URL requires TLS. pg has no `prefer` of
 * its own, and reads libpq's `prefer` and `allow` as TLS required, but an operator who wrote them
 * expects a fallback.
 */
export function databaseClearText(url: URL): string | undefined {
  const mode = lastParam(url, 'sslmode');
  if (mode !== null) {
    return ENCRYPTED_SSL_MODES.has(mode) ? undefined : `sslmode=${mode} does not require TLS`;
  }
  const ssl = lastParam(url, 'ssl');
  return ssl === 'true' || ssl === '1' ? undefined : 'pg connects without TLS unless the URL sets sslmode';
}

/** The host pg connects to: a `host` parameter wins over the URL's host. */
export const databaseHost = (url: URL) => lastParam(url, 'host') ?? url.hostname;

/**
 * Whether a client linking to `host` stays on this machine or its private network: no host (the
 * client's default, localhost), a Unix socket (a path, as pg's `host=/…`), or a private host.
 */
export const isPrivateLinkHost = (host: string) => host === '' || host.startsWith('/') || isPrivateHost(host);

/**
 * Why the PostgreSQL URL `value` would go in clear text off the private network; undefined when it
 * is encrypted, private, or not a URL at all (its own check names that).
 */
export function databaseLinkClearText(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return isPrivateLinkHost(databaseHost(url)) ? undefined : databaseClearText(url);
}

// What nodemailer does with SMTP_URL (ADR 0076), read with its own parseConnectionUrl, as the SMTP
// adapter hands it to createTransport (modules/messaging/delivery-adapters.ts): the host it reaches,
// and why it would send in clear text; or why production refuses it whatever its host.
import type { LinkReading } from '@rora/db';
import { parseConnectionUrl as parseSmtpUrl } from 'nodemailer/lib/shared/index.js';

/** nodemailer's options that make a TLS link fall back to clear text. */
const SMTP_WEAKENERS = ['ignoreTLS', 'opportunisticTLS'] as const;

/**
 * Why nodemailer would send in clear text, or accept any certificate, with `options` as its
 * parseConnectionUrl gives them. It turns a numeric-looking value into a number and reads a flag
 * given twice as a list, so a flag is on when nodemailer finds it truthy: `requireTLS=0.0` is off,
 * `tls.rejectUnauthorized=0` (or empty) turns the certificate check off.
 */
function smtpClearText(options: Readonly<Record<string, unknown>>): string | undefined {
  const weakener = SMTP_WEAKENERS.find((name) => options[name]);
  if (weakener) return `${weakener} lets the mail go in clear text`;
  const tls = options.tls as Readonly<Record<string, unknown>> | undefined;
  if (typeof tls === 'object' && tls !== null && 'rejectUnauthorized' in tls && !tls.rejectUnauthorized) {
    return 'tls.rejectUnauthorized turned off lets anyone on the path pose as the server';
  }
  if (options.secure || options.requireTLS) return undefined;
  return "smtp:// only tries STARTTLS, which anyone on the path can strike from the server's answer";
}

/**
 * nodemailer's options that take the link elsewhere than the URL's host: `service` replaces host,
 * port and TLS with its well-known settings for a provider (SendGrid's: no TLS required), `proxy`
 * goes through a host of its own first.
 */
const SMTP_REDIRECTS = {
  service: "service= replaces the URL's host and TLS options with nodemailer's own for that provider",
  proxy: 'proxy= sends the link through another host first',
} as const;

export function readSmtpLink(value: string): LinkReading {
  let options: Record<string, unknown>;
  try {
    options = parseSmtpUrl(value) as Record<string, unknown>;
  } catch {
    return { refused: { why: 'nodemailer cannot parse the URL', fix: 'give an smtps:// or smtp:// URL' } };
  }
  const redirect = Object.entries(SMTP_REDIRECTS).find(([name]) => name in options);
  if (redirect)
    return { refused: { why: redirect[1], fix: `name the mail server's host in the URL, without ${redirect[0]}` } };
  // With no host in the URL, nodemailer takes a `host` parameter, else localhost.
  return { host: options.host ? String(options.host) : '', clearText: smtpClearText(options) };
}

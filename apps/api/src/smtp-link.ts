// What nodemailer does with SMTP_URL (ADR 0076), read with its own parseConnectionUrl, as the SMTP
// adapter hands it to createTransport (modules/messaging/delivery-adapters.ts): the host it reaches,
// and why it would send in clear text; or why production refuses it whatever its host.
// `tls.servername` is let through: the link stays encrypted to the URL's host, whose certificate is
// then checked against that name, so whoever answers must hold a certificate for it.
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
 * goes through a host of its own first, `url` is a URL createTransport and the SMTP transport read
 * over everything else, and `tls.host` is where an smtps:// link connects (the TLS options are
 * passed to tls.connect after the URL's host; with no host, nodemailer connects to the servername).
 */
const SMTP_REDIRECTS = {
  service: "service= replaces the URL's host and TLS options with nodemailer's own for that provider",
  proxy: 'proxy= sends the link through another host first',
  url: 'url= has nodemailer read the URL it names instead of this one',
  'tls.host': "tls.host= sends the link to another host than the URL's",
} as const;

/**
 * nodemailer's options that pick another transport than SMTP when truthy (createTransport): a local
 * sendmail program, which relays by settings no check can see; mail handed back to the caller and
 * sent nowhere; Amazon SES, for which the adapter gives no client (nodemailer throws at the first
 * mail, outside any request, and the process stops).
 */
const OTHER_TRANSPORTS = {
  sendmail: 'sendmail= hands each mail to a program on this machine, which relays it by settings no check can see',
  jsonTransport: 'jsonTransport= makes nodemailer hand each mail back as JSON instead of sending it',
  streamTransport: 'streamTransport= makes nodemailer hand each mail back as a stream instead of sending it',
  SES: "SES= selects nodemailer's Amazon SES transport, with no SES client to send through",
} as const;

/** Whether the URL sets the option `name`: a `tls.` one is in nodemailer's `tls` object. */
function setting(options: Readonly<Record<string, unknown>>, name: string): boolean {
  if (!name.startsWith('tls.')) return name in options;
  const tls = options.tls;
  return typeof tls === 'object' && tls !== null && name.slice(4) in tls;
}

export function readSmtpLink(value: string): LinkReading {
  let options: Record<string, unknown>;
  try {
    options = parseSmtpUrl(value) as Record<string, unknown>;
  } catch {
    return { refused: { why: 'nodemailer cannot parse the URL', fix: 'give an smtps:// or smtp:// URL' } };
  }
  const redirect = Object.entries(SMTP_REDIRECTS).find(([name]) => setting(options, name));
  if (redirect)
    return { refused: { why: redirect[1], fix: `name the mail server's host in the URL, without ${redirect[0]}` } };
  const other = Object.entries(OTHER_TRANSPORTS).find(([name]) => options[name]);
  if (other) {
    const so = 'the mail would not go to the SMTP server the URL names';
    return { refused: { why: other[1], so, fix: `name the mail server in the URL, without ${other[0]}` } };
  }
  // With no host in the URL, nodemailer takes a `host` parameter, else localhost.
  return { host: options.host ? String(options.host) : '', clearText: smtpClearText(options) };
}

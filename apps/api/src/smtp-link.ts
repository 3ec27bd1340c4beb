// What nodemailer does with SMTP_URL (ADR 0076), read with its own parseConnectionUrl, as the SMTP
// adapter hands it to createTransport (modules/messaging/delivery-adapters.ts): the host it reaches,
// and why it would send in clear text; or why production refuses it whatever its host.
// `tls.servername` is let through: the link stays encrypted to the URL's host, whose certificate is
// then checked against that name, so whoever answers must hold a certificate for it. Any other
// `tls.` option can only keep or weaken nodemailer's TLS (its versions, ciphers, certificate check),
// so off the private network production takes none but `rejectUnauthorized` left on and a
// `minVersion` no lower than Node's own floor. Options that break mail wherever it runs are refused
// in every environment (smtp-url-options.ts); an option no one checked is refused here.
import type { LinkReading } from '@rora/db';
import { parseConnectionUrl as parseSmtpUrl } from 'nodemailer/lib/shared/index.js';

/** nodemailer's options that make a TLS link fall back to clear text. */
const SMTP_WEAKENERS = ['ignoreTLS', 'opportunisticTLS'] as const;

/** Node's floor (tls.DEFAULT_MIN_VERSION) and above: a `tls.minVersion` that only raises it. */
const TLS_FLOORS: readonly unknown[] = ['TLSv1.2', 'TLSv1.3'];

/**
 * Why nodemailer's `tls` options (handed to Node's tls.connect as they are) would weaken the link,
 * or undefined when they name the certificate's host, keep the check on or raise the version floor.
 * The others lower the floor (`minVersion=TLSv1`), cap it (`maxVersion`), pick ciphers (`NULL` or
 * export suites), trust another authority (`ca`), turn protocol checks off (`secureOptions`) or
 * reach another socket (`path`, `port`): none of them is needed to send encrypted to a server.
 */
function tlsWeakening(tls: Readonly<Record<string, unknown>>): string | undefined {
  if ('rejectUnauthorized' in tls && !tls.rejectUnauthorized) {
    return 'tls.rejectUnauthorized turned off lets anyone on the path pose as the server';
  }
  if ('minVersion' in tls && !TLS_FLOORS.includes(tls.minVersion)) {
    return 'tls.minVersion below TLSv1.2 lets the link fall back to TLS versions with known breaks';
  }
  const other = Object.keys(tls).find((key) => !['servername', 'rejectUnauthorized', 'minVersion'].includes(key));
  if (!other) return undefined;
  return `tls.${other} can weaken the TLS nodemailer speaks (its versions, ciphers, trusted authorities or certificate check); production takes only tls.servername, tls.rejectUnauthorized left on and tls.minVersion of TLSv1.2 or TLSv1.3`;
}

/**
 * Why nodemailer would send in clear text, or accept any certificate, with `options` as its
 * parseConnectionUrl gives them. It turns a numeric-looking value into a number and reads a flag
 * given twice as a list, so a flag is on when nodemailer finds it truthy: `requireTLS=0.0` is off,
 * `tls.rejectUnauthorized=0` (or empty) turns the certificate check off.
 */
function smtpClearText(options: Readonly<Record<string, unknown>>): string | undefined {
  const weakener = SMTP_WEAKENERS.find((name) => options[name]);
  if (weakener) return `${weakener} lets the mail go in clear text`;
  const tls = options.tls;
  const weakened = typeof tls === 'object' && tls !== null ? tlsWeakening(tls as Record<string, unknown>) : undefined;
  if (weakened) return weakened;
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

/**
 * The options production has checked what nodemailer does with, beyond those judged above and in
 * smtpClearText: where the link goes and how it authenticates (the URL's host, port, scheme and
 * user), its TLS (judged by tlsWeakening), the adapter's time limits, the EHLO name, the local
 * address it leaves from, LMTP, and settings that only log or shape the message. `pool` is here
 * off: on, it is refused everywhere (smtp-url-options.ts), as are pool-only options. The options of
 * the other transports (`path`, `args`, `newline`, `buffer`, `skipEncoding`) matter only with them.
 * Any other option, a later nodemailer's included, is refused: no check knows what it does.
 */
const SMTP_CHECKED = new Set([
  ...Object.keys(SMTP_REDIRECTS),
  ...Object.keys(OTHER_TRANSPORTS),
  ...SMTP_WEAKENERS,
  ...['host', 'port', 'secure', 'auth', 'requireTLS', 'tls', 'servername', 'name', 'authMethod', 'forceAuth'],
  ...['lmtp', 'localAddress', 'connectionTimeout', 'greetingTimeout', 'socketTimeout', 'dnsTimeout', 'pool'],
  ...['debug', 'transactionLog', 'component', 'allowInternalNetworkInterfaces', 'attachDataUrls'],
  ...['disableFileAccess', 'disableUrlAccess', 'path', 'args', 'newline', 'buffer', 'skipEncoding'],
]);

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
  const unchecked = Object.keys(options).find((name) => !SMTP_CHECKED.has(name));
  if (unchecked) {
    const why = `${unchecked}= is an option no check has followed through nodemailer`;
    return { refused: { why, fix: `leave ${unchecked} out` } };
  }
  // With no host in the URL, nodemailer takes a `host` parameter, else localhost.
  return { host: options.host ? String(options.host) : '', clearText: smtpClearText(options) };
}
